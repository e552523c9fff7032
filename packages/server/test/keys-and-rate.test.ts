/**
 * API keys and the per-key rate limit, on a real catq-server process over real HTTP: every
 * operation needs a key however its path is spelled (the router decodes percent escapes), and
 * the rate limit counts the requests of valid keys only (a 401 is neither counted nor told a
 * limit), their 404s and 405s under /v1 included. Network 0, whose catalogs a request that skipped the key check used to see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, tempFiles, type Reply, type ServerProcess } from './support/process.js';

const CATALOG = { Id: 1042, Name: 'keys', Type: 'Product', Aliases: { Id: 'id', Name: 'name' } };
const KEY_A = 'key-a-of-network-0';
const KEY_R1 = 'key-r1-rate-limited';
const KEY_R2 = 'key-r2-rate-limited';
const KEY_R3 = 'key-r3-probing';
const KEY_R4 = 'key-r4-beside-probes';
const LIMIT = 6;

let server: ServerProcess;
const files = tempFiles({ 'c.json': JSON.stringify(CATALOG), 'items.ndjson': '{"id":1,"name":"one"}\n' });

beforeAll(async () => {
  server = await startServer(['--catalog', files.path('c.json'), '--items', files.path('items.ndjson'), '--network-id', '0', '--api-key', KEY_A, '--api-key', KEY_R1, '--api-key', KEY_R2, '--api-key', KEY_R3, '--api-key', KEY_R4, '--rate-limit', String(LIMIT), '--log-level', 'warn']);
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

const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'];

describe('the rate limit counts the requests of valid keys only', () => {
  it('a 401 carries no X-RateLimit-* header and uses no budget, not even of a valid key it carries', async () => {
    const refused: [string, Record<string, string>][] = [
      ['/v1/catalog', {}],
      ['/v1/catalog', { 'X-Service-ApiKey': 'not-a-key' }],
      // A valid key beside a wrong one is refused: its budget is not the request's to spend.
      ['/v1/catalog', { 'X-Service-ApiKey': KEY_R1, 'X-Legacy-ApiKey': 'not-a-key' }],
      ['/v1/catalog/1042/product', { 'X-Service-ApiKey': 'not-a-key', 'X-Legacy-ApiKey': KEY_R1 }],
      ['/%761/catalog', {}],
      ['/%761/catalog/1042', { 'X-Legacy-ApiKey': 'not-a-key' }],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [path, headers] of refused) {
        const r = await call(server.url, 'GET', path, { key: null, headers });
        expect401(r, `${path} ${JSON.stringify(headers)}`);
        for (const h of RATE_HEADERS) expect(r.headers.get(h), `${h} on the 401 of ${path} ${JSON.stringify(headers)}`).toBeNull();
      }
    }
    // Twelve 401s, six of them carrying KEY_R1: its first own request still has the whole minute's budget.
    const own = await call(server.url, 'GET', '/v1/catalog', { key: KEY_R1 });
    expect(own.status, own.text).toBe(200);
    expect(own.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
    expect(own.headers.get('x-ratelimit-remaining')).toBe(String(LIMIT - 1));
  });

  it('a valid key is counted however the path is spelled; past the limit, a 429', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const path = i % 2 ? '/%761/catalog' : '/v1/catalog';
      const r = await call(server.url, 'GET', path, { key: KEY_R2 });
      expect(r.status, `${path}: ${r.text}`).toBe(200);
      expect(r.headers.get('x-ratelimit-remaining'), path).toBe(String(LIMIT - 1 - i));
    }
    const over = await call(server.url, 'GET', '/%761/catalog', { key: KEY_R2 });
    expect(over.status, over.text).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^[0-9]+$/);
    expect(over.body.Errors[0].message).toMatch(/Too many requests with this API key/);
  });

  it('requests without data are not counted', async () => {
    for (const path of ['/', '/openapi.json', '/healthz']) {
      const r = await call(server.url, 'GET', path, { key: KEY_R2 });
      expect(r.status, path).toBe(200);
      expect(r.headers.get('x-ratelimit-remaining'), path).toBeNull();
    }
  });
});

describe('a 404 or 405 under /v1 counts against the key that was accepted', () => {
  // They did not: the service's 404 handler (which answers 405s too) had no rate-limit hook, so
  // a valid key could probe unknown paths and wrong methods without limit.
  const PROBES: [string, string, number, string?][] = [
    ['GET', '/v1/nothing', 404],
    ['GET', '/%761/nothing/else', 404],
    ['DELETE', '/v1/catalog', 405],
    ['GET', '/v1/catalog/1042/product/batch/upsert', 405],
    ['POST', '/v1/catalog/1042/product/1', 405],
    // Counted before its body is read (the 404 handler reads it, and this one is a 400).
    ['POST', '/v1/nothing/at/all', 400, 'not JSON'],
  ];

  it(`${LIMIT} of them spend the minute's budget; the next is a 429 with the Errors body and Retry-After`, async () => {
    expect(PROBES).toHaveLength(LIMIT);
    for (const [i, [method, path, status, raw]] of PROBES.entries()) {
      const r = await call(server.url, method, path, { key: KEY_R3, ...(raw === undefined ? {} : { raw, headers: { 'Content-Type': 'application/json' } }) });
      expect(r.status, `${method} ${path}: ${r.text}`).toBe(status);
      expect(r.headers.get('x-ratelimit-limit'), `${method} ${path}`).toBe(String(LIMIT));
      expect(r.headers.get('x-ratelimit-remaining'), `${method} ${path}`).toBe(String(LIMIT - 1 - i));
    }
    const over = await call(server.url, 'GET', '/v1/nothing', { key: KEY_R3 });
    expect(over.status, over.text).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^[0-9]+$/);
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(over.body).toEqual({ Errors: [{ message: expect.stringMatching(/^Too many requests with this API key: the limit is 6 per minute\. Try again in [0-9]+ s \(Retry-After\)\.$/) }] });
    // The same budget as the operations': they are refused too.
    expect((await call(server.url, 'GET', '/v1/catalog', { key: KEY_R3 })).status).toBe(429);
    expect((await call(server.url, 'DELETE', '/v1/catalog', { key: KEY_R3 })).status).toBe(429);
  });

  it('without a key or with a wrong one they stay 401s, neither counted nor told a limit; a 404 outside /v1 is not counted either', async () => {
    const refused: [string, string, Record<string, string>][] = [
      ['GET', '/v1/nothing', {}],
      ['GET', '/v1/nothing', { 'X-Service-ApiKey': 'not-a-key' }],
      ['DELETE', '/v1/catalog', { 'X-Service-ApiKey': 'not-a-key', 'X-Legacy-ApiKey': KEY_R4 }],
      ['GET', '/%761/nothing', { 'X-Legacy-ApiKey': KEY_R4, 'X-Service-ApiKey': 'not-a-key' }],
    ];
    for (let round = 0; round < LIMIT; round++) {
      for (const [method, path, headers] of refused) {
        const r = await call(server.url, method, path, { key: null, headers });
        expect401(r, `${method} ${path} ${JSON.stringify(headers)}`);
        for (const h of RATE_HEADERS) expect(r.headers.get(h), `${h} on the 401 of ${method} ${path}`).toBeNull();
      }
      const page = await call(server.url, 'GET', '/no-such-page', { key: KEY_R4 });
      expect(page.status).toBe(404);
      for (const h of RATE_HEADERS) expect(page.headers.get(h), `${h} on the 404 of /no-such-page`).toBeNull();
    }
    const own = await call(server.url, 'GET', '/v1/nothing', { key: KEY_R4 });
    expect(own.status, own.text).toBe(404);
    expect(own.headers.get('x-ratelimit-remaining')).toBe(String(LIMIT - 1));
  });
});
