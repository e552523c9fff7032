/**
 * The client against this repository's catalog service (packages/server), started as a process
 * on embedded PGlite: 5,000 items read page by page forward and backward equal to the library's
 * listItems, a search walk, and the batch helpers with 2,500 items, some invalid, returning the
 * service's warnings at the right positions of the caller's array.
 *
 * Runs whenever the service is part of the repository (`npm test` builds it first; by hand:
 * `npm run build && npx vitest run test/client/service.test.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogApiError, createClient, type CatalogClient, type ItemPage, type RawItem, type Scope } from '../../src/client/index.js';
import { listItems } from '../../src/eval/index.js';
import { parse } from '../../src/syntax/index.js';
import { CATALOG, products } from './support/catalog.js';
import { SERVER_PRESENT, startCatqServer, type ServerProcess } from './support/server-process.js';

const KEY = 'client-test-key';

/** 4,000 numeric ids and 1,000 string ids (astral characters, `/`, `%`, `&`, spaces). */
const ITEMS: Record<string, unknown>[] = [
  ...products(4000),
  ...Array.from({ length: 1000 }, (_, i) => ({ id: `sku/${i % 7 ? 'a' : '\u{1F600}'}&${i} %`, title: `String item ${i} rain jacket`, brand: i % 2 ? 'Acme' : 'Tern & Hook', price: i % 100 })),
];

let server: ServerProcess | undefined;
let client: CatalogClient;

/** The library's page for a Scope (the service numbers its network 1). */
function reference(scope: Scope | undefined): ItemPage {
  const params: Record<string, unknown> = { ...scope };
  if (params.q === null) delete params.q;
  const { response, diagnostics } = listItems(ITEMS, CATALOG, params, { networkId: 1 });
  if (!response) throw new Error(JSON.stringify(diagnostics));
  return response as unknown as ItemPage;
}

/** Every id in listing order, read from the library page by page. */
function allIds(): unknown[] {
  const ids: unknown[] = [];
  for (let scope: Scope | undefined = { limit: 1000 }; scope; ) {
    const page = reference(scope);
    ids.push(...page.Items.map((i) => i.Id));
    scope = page.NextQuery;
  }
  return ids;
}

