/**
 * A PostgreSQL server that stops answering without closing the connection (a frozen host, a link
 * that drops every packet) never sends the statement timeout's error. The service still answers:
 * a statement with no answer a little after `--statement-timeout` (here 300 ms, so 600 ms) loses
 * its connection and the request is a 503 with the Errors body and `Retry-After`, not a 500 and
 * not a request left hanging; a batch is then not acknowledged; the process goes on, and answers
 * from new connections once the server answers again. The server is a TCP relay in front of the
 * test's own database that stops passing bytes on command (support/relay.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DATABASE_URL, freshDatabase, KEY, startServer, tempFiles, type ServerProcess } from './support/process.js';
import { Relay } from './support/relay.js';

const CATALOG = { Id: 904, Name: 'Deadline catalog', Type: 'Product', Aliases: { Id: 'id', Name: 'name' }, SearchableAttributes: [{ Attribute: 'v', Type: 'Number', Cardinality: 'One' }] };
const files = tempFiles({ 'c.json': JSON.stringify(CATALOG) });
const target = new URL(DATABASE_URL);
const relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
let db: Awaited<ReturnType<typeof freshDatabase>>;
let server: ServerProcess;

const list = () => call(server.url, 'GET', '/v1/catalog/904/product?limit=10');

beforeAll(async () => {
  db = await freshDatabase('statement_deadline');
  const viaRelay = new URL(db.url);
  viaRelay.port = String(await relay.listen());
  server = await startServer(['--catalog', files.path('c.json'), '--api-key', KEY, '--log-level', 'warn', '--database-url', viaRelay.toString(), '--statement-timeout', '300']);
  const put = await call(server.url, 'POST', '/v1/catalog/904/product/batch/upsert', { body: { Items: [{ id: 1, name: 'one', v: 1 }] } });
  expect(put.status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  await relay.close();
  await db?.drop();
  files.cleanup();
});

describe('a database server that stops answering', () => {
  it('gets a 503 within about a second, for reads and for writes', async () => {
    expect((await list()).status).toBe(200);
    relay.frozen = true;
    for (const request of [list, () => call(server.url, 'POST', '/v1/catalog/904/product/batch/upsert', { body: { Items: [{ id: 2, name: 'two', v: 2 }] } })]) {
      const started = Date.now();
      const r = await request();
      const ms = Date.now() - started;
      expect(r.status, r.text).toBe(503);
      expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(r.body.Errors[0].message).toMatch(/unavailable/);
      // The deadline is 600 ms, looked at every 600 ms.
      expect(ms).toBeLessThan(3000);
    }
  });

  it('answers from new connections once the server answers again; the batch that got a 503 was not stored', async () => {
    relay.frozen = false;
    const r = await list();
    expect(r.status, r.text).toBe(200);
    expect(r.body.Items.map((i: { Id: number }) => i.Id)).toEqual([1]);
    expect(server.child.exitCode).toBeNull();
  });
});
