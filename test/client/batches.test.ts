/**
 * The batch helpers over real HTTP: requests of at most 1000 / 100 / 1000 items, bounded
 * concurrency, warnings at the caller's positions, and what a failure in the middle reports.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CatalogApiError, CatalogNetworkError, createClient, warningIndex, type RawItem } from '../../src/client/index.js';
import { chunkRanges } from '../../src/client/batches.js';
import { CATALOG, products } from './support/catalog.js';
import { API_KEY, startTestService, type TestService } from './support/test-service.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

let service: TestService;
const client = (concurrency = 3) => createClient({ baseUrl: service.url, apiKey: API_KEY, concurrency, retry: { retries: 0 } });

beforeAll(async () => {
  service = await startTestService(CATALOG);
});
afterAll(() => service.close());
afterEach(() => {
  service.requests.length = 0;
  service.fault = undefined;
  service.batchDelayMs = 0;
  service.maxInFlight = 0;
});

/** The batch requests the service saw (not the catalog read). */
const batches = () => service.requests.filter((r) => r.method !== 'GET');

/** 2,500 items, those at `bad` without a usable id. */
function batch(bad: readonly number[]): RawItem[] {
  const items: RawItem[] = products(2500, 10_001);
  for (const i of bad) items[i] = { title: `no id ${i}`, id: i % 2 ? null : [i] };
  return items;
}
const BAD = [0, 999, 1000, 1001, 1777, 2499];

