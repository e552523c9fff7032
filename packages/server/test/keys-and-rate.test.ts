/**
 * API keys and the per-key rate limit, on a real catq-server process over real HTTP: every
 * operation needs a key however its path is spelled (the router decodes percent escapes).
 * Network 0, whose catalogs a request that skipped the key check used to see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, tempFiles, type Reply, type ServerProcess } from './support/process.js';

const CATALOG = { Id: 1042, Name: 'keys', Type: 'Product', Aliases: { Id: 'id', Name: 'name' } };
const KEY_A = 'key-a-of-network-0';

let server: ServerProcess;
const files = tempFiles({ 'c.json': JSON.stringify(CATALOG), 'items.ndjson': '{"id":1,"name":"one"}\n' });

beforeAll(async () => {
  server = await startServer(['--catalog', files.path('c.json'), '--items', files.path('items.ndjson'), '--network-id', '0', '--api-key', KEY_A, '--log-level', 'warn']);
});
afterAll(async () => {
  await server?.stop();
  files.cleanup();
});

function expect401(r: Reply, what: string): void {
  expect(r.status, `${what}: ${r.text}`).toBe(401);
  expect(r.body.Errors?.[0]?.message, what).toMatch(/API key/);
}

/** The six operations with a catalog id, through a path whose `/v1` is written with percent escapes. */
const SPELLED: [string, string, unknown][] = [
  ['GET', '/%761/catalog', undefined],
  ['GET', '/v%31/catalog/1042', undefined],
  ['GET', '/%76%31/catalog/1042/product', undefined],
  ['GET', '/%761/catalog/1042/product/1', undefined],
  ['POST', '/%761/catalog/1042/product/batch/upsert', { Items: [{ id: 2, name: 'written without a key' }] }],
  ['PATCH', '/%761/catalog/1042/product/batch/update', { Items: [{ id: 1, name: 'changed without a key' }] }],
  ['POST', '/%761/catalog/1042/product/batch/delete', { Items: [{ id: 1 }] }],
];

describe('every operation needs a key, however its path is spelled', () => {
  it('without a key, /%761/catalog/... is a 401 like /v1/catalog/...: nothing is read or written', async () => {
    for (const [method, path, body] of SPELLED) {
      expect401(await call(server.url, method, path, { key: null, ...(body === undefined ? {} : { body }) }), `${method} ${path}`);
      expect401(await call(server.url, method, path, { key: 'not-a-key', ...(body === undefined ? {} : { body }) }), `${method} ${path} with a wrong key`);
    }
    const one = await call(server.url, 'GET', '/v1/catalog/1042/product/1', { key: KEY_A });
    expect(one.status, one.text).toBe(200);
    expect(one.body.Data).toEqual({ id: 1, name: 'one' });
    expect((await call(server.url, 'GET', '/v1/catalog/1042/product/2', { key: KEY_A })).status).toBe(404);
  });

  it('with the key, the same spelling is the same operation', async () => {
    const r = await call(server.url, 'GET', '/%761/catalog', { key: KEY_A });
    expect(r.status, r.text).toBe(200);
    expect(r.body.Items.map((c: { Id: number }) => c.Id)).toEqual([1042]);
  });

  it('paths without data need no key; other paths under /v1 do', async () => {
    for (const path of ['/', '/openapi.json', '/healthz']) expect((await call(server.url, 'GET', path, { key: null })).status, path).toBe(200);
    for (const path of ['/v1', '/v1/nothing', '/%761/nothing']) expect401(await call(server.url, 'GET', path, { key: null }), path);
  });
});
