/**
 * `q` of `listItems` / `listItemPages` is checked against the catalog of the kind listed, as the
 * service checks it (docs/server.md, "Kinds"): the product catalog for `product`, the referenced
 * catalog for a kind whose `Configuration` sources it from one, and the `{ Id, Name }` records
 * for a kind derived from product fields (`ItemFields`, or no entry). Against a real catq-server
 * process: every page the client reads equals what the items say, a query the kind's catalog
 * accepts is sent, and one it refuses is a QueryError before anything is sent, by a client with
 * the pre-send check (`catq/client/check`); the service refuses it too, shown with a client that
 * does not know the catalog.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogApiError, createClient, QueryError, type CatalogClient } from '../../src/client/index.js';
import { preSendCheck } from '../../src/client/check-entry.js';
import { loadCatalog, type Catalog } from '../../src/index.js';
import { parse } from '../../src/syntax/index.js';
import { thrown } from '../support/thrown.js';
import { SERVER_PRESENT, startCatqServer, type ServerProcess } from './support/server-process.js';

const KEY = 'kind-catalogs-key';

function catalogOf(json: unknown): Catalog {
  const { catalog, diagnostics } = loadCatalog(json);
  if (!catalog) throw new Error(JSON.stringify(diagnostics));
  return catalog;
}

/** Products; brands and merchants derived from their fields, categories from catalog 1061. */
const PRODUCTS = catalogOf({
  Id: 1060,
  Name: 'Kinds test products',
  Type: 'Product',
  Aliases: { Id: 'id', Name: 'title', Brand: { Id: 'brand_id', Name: 'brand' }, Merchant: { Id: 'seller_id', Name: 'seller' } },
  SearchableAttributes: [
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
  ],
  Configuration: { Brands: { Source: 'ItemFields' }, Categories: { Source: 'Referenced', ReferenceId: 1061 } },
});

const CATEGORIES = catalogOf({
  Id: 1061,
  Name: 'Kinds test categories',
  Type: 'Product',
  Aliases: { Id: 'cat_id', Name: 'label' },
  SearchableAttributes: [
    { Attribute: 'label', Type: 'String', Cardinality: 'One' },
    { Attribute: 'depth', Type: 'Number', Cardinality: 'One' },
  ],
});

const BRANDS: readonly [number, string][] = [[3, 'Acme'], [5, 'Hearth'], [8, 'Acme'], [13, 'Tern & Hook']];
const SELLERS: readonly [number, string][] = [[21, 'Shop A'], [34, 'Shop B']];
const ITEMS = Array.from({ length: 60 }, (_, i) => {
  const [brandId, brand] = BRANDS[i % BRANDS.length] as [number, string];
  const [sellerId, seller] = SELLERS[i % SELLERS.length] as [number, string];
  return { id: i + 1, title: `Item ${i + 1} rain jacket`, brand_id: brandId, brand, seller_id: sellerId, seller, price: (i * 37) % 100 };
});
const CATEGORY_ITEMS = Array.from({ length: 30 }, (_, i) => ({ cat_id: 500 + i, label: `Category ${i}`, depth: i % 4 }));

/** The ids of the derived records whose name is `name`, in listing order (numbers ascending). */
const idsNamed = (pairs: readonly [number, string][], name: string) => [...new Set(pairs.filter(([, n]) => n === name).map(([id]) => id))].sort((a, b) => a - b);

let server: ServerProcess | undefined;
/** Has the pre-send check and knows both catalogs (read with getCatalog): `q` is checked before it is sent. */
let knowing: CatalogClient;
/** Has no pre-send check: `q` is sent as wire text, and the service checks it. */
let blind: CatalogClient;

async function ids(iterable: AsyncIterable<{ Id: unknown }>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const item of iterable) out.push(item.Id);
  return out;
}

