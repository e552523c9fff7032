/**
 * listItems / listItemPages over real HTTP: forward and backward walks equal the library's
 * listItems page for page, starting points, and one iterator shared by two consumers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CatalogResponseError, createClient, type ItemPage, type Scope } from '../../src/client/index.js';
import { listItems } from '../../src/eval/index.js';
import { parse } from '../../src/syntax/index.js';
import { CATALOG, products } from './support/catalog.js';
import { API_KEY, startTestService, type TestService } from './support/test-service.js';

// Numbers first, then strings in code point order (astral after U+FFFD): the listing order.
const ITEMS = [...products(230), { id: 'a-1', title: 'String id' }, { id: '\u{1F600}', title: 'astral' }, { id: '\uFFFD', title: 'bmp' }, { id: 2.5, title: 'fraction' }];
let service: TestService;
const client = () => createClient({ baseUrl: service.url, apiKey: API_KEY, retry: { retries: 0 } });

/** The library's page for the same parameters (as the service reads them from a URL). */
function reference(params: Record<string, unknown>): ItemPage {
  const { response, diagnostics } = listItems(ITEMS, CATALOG, params, { networkId: 1 });
  if (!response) throw new Error(JSON.stringify(diagnostics));
  return response as unknown as ItemPage;
}

function toParams(scope: Scope | undefined): Record<string, unknown> {
  if (!scope) return {};
  const out: Record<string, unknown> = { ...scope };
  if (out.q === null) delete out.q;
  return out;
}

beforeAll(async () => {
  service = await startTestService(CATALOG, ITEMS);
});
afterAll(() => service.close());
afterEach(() => {
  service.requests.length = 0;
  service.fault = undefined;
});

