/**
 * `--read-database-url`: List and Get read from a PostgreSQL streaming replica, writes go to the
 * primary. The test makes its own primary and replica (initdb, pg_basebackup -R -X stream, two
 * pg_ctl starts, as the postgres user, in a temporary folder; removed afterwards): a write on the
 * primary becomes visible through the replica within the documented lag (1 s here, on loopback);
 * while the primary is read-only writes are a 503 and reads are served; once the primary is
 * stopped, List and Get are still served, so they are served by the replica.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, KEY, startServer, tempFiles, type ServerProcess } from './support/process.js';

const BIN = '/usr/lib/postgresql/15/bin';
const CATALOG = { Id: 902, Name: 'Replica catalog', Type: 'Product', Aliases: { Id: 'id', Name: 'name' }, SearchableAttributes: [{ Attribute: 'v', Type: 'Number', Cardinality: 'One' }] };
const files = tempFiles({ 'c.json': JSON.stringify(CATALOG) });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

const asPostgres = (cmd: string, args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', join(BIN, cmd), ...args], { stdio: 'pipe', timeout: 120_000 });

const dir = mkdtempSync(join(tmpdir(), 'catq-replica-'));
chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
let primaryPort = 0;
let replicaPort = 0;
let server: ServerProcess | undefined;
const started: string[] = [];

function pgStart(data: string, port: number): void {
  asPostgres('pg_ctl', ['-D', data, '-l', join(dir, `${port}.log`), '-w', '-t', '60', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  started.push(data);
}

beforeAll(async () => {
  primaryPort = await freePort();
  replicaPort = await freePort();
  asPostgres('initdb', ['-D', join(dir, 'primary'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  pgStart(join(dir, 'primary'), primaryPort);
  asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', join(dir, 'replica'), '-R', '-X', 'stream']);
  pgStart(join(dir, 'replica'), replicaPort);
});

afterAll(async () => {
  await server?.stop();
  for (const data of started.reverse()) {
    try {
      asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      /* already stopped */
    }
  }
  rmSync(dir, { recursive: true, force: true });
  files.cleanup();
});

const primaryUrl = () => `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
const replicaUrl = () => `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;

async function onPrimary(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: primaryUrl() });
  await c.connect();
  await c.query(sql);
  await c.end();
}

describe('read replicas', () => {
  it('List and Get read the replica; a write shows there within 1 s; reads go on while the primary is read-only or stopped', async () => {
    const replica = new pg.Client({ connectionString: replicaUrl() });
    await replica.connect();
    expect((await replica.query('SELECT pg_is_in_recovery() AS r')).rows[0].r).toBe(true);
    await replica.end();

    server = await startServer(['--catalog', files.path('c.json'), '--api-key', KEY, '--database-url', primaryUrl(), '--read-database-url', replicaUrl()]);
    const url = server.url;
    const w = await call(url, 'POST', '/v1/catalog/902/product/batch/upsert', { body: { Items: [{ id: 1, name: 'one', v: 1 }] } });
    expect(w.status, w.text).toBe(200);
    const t0 = Date.now();
    let seen = 404;
    while (seen !== 200 && Date.now() - t0 < 1000) seen = (await call(url, 'GET', '/v1/catalog/902/product/1')).status;
    expect(seen).toBe(200);

    // The primary read-only: writes are a 503 with the Errors body, reads are served.
    await onPrimary('ALTER SYSTEM SET default_transaction_read_only = on');
    await onPrimary('SELECT pg_reload_conf()');
    await new Promise((r) => setTimeout(r, 300));
    const refused = await call(url, 'POST', '/v1/catalog/902/product/batch/upsert', { body: { Items: [{ id: 2, v: 2 }] } });
    expect(refused.status, refused.text).toBe(503);
    expect(refused.body.Errors[0].message).toMatch(/read-only/);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect((await call(url, 'GET', '/v1/catalog/902/product/1')).status).toBe(200);
    expect((await call(url, 'GET', '/v1/catalog/902/product?limit=10')).body.Items).toHaveLength(1);

    // The primary stopped: List and Get are still answered, so by the replica.
    asPostgres('pg_ctl', ['-D', join(dir, 'primary'), '-m', 'fast', '-w', 'stop']);
    const get = await call(url, 'GET', '/v1/catalog/902/product/1');
    expect(get.status, get.text).toBe(200);
    expect(get.body.Data).toEqual({ id: 1, name: 'one', v: 1 });
    const list = await call(url, 'GET', `/v1/catalog/902/product?q=${encodeURIComponent(JSON.stringify([['v', 1]]))}`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.Items.map((i: { Id: unknown }) => i.Id)).toEqual([1]);
    const write = await call(url, 'POST', '/v1/catalog/902/product/batch/upsert', { body: { Items: [{ id: 3, v: 3 }] } });
    expect(write.status).toBe(503);
    expect((await call(url, 'GET', '/readyz', { key: null })).status).toBe(503);
  });
});