describe.runIf(SERVER_PRESENT)('q is checked against the catalog of the kind listed (real catq-server)', () => {
  beforeAll(async () => {
    server = await startCatqServer(PRODUCTS, ITEMS, KEY, [CATEGORIES]);
    blind = createClient({ baseUrl: server.url, apiKey: KEY, parse, retry: { retries: 0 } });
    await blind.upsertItems(1060, 'category', CATEGORY_ITEMS);
    knowing = createClient({ baseUrl: server.url, apiKey: KEY, parse, check: preSendCheck, retry: { retries: 0 } });
    await knowing.getCatalog(1060);
    await knowing.getCatalog(1061);
  }, 120_000);
  afterAll(() => server?.stop());

  it('a derived kind (ItemFields) is searched by its Name and Id', async () => {
    expect(idsNamed(BRANDS, 'Acme')).toEqual([3, 8]);
    expect(await ids(knowing.listItems(1060, 'brand', { q: [['Name', 'Acme']] }))).toEqual([3, 8]);
    expect(await ids(knowing.listItems(1060, 'brand', { q: 'Name = "Tern & Hook"' }))).toEqual(idsNamed(BRANDS, 'Tern & Hook'));
    // Id is a Referenced attribute of the records: the text "5" finds the number id 5.
    expect(await ids(knowing.listItems(1060, 'brand', { q: [['Id', '5']] }))).toEqual([5]);
    // The blind client sends the same queries unchecked, and the service answers them alike.
    expect(await ids(blind.listItems(1060, 'brand', { q: [['Name', 'Acme']] }))).toEqual([3, 8]);
  });

  it('a kind with no Configuration entry (merchant) is derived too, and so is its catalog', async () => {
    expect(await ids(knowing.listItems(1060, 'merchant', { q: 'Name = "Shop B"' }))).toEqual(idsNamed(SELLERS, 'Shop B'));
    expect(await ids(knowing.listItems(1060, 'merchant', { q: [[['one-of', 'Id'], ['21', 99]]] }))).toEqual([21]);
    const pages = [];
    for await (const page of knowing.listItemPages(1060, 'merchant', { q: [[['one-of', 'Name'], ['Shop A', 'Shop B']]], limit: 1 })) pages.push(page.Items.map((i) => i.Id));
    expect(pages).toEqual([[21], [34]]);
  });

  it('a product field on a derived kind is a QueryError before sending, as the service says 400', async () => {
    const e = thrown(() => knowing.listItems(1060, 'brand', { q: [['brand', 'Acme']] }));
    expect(e).toBeInstanceOf(QueryError);
    expect((e as QueryError).diagnostics.map((d) => d.code)).toEqual(['schema/unknown-field']);
    expect(() => knowing.listItemPages(1060, 'merchant', { q: 'price < 10' })).toThrow(QueryError);
    const refused = await ids(blind.listItems(1060, 'brand', { q: [['brand', 'Acme']] })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CatalogApiError);
    expect((refused as CatalogApiError).status).toBe(400);
  });

  it('a Referenced kind is checked against the referenced catalog', async () => {
    const shallow = CATEGORY_ITEMS.filter((c) => c.depth < 2).map((c) => c.cat_id);
    expect(await ids(knowing.listItems(1060, 'category', { q: 'depth < 2', limit: 7 }))).toEqual(shallow);
    expect(await ids(knowing.listItems(1060, 'category', { q: [['label', 'Category 4']] }))).toEqual([504]);
    expect(() => knowing.listItems(1060, 'category', { q: [[['<', 'price'], 10]] })).toThrow(QueryError);
    expect(() => knowing.listItems(1060, 'category', { q: [['Name', 'Category 4']] })).not.toThrow();
  });

  it('a Referenced kind whose catalog the client does not know is sent unchecked (the service checks it)', async () => {
    const half = createClient({ baseUrl: (server as ServerProcess).url, apiKey: KEY, check: preSendCheck, retry: { retries: 0 } });
    await half.getCatalog(1060);
    expect(await ids(half.listItems(1060, 'category', { q: [['label', 'Category 4']] }))).toEqual([504]);
    const refused = await ids(half.listItems(1060, 'category', { q: [[['<', 'price'], 10]] })).catch((e: unknown) => e);
    expect((refused as CatalogApiError).status).toBe(400);
  });

  it('products are still checked against the product catalog', async () => {
    const cheap = ITEMS.filter((i) => i.price < 10).map((i) => i.id);
    expect(await ids(knowing.listItems(1060, 'product', { q: 'price < 10' }))).toEqual(cheap);
    expect(() => knowing.listItems(1060, 'product', { q: [['depth', 1]] })).toThrow(QueryError);
  });
});