describe.runIf(SERVER_PRESENT)('client against catq-server', () => {
  beforeAll(async () => {
    server = await startCatqServer(CATALOG, ITEMS, KEY);
    client = createClient({ baseUrl: server.url, apiKey: KEY, parse, retry: { retries: 1, baseDelayMs: 10 } });
  }, 120_000);
  afterAll(() => server?.stop());

  it('reads 5,000 items page by page forward, each page equal to the library listItems', async () => {
    const pages: ItemPage[] = [];
    for await (const page of client.listItemPages(1042, 'product', { limit: 100 })) pages.push(page);
    expect(pages).toHaveLength(50);
    let scope: Scope | undefined = { limit: 100 };
    for (const page of pages) {
      expect(page).toEqual(reference(scope));
      scope = page.NextQuery;
    }
    expect(scope).toBeUndefined();
    expect(pages.flatMap((p) => p.Items).map((i) => i.Id)).toEqual(allIds());
  });

  it('reads them backward following PrevQuery, each page equal to the library listItems', async () => {
    const pages: ItemPage[] = [];
    for await (const page of client.listItemPages(1042, 'product', { limit: 100, direction: 'backward' })) pages.push(page);
    expect(pages).toHaveLength(50);
    for (const page of pages) expect(page).toEqual(reference(page.Metadata.Scope));
    const ids = pages.flatMap((p) => [...p.Items].reverse()).map((i) => i.Id);
    expect(ids).toEqual(allIds().reverse());
    expect(pages.at(-1)?.PrevQuery).toBeUndefined();
  });

  it('searches with infix q over every page, equal to the library', async () => {
    const q = 'brand = "Tern & Hook" and price < 30 and title matches "rain jacket"';
    const pages: ItemPage[] = [];
    for await (const page of client.listItemPages(1042, 'product', { q, limit: 37 })) pages.push(page);
    let expected: ItemPage | undefined = reference({ q: [['brand', 'Tern & Hook'], [['<', 'price'], 30], [['matches', 'title'], 'rain jacket']], limit: 37 } as never);
    for (const page of pages) {
      expect(page).toEqual(expected);
      expected = page.NextQuery ? reference(page.NextQuery) : undefined;
    }
    expect(pages.flatMap((p) => p.Items).length).toBeGreaterThan(37);
  });

  it('turns the service\'s 400, 401 and 404 into CatalogApiError with its messages', async () => {
    // The client does not know the catalog here, so the service validates q.
    const bad = await client.listItems(1042, 'product', { q: [['colour', 'red'], [['<', 'price'], '20']] }).next().catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(CatalogApiError);
    expect((bad as CatalogApiError).status).toBe(400);
    expect((bad as CatalogApiError).messages.length).toBeGreaterThanOrEqual(2);
    const wrongKey = createClient({ baseUrl: (server as ServerProcess).url, apiKey: 'wrong' });
    await expect(wrongKey.getCatalog(1042)).rejects.toMatchObject({ name: 'CatalogApiError', status: 401 });
    await expect(client.getCatalog(4242)).rejects.toMatchObject({ name: 'CatalogApiError', status: 404 });
  });

  it('gets items by number and by string ids holding "/", "%", "&", spaces and astral characters', async () => {
    const byNumber = await client.getItem(1042, 'product', 42);
    expect(byNumber).toMatchObject({ Id: 42, Type: 'Primary', Uri: 'itemdb://1/1042/42' });
    for (const i of [0, 7, 8]) {
      const raw = ITEMS[4000 + i] as { id: string; title: string };
      const item = await client.getItem(1042, 'product', raw.id);
      expect(item).toMatchObject({ Id: raw.id, Name: raw.title });
      if (item.Type !== 'ItemFields') expect(item.Data).toEqual(raw);
    }
    await expect(client.getItem(1042, 'product', 'no such id')).rejects.toMatchObject({ name: 'CatalogApiError', status: 404 });
  });

  it('upserts, updates and deletes 2,500 items with warnings at the caller\'s positions', async () => {
    const items: RawItem[] = products(2500, 100_001);
    const noId = [3, 999, 1000, 2001, 2499];
    const misfit = [7, 1500];
    for (const i of noId) items[i] = { title: `no id ${i}` };
    for (const i of misfit) items[i] = { ...items[i], price: '10' };
    const up = await client.upsertItems(1042, 'product', items);
    const byIndex = new Map<number, string[]>();
    for (const w of up.warnings) byIndex.set(w.index ?? -1, [...(byIndex.get(w.index ?? -1) ?? []), w.message]);
    expect([...byIndex.keys()].sort((a, b) => a - b)).toEqual([...noId, ...misfit].sort((a, b) => a - b));
    for (const i of noId) expect(byIndex.get(i)?.join(' ')).toMatch(/no usable id/);
    for (const i of misfit) expect(byIndex.get(i)?.join(' ')).toMatch(/price/);

    const stored = await client.listItems(1042, 'product', { q: [[['>=', 'id'], 100_001]], limit: 1000 }).toArray({ max: 10_000 });
    expect(stored).toHaveLength(2500 - noId.length);
    expect((await client.getItem(1042, 'product', 100_001 + 7)).Type).toBe('Primary');

    const updates: RawItem[] = Array.from({ length: 2500 }, (_, i) => ({ id: 100_001 + i, price: 1 }));
    const missing = [0, 150, 2450];
    for (const i of missing) updates[i] = { id: -1 - i, price: 1 };
    const upd = await client.updateItems(1042, 'product', updates);
    const updIdx = upd.warnings.map((w) => w.index);
    for (const i of missing) expect(updIdx).toContain(i);
    expect(updIdx.every((i) => i !== undefined && (missing.includes(i) || noId.includes(i)))).toBe(true);

    const del = await client.deleteItems(1042, 'product', items);
    expect(del.warnings.map((w) => w.index)).toEqual(noId);
    expect(await client.listItems(1042, 'product', { q: [[['>=', 'id'], 100_001]] }).toArray({ max: 10 })).toEqual([]);
  });
});