describe('listItemPages', () => {
  it('walks forward page by page, each page equal to the library listItems for its parameters', async () => {
    const pages: ItemPage[] = [];
    for await (const page of client().listItemPages(1042, 'product', { limit: 17 })) pages.push(page);
    expect(pages).toHaveLength(Math.ceil(ITEMS.length / 17));
    let expected: ItemPage | undefined = reference({ limit: 17 });
    for (const page of pages) {
      expect(page).toEqual(expected);
      expected = page.NextQuery ? reference(toParams(page.NextQuery)) : undefined;
    }
    expect(expected).toBeUndefined();
    const all = reference({ limit: 1000 }).Items.map((i) => i.Id);
    expect(pages.flatMap((p) => p.Items.map((i) => i.Id))).toEqual(all);
  });

  it('walks backward from the end, following PrevQuery', async () => {
    const pages: ItemPage[] = [];
    for await (const page of client().listItemPages(1042, 'product', { limit: 40, direction: 'backward' })) pages.push(page);
    const all = reference({ limit: 1000 }).Items.map((i) => i.Id);
    expect(pages.flatMap((p) => p.Items.map((i) => i.Id).reverse())).toEqual([...all].reverse());
    expect(pages[0]?.NextQuery).toBeUndefined();
    expect(pages.at(-1)?.PrevQuery).toBeUndefined();
    for (const page of pages) expect(page).toEqual(reference(toParams(page.Metadata.Scope)));
  });

  it('starts from a Scope of an earlier page, in either direction', async () => {
    const first = await client().listItemPages(1042, 'product', { limit: 50 }).next();
    const next = (first.value as ItemPage).NextQuery as Scope;
    const rest = await client().listItems(1042, 'product', { from: next }).toArray({ max: 10_000 });
    expect(rest.map((i) => i.Id)).toEqual(reference({ limit: 1000 }).Items.slice(50).map((i) => i.Id));
    const back = await client().listItems(1042, 'product', { from: { 'boundary-id': 60, comparison: '<' }, limit: 7, direction: 'backward' }).toArray({ max: 100 });
    const below60 = reference({ 'boundary-id': 60, comparison: '<', limit: 1000 }).Items.map((i) => i.Id);
    expect(below60).toHaveLength(60); // 1..59 and 2.5
    expect(back.map((i) => i.Id)).toEqual([...below60].reverse());
  });

  it('searches with q and pages the matches only', async () => {
    const q = 'brand = "Acme" and price < 50';
    // Infix text needs the parser, which the client takes from its caller (catq/client carries none).
    const infix = () => createClient({ baseUrl: service.url, apiKey: API_KEY, retry: { retries: 0 }, parse });
    const ids = (await infix().listItems(1042, 'product', { q, limit: 5 }).toArray({ max: 1000 })).map((i) => i.Id);
    const expected = reference({ q: [['brand', 'Acme'], [['<', 'price'], 50]], limit: 1000 }).Items.map((i) => i.Id);
    expect(expected.length).toBeGreaterThan(5);
    expect(ids).toEqual(expected);
    const back = (await infix().listItems(1042, 'product', { q, limit: 5, direction: 'backward' }).toArray({ max: 1000 })).map((i) => i.Id);
    expect(back).toEqual([...expected].reverse());
  });

  it('turns each page once when two consumers share one iterator', async () => {
    const it = client().listItems(1042, 'product', { limit: 9 });
    const a: unknown[] = [];
    const b: unknown[] = [];
    const drain = async (into: unknown[]) => {
      for await (const item of it) {
        into.push(item);
        await new Promise((r) => setTimeout(r, Math.random() * 2));
      }
    };
    await Promise.all([drain(a), drain(b)]);
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    const ids = [...a, ...b].map((i) => (i as { Id: unknown }).Id);
    expect(new Set(ids).size).toBe(ITEMS.length);
    expect(ids).toHaveLength(ITEMS.length);
    const queries = service.requests.map((r) => r.query);
    expect(new Set(queries).size).toBe(queries.length);
    expect(queries).toHaveLength(Math.ceil(ITEMS.length / 9));
  });

  it('turns each page once when next() is called many times at once', async () => {
    const pages = client().listItemPages(1042, 'product', { limit: 100 });
    const results = await Promise.all(Array.from({ length: 6 }, () => pages.next()));
    expect(results.filter((r) => !r.done)).toHaveLength(3);
    expect(results.slice(3).every((r) => r.done)).toBe(true);
    expect(service.requests).toHaveLength(3);
  });

  it('stops with an error, not a loop, when the service sends the same page parameters again', async () => {
    service.fault = () => ({ status: 200, body: { Items: [{ Id: 1, Type: 'Primary', Uri: 'itemdb://1/1042/1' }], Metadata: { Scope: {} }, NextQuery: { 'boundary-id': 1, comparison: '>', limit: 1 } } });
    const it = client().listItems(1042, 'product');
    const e = await it.toArray({ max: 1000 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CatalogResponseError);
    expect(service.requests).toHaveLength(2);
    await expect(it.next()).rejects.toBe(e);
  });

  it('stops fetching when the consumer breaks out, and toArray respects its cap', async () => {
    for await (const item of client().listItems(1042, 'product', { limit: 10 })) if (item.Id === 3) break;
    expect(service.requests).toHaveLength(1);
    service.requests.length = 0;
    const some = await client().listItems(1042, 'product', { limit: 10 }).toArray({ max: 25 });
    expect(some.map((i) => i.Id)).toEqual(reference({ limit: 25 }).Items.map((i) => i.Id));
    expect(service.requests).toHaveLength(3);
    await expect(client().listItems(1042, 'product').toArray(undefined as never)).rejects.toThrow('a cap is required');
  });

  it('yields nothing backward over an empty result, one empty page forward', async () => {
    const q = [['brand', 'Nobody']];
    expect(await client().listItems(1042, 'product', { q, direction: 'backward' }).toArray({ max: 10 })).toEqual([]);
    const pages = [];
    for await (const p of client().listItemPages(1042, 'product', { q })) pages.push(p);
    expect(pages).toHaveLength(1);
    expect(pages[0]?.Items).toEqual([]);
  });

  it('stops a walk when the caller aborts, for every consumer of the iterator', async () => {
    service.fault = (_req, n) => (n === 3 ? { hang: true } : undefined);
    const ac = new AbortController();
    const it = client().listItems(1042, 'product', { limit: 10, signal: ac.signal });
    const seen: unknown[] = [];
    const reason = new Error('enough');
    const walk = (async () => {
      for await (const item of it) {
        seen.push(item);
        if (seen.length === 20) setTimeout(() => ac.abort(reason), 20);
      }
    })();
    await expect(walk).rejects.toBe(reason);
    expect(seen).toHaveLength(20);
    await expect(it.next()).rejects.toBe(reason);
    expect(service.requests).toHaveLength(3);
  });

  it('lists catalogs', async () => {
    const all = await client().listCatalogs({ limit: 10 }).toArray({ max: 10 });
    expect(all).toEqual([{ Id: 1042, Name: CATALOG.Name, Type: 'Product' }]);
    expect(service.requests[0]?.query).toBe('limit=10');
  });
});
