/**
 * Retries, errors, timeouts and aborts proved over real HTTP against a test service that fails
 * on purpose.
 */
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CatalogApiError, CatalogNetworkError, CatalogResponseError, createClient, QueryError } from '../../src/client/index.js';
import { CATALOG, products } from './support/catalog.js';
import { API_KEY, startTestService, type Fault, type TestService } from './support/test-service.js';

let service: TestService;
const fast = { retries: 3, baseDelayMs: 5, maxDelayMs: 50 };
const client = () => createClient({ baseUrl: service.url, apiKey: API_KEY, retry: fast, timeoutMs: 2000 });

beforeAll(async () => {
  service = await startTestService(CATALOG, products(10));
});
afterAll(() => service.close());
afterEach(() => {
  service.fault = undefined;
  service.requests.length = 0;
});

/** Fails the first `n` requests with `fault`, then serves normally. */
function failFirst(n: number, fault: Fault) {
  service.fault = (_req, i) => (i <= n ? fault : undefined);
}

describe('retries over real HTTP', () => {
  it('sends the API key and reads a catalog', async () => {
    const c = await client().getCatalog(1042);
    expect(c.Id).toBe(1042);
    expect(service.requests[0]?.headers['x-service-apikey']).toBe(API_KEY);
    expect(service.requests[0]?.path).toBe('/v1/catalog/1042');
  });

  it('uses the fetch it is given', async () => {
    const urls: string[] = [];
    const c = createClient({
      baseUrl: `${service.url}/`,
      apiKey: API_KEY,
      fetch: (url, init) => {
        urls.push(url);
        return fetch(url, init);
      },
    });
    await c.getItem(1042, 'product', 'a/b%c').catch(() => undefined);
    expect(urls).toEqual([`${service.url}/v1/catalog/1042/product/a%2Fb%25c`]);
  });

  it('retries a GET after 503 and 500 and succeeds', async () => {
    failFirst(2, { status: 503 });
    const item = await client().getItem(1042, 'product', 3);
    expect(item.Id).toBe(3);
    expect(service.requests).toHaveLength(3);
  });

  it('retries after a dropped connection', async () => {
    failFirst(1, { drop: true });
    await expect(client().getCatalog(1042)).resolves.toMatchObject({ Id: 1042 });
    expect(service.requests).toHaveLength(2);
  });

  it('honours Retry-After on 429, and gives up when it asks for longer than maxDelayMs', async () => {
    failFirst(1, { status: 429, headers: { 'retry-after': '0' } });
    await expect(client().getCatalog(1042)).resolves.toMatchObject({ Id: 1042 });
    expect(service.requests).toHaveLength(2);
    service.requests.length = 0;
    failFirst(1, { status: 429, headers: { 'retry-after': '120' } });
    const e = await client().getCatalog(1042).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CatalogApiError);
    expect((e as CatalogApiError).status).toBe(429);
    expect(service.requests).toHaveLength(1);
  });

  it('throws CatalogApiError with status and messages after the retries run out', async () => {
    service.fault = () => ({ status: 502, body: { Errors: [{ message: 'upstream down' }, { message: 'try later' }] } });
    const e = (await client().getCatalog(1042).catch((x: unknown) => x)) as CatalogApiError;
    expect(e).toBeInstanceOf(CatalogApiError);
    expect(e.status).toBe(502);
    expect(e.messages).toEqual(['upstream down', 'try later']);
    expect(e.attempts).toBe(4);
    expect(service.requests).toHaveLength(4);
  });

  it.each([400, 401, 404])('never retries %i and reports the Errors messages', async (status) => {
    service.fault = () => ({ status, body: { Errors: [{ message: `said ${status}` }] } });
    const e = (await client().getCatalog(1042).catch((x: unknown) => x)) as CatalogApiError;
    expect(e).toBeInstanceOf(CatalogApiError);
    expect(e.status).toBe(status);
    expect(e.messages).toEqual([`said ${status}`]);
    expect(service.requests).toHaveLength(1);
  });

  it('a real 401 and 404 from the service', async () => {
    const bad = createClient({ baseUrl: service.url, apiKey: 'wrong', retry: fast });
    await expect(bad.getCatalog(1042)).rejects.toMatchObject({ name: 'CatalogApiError', status: 401, messages: ['missing or unknown API key'] });
    await expect(client().getItem(1042, 'product', 'nope')).rejects.toMatchObject({ status: 404 });
    await expect(client().getCatalog(9999)).rejects.toMatchObject({ status: 404 });
  });

  it('retries idempotent batch upsert and delete on 503, but not a partial update', async () => {
    for (const op of ['upsertItems', 'deleteItems'] as const) {
      service.requests.length = 0;
      failFirst(1, { status: 503 });
      await expect(client()[op](1042, 'product', [{ id: 500 }])).resolves.toEqual({ warnings: [] });
      expect(service.requests.map((r) => r.method)).toEqual(['POST', 'POST']);
    }
    service.requests.length = 0;
    failFirst(1, { status: 503 });
    await expect(client().updateItems(1042, 'product', [{ id: 1, price: 1 }])).rejects.toMatchObject({ status: 503, attempts: 1 });
    expect(service.requests).toHaveLength(1);
  });

  it('retries a partial update on 429, and on 5xx when retryPartialUpdates is on', async () => {
    failFirst(1, { status: 429 });
    await expect(client().updateItems(1042, 'product', [{ id: 1, price: 2 }])).resolves.toEqual({ warnings: [] });
    expect(service.requests).toHaveLength(2);
    service.requests.length = 0;
    failFirst(1, { status: 500 });
    const opted = createClient({ baseUrl: service.url, apiKey: API_KEY, retry: fast, retryPartialUpdates: true });
    await expect(opted.updateItems(1042, 'product', [{ id: 1, price: 3 }])).resolves.toEqual({ warnings: [] });
    expect(service.requests).toHaveLength(2);
  });

  it('does not repeat a partial update whose connection dropped (it may have been applied)', async () => {
    failFirst(1, { drop: true });
    const e = await client().updateItems(1042, 'product', [{ id: 1, price: 4 }]).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CatalogNetworkError);
    expect((e as CatalogNetworkError).timedOut).toBe(false);
    expect(service.requests).toHaveLength(1);
  });

  it('times out each attempt, retries, then throws CatalogNetworkError with timedOut', async () => {
    service.fault = () => ({ hang: true });
    const c = createClient({ baseUrl: service.url, apiKey: API_KEY, retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 }, timeoutMs: 100 });
    const e = (await c.getCatalog(1042).catch((x: unknown) => x)) as CatalogNetworkError;
    expect(e).toBeInstanceOf(CatalogNetworkError);
    expect(e.timedOut).toBe(true);
    expect(e.attempts).toBe(3);
    expect(service.requests).toHaveLength(3);
  });

  it('aborts a hanging request and a wait between retries with the caller\'s signal', async () => {
    service.fault = () => ({ hang: true });
    const ac = new AbortController();
    const reason = new Error('caller gave up');
    setTimeout(() => ac.abort(reason), 50);
    await expect(client().getCatalog(1042, { signal: ac.signal })).rejects.toBe(reason);
    expect(service.requests).toHaveLength(1);

    service.requests.length = 0;
    // Retry-After holds the wait at 60 s: with the backoff alone (full jitter, up to 60 s) a
    // wait under 100 ms comes about once in 600 runs, and a second request would be sent.
    service.fault = () => ({ status: 503, headers: { 'Retry-After': '60' } });
    const slow = createClient({ baseUrl: service.url, apiKey: API_KEY, retry: { retries: 5, baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    const ac2 = new AbortController();
    const started = Date.now();
    setTimeout(() => ac2.abort(), 100);
    const e = await slow.getCatalog(1042, { signal: ac2.signal }).catch((x: unknown) => x);
    expect((e as Error).name).toBe('AbortError');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(service.requests).toHaveLength(1);

    const aborted = AbortSignal.abort();
    await expect(client().getCatalog(1042, { signal: aborted })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('retries a refused connection, also for a partial update (nothing was sent)', async () => {
    const port = await freePort();
    const c = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: API_KEY, retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 } });
    for (const run of [() => c.getCatalog(1042), () => c.updateItems(1042, 'product', [{ id: 1 }])]) {
      const e = (await run().catch((x: unknown) => x)) as CatalogNetworkError;
      expect(e).toBeInstanceOf(CatalogNetworkError);
      expect(e.attempts).toBe(3);
      expect(e.message).toContain('ECONNREFUSED');
    }
  });

  it('reports a 200 that is not JSON as CatalogResponseError', async () => {
    service.fault = () => ({ status: 200, text: '<html>maintenance</html>' });
    await expect(client().getCatalog(1042)).rejects.toBeInstanceOf(CatalogResponseError);
    service.fault = () => ({ status: 200, body: 'a JSON string' });
    await expect(client().getCatalog(1042)).rejects.toThrow('the response is not a catalog');
    service.fault = () => ({ status: 200, body: { Items: 'nope' } });
    await expect(client().listItems(1042, 'product').next()).rejects.toThrow('not a cursor page');
    service.fault = () => ({ status: 503, text: 'Service Unavailable' });
    const e = (await client().getCatalog(1042, { retry: { retries: 0 } }).catch((x: unknown) => x)) as CatalogApiError;
    expect(e.status).toBe(503);
    expect(e.messages).toEqual([]);
    expect(e.body).toBe('Service Unavailable');
  });

  it('rejects bad arguments with QueryError before sending anything', async () => {
    const c = client();
    const bad: (() => Promise<unknown>)[] = [
      () => c.getCatalog(99),
      () => c.getCatalog(Number.NaN),
      () => c.getItem(1042, 'widget' as never, 1),
      () => c.getItem(1042, 'product', ''),
      () => c.upsertItems(1042, 'product', [{ id: 1 }, 'x' as never]),
      () => c.upsertItems(1042, 'product', 'x' as never),
      () => c.deleteItems(1042, 'product', [{ id: 1 }], { concurrency: 0 }),
      () => c.getCatalog(1042, { timeoutMs: -1 }),
    ];
    for (const run of bad) {
      const e = await Promise.resolve().then(run).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(QueryError);
      expect((e as QueryError).diagnostics[0]?.code).toBe('api/bad-argument');
    }
    expect(service.requests).toHaveLength(0);
    expect(() => createClient({ baseUrl: 'ftp://x', apiKey: 'k' })).toThrow(QueryError);
    expect(() => createClient({ baseUrl: service.url, apiKey: '' })).toThrow(QueryError);
    expect(() => createClient(undefined as never)).toThrow(QueryError);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