describe('batch helpers', () => {
  it('upserts 2,500 items in requests of ≤1000 with warnings at the caller\'s positions', async () => {
    service.batchDelayMs = 30;
    const { warnings } = await client(2).upsertItems(1042, 'product', batch(BAD));
    expect(warnings.map((w) => w.index)).toEqual(BAD);
    for (const w of warnings) expect(w.message).toMatch(/no usable id/);
    expect(service.requests[0]?.path).toBe('/v1/catalog/1042'); // the id key, read once
    expect(batches().map((r) => (r.body as { Items: unknown[] }).Items.length).sort()).toEqual([1000, 1000, 500]);
    expect(service.maxInFlight).toBe(2);
    expect(service.items.size).toBe(2500 - BAD.length);
  });

  it('updates in requests of ≤100 and warns about ids that do not exist, by caller index', async () => {
    const updates: RawItem[] = Array.from({ length: 2500 }, (_, i) => ({ id: 10_001 + i, price: 1 }));
    const missing = [5, 250, 1999];
    for (const i of missing) updates[i] = { id: -i, price: 1 };
    service.batchDelayMs = 5;
    const { warnings } = await client(4).updateItems(1042, 'product', updates);
    const noId = BAD; // deleted-by-omission: those were never stored
    expect(warnings.map((w) => w.index)).toEqual([...new Set([...missing, ...noId])].sort((a, b) => a - b));
    expect(batches()).toHaveLength(25);
    expect(batches().every((r) => r.method === 'PATCH' && (r.body as { Items: unknown[] }).Items.length === 100)).toBe(true);
    expect(service.maxInFlight).toBeLessThanOrEqual(4);
    expect(service.maxInFlight).toBeGreaterThan(1);
  });

  it('deletes in requests of ≤1000; items without an id warn, unknown ids are silent', async () => {
    const del: RawItem[] = Array.from({ length: 2500 }, (_, i) => ({ id: 10_001 + i }));
    del[1234] = { sku: 'no id key' };
    const { warnings } = await client().deleteItems(1042, 'product', del);
    expect(warnings).toEqual([{ index: 1234, message: expect.stringContaining('Items[234]') }]);
    expect([...service.items.values()].map((i) => i.id)).toEqual([10_001 + 1234]); // the one sent without its id
    expect(batches()).toHaveLength(3);
  });

  it('sends nothing for an empty array', async () => {
    await expect(client().upsertItems(1042, 'product', [])).resolves.toEqual({ warnings: [] });
    expect(service.requests).toHaveLength(0);
  });

  it('stops sending after a failed request and says which ranges were acknowledged', async () => {
    service.fault = (req) => ((req.body as { Items: { id: number }[] } | undefined)?.Items[0]?.id === 10_001 + 1000 ? { status: 400, body: { Errors: [{ message: 'Items[7]: bad' }] } } : undefined);
    const e = (await client(1).upsertItems(1042, 'product', products(3500, 10_001)).catch((x: unknown) => x)) as CatalogApiError;
    expect(e).toBeInstanceOf(CatalogApiError);
    expect(e.status).toBe(400);
    expect(e.batch).toEqual({ start: 1000, end: 2000, acknowledged: [{ start: 0, end: 1000 }] });
    expect(batches()).toHaveLength(2);
  });

  it('keeps the caller\'s order for ids that occur in several requests, with requests in flight together', async () => {
    service.items.clear();
    // 3,000 items over 30 ids: every request shares ids with the others. The service is slowest
    // on the first request it gets, so requests sent together would be applied in reverse.
    const items = Array.from({ length: 3000 }, (_, i) => ({ id: i % 30, title: `version ${i}` }));
    service.batchDelayMs = (n) => Math.max(0, 80 - 20 * n);
    const distinct = Array.from({ length: 900 }, (_, i) => ({ id: 1_000_000 + i }));
    await client(4).upsertItems(1042, 'product', [...items, ...distinct, ...distinct, ...distinct]);
    for (let id = 0; id < 30; id++) expect(service.items.get(`number:${id}`)?.title).toBe(`version ${2970 + id}`);
    expect(service.items.size).toBe(930);
    expect(service.maxInFlight).toBeGreaterThan(1); // the requests of distinct ids did overlap
  });

  it('sends requests in parallel when they share no id, one at a time when ids are unknown', async () => {
    service.batchDelayMs = 20;
    await client(3).upsertItems(1042, 'product', products(3000, 7_000_000));
    expect(service.maxInFlight).toBe(3);
    service.maxInFlight = 0;
    service.fault = (req) => (req.method === 'GET' ? { status: 404 } : undefined);
    await client(3).upsertItems(1042, 'product', products(3000, 8_000_000));
    expect(service.maxInFlight).toBe(1);
  });

  it('places a warning that names an id but no position on the item with that id', async () => {
    const items = products(1500, 500);
    service.fault = (req) => (req.method === 'POST' ? { status: 200, body: { Warnings: [{ message: 'No product with id 1600 exists in catalog 1042' }, { message: 'No product with id "x" exists' }] } } : undefined);
    const { warnings } = await client().upsertItems(1042, 'product', items);
    expect(warnings).toEqual([
      { index: 1100, message: 'No product with id 1600 exists in catalog 1042' },
      { message: 'No product with id 1600 exists in catalog 1042' },
      { message: 'No product with id "x" exists' },
      { message: 'No product with id "x" exists' },
    ]);
  });

  it('repeats an upsert whose answer was lost (it is idempotent): every item stored once, each warning once', async () => {
    service.items.clear();
    const firstTry = new Set<string>();
    // The first attempt of every request is applied by the service, but its answer is lost.
    service.fault = (req) => {
      if (req.method === 'GET') return undefined;
      const k = JSON.stringify((req.body as { Items: unknown[] }).Items[0]);
      if (firstTry.has(k)) return undefined;
      firstTry.add(k);
      return { dropAfter: true };
    };
    const items: RawItem[] = products(2500, 20_001);
    items[1234] = { title: 'no id' };
    const c = createClient({ baseUrl: service.url, apiKey: API_KEY, retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 } });
    const { warnings } = await c.upsertItems(1042, 'product', items);
    expect(warnings.map((w) => w.index)).toEqual([1234]);
    expect(service.items.size).toBe(2499);
    expect(batches()).toHaveLength(6);
  });

  it('does not repeat a partial update whose answer was lost, and says what was acknowledged', async () => {
    service.fault = (req) => (req.method === 'PATCH' && (req.body as { Items: { id: number }[] }).Items[0]?.id === 20_001 + 200 ? { dropAfter: true } : undefined);
    const c = createClient({ baseUrl: service.url, apiKey: API_KEY, concurrency: 1, retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 5 } });
    const updates = Array.from({ length: 500 }, (_, i) => ({ id: 20_001 + i, price: 7 }));
    const e = (await c.updateItems(1042, 'product', updates).catch((x: unknown) => x)) as CatalogNetworkError;
    expect(e).toBeInstanceOf(CatalogNetworkError);
    expect(e.attempts).toBe(1);
    expect(e.batch).toEqual({ start: 200, end: 300, acknowledged: [{ start: 0, end: 100 }, { start: 100, end: 200 }] });
    expect(batches().filter((r) => r.method === 'PATCH')).toHaveLength(3);
    // The lost request was applied: the service says so, the client could not know.
    expect(service.items.get('number:20201')?.price).toBe(7);
    expect(service.items.get('number:20301')?.price).not.toBe(7);
  });

  it('splits any count into contiguous ranges of at most the limit', () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.integer({ min: 1, max: 1000 }), (n, size) => {
        const r = chunkRanges(n, size);
        expect(r.reduce((s, x) => s + (x.end - x.start), 0)).toBe(n);
        r.forEach((x, i) => {
          expect(x.end - x.start).toBeGreaterThan(0);
          expect(x.end - x.start).toBeLessThanOrEqual(size);
          expect(x.start).toBe(i === 0 ? 0 : r[i - 1]?.end);
        });
      }),
      { seed: propertySeed(12), numRuns: propertyRuns(200) },
    );
  });
});

describe('warningIndex', () => {
  it.each([
    [{ message: 'Items[12]: no usable id' }, 12],
    [{ message: 'item at /Items/7 has price "10", declared Number' }, 7],
    [{ message: 'Items.3 duplicates Items.1' }, 3],
    [{ message: 'index 4 (id "x"): skipped' }, 4],
    [{ message: 'Item #9 skipped' }, 9],
    [{ message: 'anything', index: 2 }, 2],
    [{ message: 'item 12 has no usable id' }, undefined],
    [{ message: 'whole batch was slow' }, undefined],
    [{ message: 42 }, undefined],
    [null, undefined],
  ])('%j → %s', (w, expected) => {
    expect(warningIndex(w)).toBe(expected);
  });

  it('never places a warning outside its request', async () => {
    service.fault = () => ({ status: 200, body: { Warnings: [{ message: 'Items[5000]: out of range' }, { message: 'general' }, { message: 'Items[1]: fine' }] } });
    const { warnings } = await client().upsertItems(1042, 'product', products(1500));
    expect(warnings).toEqual([
      { index: 1, message: 'Items[1]: fine' },
      { index: 1001, message: 'Items[1]: fine' },
      { message: 'Items[5000]: out of range' },
      { message: 'general' },
      { message: 'Items[5000]: out of range' },
      { message: 'general' },
    ]);
  });
});
