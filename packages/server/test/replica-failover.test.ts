/**
 * A PostgreSQL connection lost in the middle of a statement ends that statement (a 503, or the
 * primary answering for a replica), never the process. A read replica that stops answering is
 * left out: its reads go to the primary at once instead
 * of each waiting out the connect timeout, the service says so on standard error and in the
 * `catq_db_replica_up` metric, and tries it again in the background, taking it back once it
 * answers. The "replica" is a TCP relay in front of the test's own database on the shared
 * PostgreSQL server (a replica's content does not matter here, only whether it answers): it
 * relays, or swallows every connection without a word (a dead network link), on command.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DATABASE_URL, freshDatabase, KEY, startServer, tempFiles, type ServerProcess } from './support/process.js';
import { Relay } from './support/relay.js';

const CATALOG = { Id: 903, Name: 'Failover catalog', Type: 'Product', Aliases: { Id: 'id', Name: 'name' }, SearchableAttributes: [{ Attribute: 'v', Type: 'Number', Cardinality: 'One' }] };
const files = tempFiles({ 'c.json': JSON.stringify(CATALOG) });

const until = async (ok: () => boolean | Promise<boolean>, ms: number): Promise<void> => {
  for (const end = Date.now() + ms; !(await ok()) && Date.now() < end; ) await new Promise((r) => setTimeout(r, 100));
};

const target = new URL(DATABASE_URL);
const relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
let db: Awaited<ReturnType<typeof freshDatabase>>;
let server: ServerProcess;
let metricsUrl = '';

beforeAll(async () => {
  db = await freshDatabase('replica_failover');
  const replica = new URL(db.url);
  replica.port = String(await relay.listen());
  server = await startServer(['--catalog', files.path('c.json'), '--api-key', KEY, '--log-level', 'warn', '--database-url', db.url, '--read-database-url', replica.toString(), '--metrics-port', '0']);
  await until(() => /metrics on \S+\n/.test(server.stdout()), 10_000);
  metricsUrl = /metrics on (\S+)/.exec(server.stdout())?.[1] ?? '';
  const put = await call(server.url, 'POST', `/v1/catalog/903/product/batch/upsert`, { body: { Items: [{ id: 1, name: 'one', v: 1 }, { id: 2, name: 'two', v: 2 }] } });
  expect(put.status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  await relay.close();
  await db?.drop();
  files.cleanup();
});

const list = () => call(server.url, 'GET', '/v1/catalog/903/product?limit=10');
const replicaUp = async (): Promise<string | undefined> => /catq_db_replica_up\{replica="1"\} (\d)/.exec(await (await fetch(metricsUrl)).text())?.[1];

describe('a read replica that stops answering', () => {
  it('takes reads while it answers', async () => {
    const before = relay.connections;
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.body.Items.map((i: { Id: number }) => i.Id)).toEqual([1, 2]);
    expect(relay.connections).toBeGreaterThan(before);
    expect(await replicaUp()).toBe('1');
  });

  it('is left out at its first failure: the next reads go to the primary without trying it, and the service says so', async () => {
    relay.cut();
    // The read that meets the cut connection fails over to the primary.
    expect((await list()).status).toBe(200);
    await until(() => server.stderr().includes('does not answer'), 10_000);
    const port = (relay.server.address() as { port: number }).port;
    expect(server.stderr()).toContain(`catq-server: warning: read replica 1 (127.0.0.1:${port}/`);
    expect(server.stderr()).toContain('its reads go to the other replicas or the primary until it does');
    expect(await replicaUp()).toBe('0');
    // Twenty reads while it is away: all served, and none of them opens a connection to it (only
    // the tries in the background do, at most one a second at first).
    const opened = relay.connections;
    const started = Date.now();
    for (let i = 0; i < 20; i++) expect((await list()).status).toBe(200);
    const seconds = (Date.now() - started) / 1000;
    expect(relay.connections - opened).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  });

  it('is taken back once it answers again', async () => {
    relay.blackHole = false;
    // The tries in the background: after 1 s, then 2, 4, ... (each swallowed one waits the 5 s connect timeout).
    await until(() => server.stderr().includes('answers again'), 45_000);
    expect(server.stderr()).toContain('answers again; reads go to it again.');
    expect(await replicaUp()).toBe('1');
    const before = relay.connections;
    for (let i = 0; i < 4; i++) expect((await list()).status).toBe(200);
    // Reads go through the relay again (its pool opens a connection for them).
    await until(() => relay.connections > before, 5000);
    expect(relay.connections).toBeGreaterThan(before);
  });
});

describe('a connection lost while its statements run', () => {
  it('is a 503 for the requests on it, the process goes on, and it serves again once the server is back', async () => {
    const primaryRelay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
    const viaRelay = new URL(db.url);
    viaRelay.port = String(await primaryRelay.listen());
    const behind = await startServer(['--catalog', files.path('c.json'), '--api-key', KEY, '--log-level', 'warn', '--database-url', viaRelay.toString()]);
    try {
      const page = () => call(behind.url, 'GET', '/v1/catalog/903/product?limit=10');
      expect((await page()).status).toBe(200);
      // Every statement from now on has its connection cut as it is sent: twenty requests at once.
      primaryRelay.cutOnStatement = true;
      const statuses = (await Promise.all(Array.from({ length: 20 }, () => page()))).map((r) => r.status);
      expect(statuses).toEqual(Array.from({ length: 20 }, () => 503));
      expect(behind.child.exitCode).toBeNull();
      expect(behind.stderr()).not.toContain('Unhandled');
      primaryRelay.cutOnStatement = false;
      let status = 0;
      await until(async () => (status = (await page()).status) === 200, 20_000);
      expect(status).toBe(200);
    } finally {
      await behind.stop();
      await primaryRelay.close();
    }
  });
});

describe('a read replica that lacks a catalog table (behind the primary)', () => {
  it('has the primary answer its reads, and is not left out', async () => {
    // An empty database as the "replica": it answers, but holds none of the service's tables.
    const empty = await freshDatabase('replica_behind');
    const behind = await startServer(['--catalog', files.path('c.json'), '--api-key', KEY, '--log-level', 'warn', '--database-url', db.url, '--read-database-url', empty.url]);
    try {
      for (let i = 0; i < 3; i++) {
        const r = await call(behind.url, 'GET', '/v1/catalog/903/product?limit=10');
        expect(r.status).toBe(200);
        expect(r.body.Items.map((item: { Id: number }) => item.Id)).toEqual([1, 2]);
      }
      expect((await call(behind.url, 'GET', '/v1/catalog/903/product/2')).status).toBe(200);
      expect(behind.stderr()).not.toContain('does not answer');
    } finally {
      await behind.stop();
      await empty.drop();
    }
  });
});
