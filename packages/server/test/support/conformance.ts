/**
 * Spec conformance: every statement of the interface spec (catalog-service.md) that the service
 * honours, checked black-box on a real `catq-server` process over real HTTP. Each test quotes the
 * spec sentence it checks. The query semantics follow docs/semantics.md. Run on embedded PGlite
 * (spec-conformance.test.ts), on a coordinator and shard servers (shards.test.ts) and through
 * PgBouncer (pgbouncer.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, DANGLING, PRODUCTS } from './fixtures.js';
import { call, KEY, listingQuery, startServer, tempFiles, type Reply, type ServerProcess } from './process.js';

/** A catalog with every UIConfiguration field, to check Get Catalog returns them unchanged. */
const UI_CATALOG = {
  Id: 800,
  Name: 'UI catalog',
  Type: 'Product',
  Aliases: { Id: 'uid', Name: 'uname' },
  SearchableAttributes: [{ Attribute: 'uname', Type: 'String', Cardinality: 'One' }],
  UIConfiguration: [
    { Key: 'uname', AllowedValues: [1, 2], AncestorsKey: 'parents', DisplayColumn: true, DisplayFilter: false, FilterByOne: true, FilterByRange: false, HideReferenceIds: true, Label: 'Name', Order: 1, Typeahead: true },
    { Key: 'colour', AllowedValues: ['red', 'blue'] },
  ],
  Configuration: { Merchants: { Source: 'ItemFields' } },
};

const NETWORK = 7;
const URI = /^itemdb:\/\/\d+\/\d+\/.+$/;

/** Products with every alias filled in (so every listed/full-form field is present). */
function product(n: number): Record<string, unknown> {
  return {
    id: n,
    sku: `SKU-${n}`,
    title: n % 2 ? `Red shoe number ${n}` : `Blue boot number ${n}`,
    brand: n % 2 ? 'Acme' : 'Zeta',
    brand_id: n % 2 ? 10 : 11,
    cat_id: 'c1',
    cat: 'Shoes',
    cat_path: ['c0', 'c1'],
    m: 'Shop',
    m_id: 7,
    img: `https://img.example/${n}.jpg`,
    price: n * 10,
    tags: n % 3 ? ['sale'] : ['new', 'sale'],
    in_stock: n % 2 === 0,
  };
}
const IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

const ROUTES: readonly [string, string][] = [
  ['GET', '/v1/catalog'],
  ['GET', '/v1/catalog/500'],
  ['GET', '/v1/catalog/500/product'],
  ['GET', '/v1/catalog/500/product/1'],
  ['POST', '/v1/catalog/500/product/batch/upsert'],
  ['PATCH', '/v1/catalog/500/product/batch/update'],
  ['POST', '/v1/catalog/500/product/batch/delete'],
];

/** The spec's error body: `{ Errors: [ { message: string }, ... ] }`, one or several entries. */
function expectErrorBody(r: Reply, status: number): void {
  expect(r.status, r.text).toBe(status);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Array.isArray(r.body.Errors)).toBe(true);
  expect(r.body.Errors.length).toBeGreaterThanOrEqual(1);
  for (const e of r.body.Errors) {
    expect(typeof e.message).toBe('string');
    expect(e.message.length).toBeGreaterThan(0);
  }
}

const ids = (r: Reply) => r.body.Items.map((i: { Id: unknown }) => i.Id);
const enc = (q: unknown) => encodeURIComponent(JSON.stringify(q));

/**
 * The conformance suite on the backend that `backend` prepares: it resolves to the extra
 * command-line arguments of the server (none: embedded PGlite), and may return a cleanup.
 */
export function describeConformance(title: string, backend: () => Promise<{ args: string[]; cleanup?: () => Promise<void> }> = async () => ({ args: [] })): void {
  describe(title, () => {
    let server: ServerProcess;
    let files: ReturnType<typeof tempFiles>;
    let cleanupBackend: (() => Promise<void>) | undefined;
    const req = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(server.url, method, path, options);
    const upsert = (path: string, Items: unknown[]) => req('POST', `${path}/batch/upsert`, { body: { Items } });

    beforeAll(async () => {
      files = tempFiles({
        'p.json': JSON.stringify(PRODUCTS),
        'c.json': JSON.stringify(CATEGORIES),
        'd.json': JSON.stringify(DANGLING),
        'u.json': JSON.stringify(UI_CATALOG),
      });
      const b = await backend();
      cleanupBackend = b.cleanup;
      server = await startServer(['--catalog', files.path('p.json'), '--catalog', files.path('c.json'), '--catalog', files.path('d.json'), '--catalog', files.path('u.json'), '--api-key', KEY, '--network-id', String(NETWORK), ...b.args]);
      expect((await upsert('/v1/catalog/500/product', IDS.map(product))).status).toBe(200);
      expect((await upsert('/v1/catalog/500/category', [{ cid: 'c0', cname: 'All' }, { cid: 'c1', cname: 'Shoes' }])).status).toBe(200);
    });
    afterAll(async () => {
      await server?.stop();
      files?.cleanup();
      await cleanupBackend?.();
    });

    describe('Authentication', () => {
      // "A request lacking the header, or carrying a key invalid for the network, is rejected with HTTP status 401."
      it.each(ROUTES)('%s %s without the header is 401', async (method, path) => {
        expect((await req(method, path, { key: null, body: { Items: [{ id: 1 }] } })).status).toBe(401);
      });
      it.each(ROUTES)('%s %s with an invalid key is 401', async (method, path) => {
        expect((await req(method, path, { key: 'not-' + KEY, body: { Items: [{ id: 1 }] } })).status).toBe(401);
      });
      // "All operations require authentication": the key is checked before the parameters.
      it('a request without a key is 401 even when its parameters are bad', async () => {
        expect((await req('GET', '/v1/catalog/99', { key: null })).status).toBe(401);
        expect((await req('GET', '/v1/catalog?limit=0', { key: null })).status).toBe(401);
        expect((await req('POST', '/v1/catalog/500/product/batch/upsert', { key: null, body: { Items: [] } })).status).toBe(401);
      });
      // "Header names: `X-Service-ApiKey`; the header `X-Legacy-ApiKey` is interchangeable with it."
      it.each(ROUTES)('%s %s accepts X-Legacy-ApiKey', async (method, path) => {
        const body = path.endsWith('delete') ? { Items: [{ id: 'no-such-item' }] } : { Items: [product(1)] };
        const r = await req(method, path, { key: null, headers: { 'X-Legacy-ApiKey': KEY }, body });
        expect(r.status, r.text).toBe(200);
      });
      it('header names are case-insensitive (HTTP)', async () => {
        expect((await req('GET', '/v1/catalog/500', { key: null, headers: { 'x-service-apikey': KEY } })).status).toBe(200);
      });
    });

    describe('Conventions', () => {
      // "Responses are JSON (`application/json`)."
      it.each(ROUTES)('%s %s answers application/json', async (method, path) => {
        const body = path.endsWith('delete') ? { Items: [{ id: 'no-such-item' }] } : { Items: [product(1)] };
        const r = await req(method, path, { body });
        expect(r.status).toBe(200);
        expect(r.headers.get('content-type')).toMatch(/^application\/json/);
        expect(() => JSON.parse(r.text)).not.toThrow();
      });
      // "The version is carried in the path: management endpoints begin with `/v1/`."
      it('the endpoints live under /v1/ only', async () => {
        expect((await req('GET', '/v1/catalog/500')).status).toBe(200);
        expect((await req('GET', '/v2/catalog/500')).status).toBe(404);
        expect((await req('GET', '/catalog/500')).status).toBe(404);
      });
      // "The interface description version is 1.0.0."
      it('the OpenAPI description is version 1.0.0 with both key headers and all seven operations', async () => {
        const r = await req('GET', '/openapi.json', { key: null });
        expect(r.status).toBe(200);
        expect(r.body.info.version).toBe('1.0.0');
        const names = Object.values(r.body.components.securitySchemes as Record<string, { name: string; in: string }>).map((x) => `${x.in}:${x.name}`);
        expect(names.sort()).toEqual(['header:X-Legacy-ApiKey', 'header:X-Service-ApiKey']);
        const ops = Object.entries(r.body.paths as Record<string, object>).flatMap(([p, v]) => Object.keys(v).map((m) => `${m.toUpperCase()} ${p}`));
        expect(ops.sort()).toEqual(
          [
            'GET /v1/catalog',
            'GET /v1/catalog/{catalogId}',
            'GET /v1/catalog/{catalogId}/{item}',
            'GET /v1/catalog/{catalogId}/{item}/{id}',
            'POST /v1/catalog/{catalogId}/{item}/batch/upsert',
            'PATCH /v1/catalog/{catalogId}/{item}/batch/update',
            'POST /v1/catalog/{catalogId}/{item}/batch/delete',
          ].sort(),
        );
      });
      // "Catalogs are read-only through this interface ... No create, update or delete operation for catalogs exists here."
      it('catalogs cannot be created, updated or deleted', async () => {
        for (const [m, p] of [['POST', '/v1/catalog'], ['PUT', '/v1/catalog/500'], ['PATCH', '/v1/catalog/500'], ['DELETE', '/v1/catalog/500']] as const) {
          const r = await req(m, p, { body: { Id: 500, Name: 'x', Type: 'Product', Aliases: { Id: 'id' } } });
          expect(r.status, `${m} ${p}`).toBeGreaterThanOrEqual(400);
          expect(r.status, `${m} ${p}`).toBeLessThan(500);
        }
        expect((await req('GET', '/v1/catalog/500')).body.Name).toBe(PRODUCTS.Name);
      });
    });

    describe('1. Get Catalog', () => {
      // "200: Catalog (full form)." Id, Name, Type, Aliases, SearchableAttributes, UIConfiguration, Configuration.
      it('returns the full form with every field as loaded', async () => {
        const r = await req('GET', '/v1/catalog/500');
        expect(r.status).toBe(200);
        expect(r.body).toEqual(PRODUCTS);
        const ui = await req('GET', '/v1/catalog/800');
        expect(ui.body).toEqual(UI_CATALOG);
      });
      // "catalogId | number | min 100" and "400: Error body."
      it('a catalogId below 100 or not a number is a 400 with an Error body', async () => {
        for (const bad of ['99', '0', '-100', 'abc']) expectErrorBody(await req('GET', `/v1/catalog/${bad}`), 400);
      });
    });

    describe('2. List Catalogs', () => {
      // "200: cursor Pagination response whose Items are listed-form catalogs." Listed form: Id, Name, Type.
      it('Items are listed-form catalogs (Id, Name, Type only) with Metadata.Scope', async () => {
        const r = await req('GET', '/v1/catalog');
        expect(r.status).toBe(200);
        expect(r.body.Items).toEqual([PRODUCTS, CATEGORIES, DANGLING, UI_CATALOG].map((c) => ({ Id: c.Id, Name: c.Name, Type: 'Product' })));
        expect(typeof r.body.Metadata.Scope).toBe('object');
        // "absent when there are no more items in that direction"
        expect(r.body).not.toHaveProperty('NextQuery');
        expect(r.body).not.toHaveProperty('PrevQuery');
      });
      // "To move forward or backward, use the NextQuery / PrevQuery values from the response as the next query parameters."
      it('walking NextQuery then PrevQuery visits every catalog once, in both directions', async () => {
        const forward: number[] = [];
        let r = await req('GET', '/v1/catalog?limit=1');
        let last = r;
        while (true) {
          expect(r.status).toBe(200);
          forward.push(...ids(r));
          last = r;
          if (!r.body.NextQuery) break;
          expect(r.body.NextQuery.limit).toBe(1);
          r = await req('GET', `/v1/catalog${listingQuery(r.body.NextQuery)}`);
        }
        expect(forward).toEqual([500, 600, 700, 800]);
        const backward: number[] = [];
        r = last;
        while (r.body.PrevQuery) {
          // "boundary-id | catalog lists: number, min 100"
          expect(typeof r.body.PrevQuery['boundary-id']).toBe('number');
          r = await req('GET', `/v1/catalog${listingQuery(r.body.PrevQuery)}`);
          backward.unshift(...ids(r));
        }
        expect(backward).toEqual([500, 600, 700]);
      });
      // "`comparison` says how results relate to it (`>` `>=` `<` `<=`)"
      it('each comparison relates the results to the boundary', async () => {
        const page = async (c: string) => ids(await req('GET', `/v1/catalog?boundary-id=600&comparison=${encodeURIComponent(c)}`));
        expect(await page('>')).toEqual([700, 800]);
        expect(await page('>=')).toEqual([600, 700, 800]);
        expect(await page('<')).toEqual([500]);
        expect(await page('<=')).toEqual([500, 600]);
      });
      // "Metadata | object {Scope: scope} | Scope echoes the query in effect"
      it('Metadata.Scope echoes the parameters in effect', async () => {
        const r = await req('GET', '/v1/catalog?boundary-id=600&comparison=%3E%3D&limit=2&order=asc');
        expect(r.body.Metadata.Scope).toMatchObject({ 'boundary-id': 600, comparison: '>=', limit: 2, order: 'asc' });
        expect(r.body.Metadata.Scope).not.toHaveProperty('q');
      });
      // "`comparison` (... requires `boundary-id` to be present)" and "400: Error body."
      it('comparison without boundary-id is a 400', async () => {
        expectErrorBody(await req('GET', '/v1/catalog?comparison=%3E'), 400);
      });
      // "boundary-id (number, min 100)", "limit 1 to 1000", "order `asc`"
      it('bad boundary-id, limit, order and comparison values are 400', async () => {
        for (const qs of ['boundary-id=99', 'boundary-id=abc', 'limit=0', 'limit=1001', 'limit=x', 'order=desc', 'boundary-id=500&comparison=%3D', 'boundary-id=500&comparison=!%3D']) {
          expectErrorBody(await req('GET', `/v1/catalog?${qs}`), 400);
        }
        expect((await req('GET', '/v1/catalog?limit=1000')).status).toBe(200);
        expect(ids(await req('GET', '/v1/catalog?limit=1'))).toEqual([500]);
      });
    });

    describe('3. Get Catalog Item', () => {
      // "Type Primary or Referenced: Id, Name, Uri, Type, Data, Brand, Category, Image, Merchant, Product"
      it('a product is the Primary full form, Data being the raw item as stored', async () => {
        const r = await req('GET', '/v1/catalog/500/product/3');
        expect(r.status).toBe(200);
        expect(r.body).toEqual({
          Id: 3,
          Name: 'Red shoe number 3',
          Uri: `itemdb://${NETWORK}/500/3`,
          Type: 'Primary',
          Data: product(3),
          Brand: { Id: 10, Name: 'Acme' },
          Category: { Id: 'c1', Name: 'Shoes', Categories: ['c0', 'c1'] },
          Image: 'https://img.example/3.jpg',
          Merchant: { Id: 7, Name: 'Shop' },
          Product: { Id: 'SKU-3', Name: 'Red shoe number 3' },
        });
      });
      // "Id | string|number | yes": string ids come back as strings.
      it('a string id stays a string', async () => {
        await upsert('/v1/catalog/500/product', [{ id: 'sku-x', title: 'String id item' }]);
        const r = await req('GET', '/v1/catalog/500/product/sku-x');
        expect(r.body).toMatchObject({ Id: 'sku-x', Name: 'String id item', Type: 'Primary', Uri: `itemdb://${NETWORK}/500/sku-x` });
        await req('POST', '/v1/catalog/500/product/batch/delete', { body: { Items: [{ id: 'sku-x' }] } });
      });
      // "Type ItemFields — required: Id (string|number), Name (string, max 100), Uri (ItemUri), Type (ItemFields)."
      it('an ItemFields brand has exactly Id, Name, Uri, Type', async () => {
        const r = await req('GET', '/v1/catalog/500/brand/11');
        expect(r.status).toBe(200);
        expect(r.body).toEqual({ Id: 11, Name: 'Zeta', Uri: `itemdb://${NETWORK}/500/11`, Type: 'ItemFields' });
        const m = await req('GET', '/v1/catalog/500/merchant/7');
        expect(m.body).toEqual({ Id: 7, Name: 'Shop', Uri: `itemdb://${NETWORK}/500/7`, Type: 'ItemFields' });
      });
      // "Type Primary or Referenced (catalog item)": a Referenced category carries Data.
      it('a Referenced category is the full form with Type Referenced and Data', async () => {
        const r = await req('GET', '/v1/catalog/500/category/c1');
        expect(r.status).toBe(200);
        expect(r.body).toEqual({ Id: 'c1', Name: 'Shoes', Uri: `itemdb://${NETWORK}/600/c1`, Type: 'Referenced', Data: { cid: 'c1', cname: 'Shoes' } });
      });
      // "item | string | one of product, brand, category, merchant" and "400: Error body."
      it('an item kind outside the four is a 400', async () => {
        for (const kind of ['products', 'Product', 'site', 'x']) {
          expectErrorBody(await req('GET', `/v1/catalog/500/${kind}/1`), 400);
          expectErrorBody(await req('GET', `/v1/catalog/500/${kind}`), 400);
        }
        expectErrorBody(await req('GET', '/v1/catalog/99/product/1'), 400);
      });
    });

    describe('4. List Catalog Items', () => {
      // "Primary / Referenced: required Id, Name, Type, Uri. Optional Brand, Category, Image, Merchant ... Data and Product are not part of the listed form."
      it('products are listed without Data or Product', async () => {
        const r = await req('GET', '/v1/catalog/500/product?limit=1');
        expect(r.status).toBe(200);
        expect(r.body.Items).toEqual([
          {
            Id: 1,
            Name: 'Red shoe number 1',
            Type: 'Primary',
            Uri: `itemdb://${NETWORK}/500/1`,
            Brand: { Id: 10, Name: 'Acme' },
            Category: { Id: 'c1', Name: 'Shoes', Categories: ['c0', 'c1'] },
            Image: 'https://img.example/1.jpg',
            Merchant: { Id: 7, Name: 'Shop' },
          },
        ]);
      });
      // "ItemFields: required Id (string|number), Type (ItemFields), Uri (ItemUri). No other fields."
      it('ItemFields kinds list Id, Type and Uri only', async () => {
        const r = await req('GET', '/v1/catalog/500/brand');
        expect(r.body.Items).toEqual([10, 11].map((id) => ({ Id: id, Type: 'ItemFields', Uri: `itemdb://${NETWORK}/500/${id}` })));
      });
      it('Referenced kinds list with Type Referenced and a Name', async () => {
        const r = await req('GET', '/v1/catalog/500/category');
        expect(r.body.Items).toEqual([
          { Id: 'c0', Name: 'All', Type: 'Referenced', Uri: `itemdb://${NETWORK}/600/c0` },
          { Id: 'c1', Name: 'Shoes', Type: 'Referenced', Uri: `itemdb://${NETWORK}/600/c1` },
        ]);
      });
      // "ItemUri: String matching the pattern itemdb://<NetworkId>/<TableId>/<Id>"
      it('every Uri matches itemdb://<NetworkId>/<TableId>/<Id>', async () => {
        for (const kind of ['product', 'brand', 'category', 'merchant']) {
          for (const item of (await req('GET', `/v1/catalog/500/${kind}`)).body.Items) {
            expect(item.Uri).toMatch(URI);
            expect(item.Uri.endsWith(`/${item.Id}`)).toBe(true);
          }
        }
      });
      // "To move forward or backward, use the NextQuery / PrevQuery values ..."; "Scope also may carry q".
      it('NextQuery / PrevQuery walk a filtered list both ways and carry q', async () => {
        const q = enc([['brand', 'Acme']]);
        let r = await req('GET', `/v1/catalog/500/product?q=${q}&limit=2`);
        expect(r.body.Metadata.Scope.q).toBe(q);
        expect(r.body).not.toHaveProperty('PrevQuery');
        const forward: unknown[] = [...ids(r)];
        while (r.body.NextQuery) {
          expect(r.body.NextQuery.q).toBe(q);
          r = await req('GET', `/v1/catalog/500/product${listingQuery(r.body.NextQuery)}`);
          expect(r.status).toBe(200);
          forward.push(...ids(r));
        }
        expect(forward).toEqual([1, 3, 5, 7, 9]);
        const backward: unknown[] = [];
        while (r.body.PrevQuery) {
          expect(r.body.PrevQuery.q).toBe(q);
          r = await req('GET', `/v1/catalog/500/product${listingQuery(r.body.PrevQuery)}`);
          backward.unshift(...ids(r));
        }
        expect(backward).toEqual([1, 3, 5, 7]);
      });
      // "`comparison` says how results relate to it"; order asc.
      it('each comparison relates the items to the boundary, in ascending order', async () => {
        const page = async (c: string) => ids(await req('GET', `/v1/catalog/500/product?boundary-id=5&comparison=${encodeURIComponent(c)}&limit=2`));
        expect(await page('>')).toEqual([6, 7]);
        expect(await page('>=')).toEqual([5, 6]);
        expect(await page('<')).toEqual([3, 4]);
        expect(await page('<=')).toEqual([4, 5]);
      });
      // "NextQuery ... absent when there are no more items in that direction" (also when the page is an exact fit);
      // docs/semantics.md §6: "`limit` defaults to 100."
      it('an exact-fit page has no NextQuery; limit defaults to 100', async () => {
        const exact = await req('GET', '/v1/catalog/500/brand?limit=2');
        expect(ids(exact)).toEqual([10, 11]);
        expect(exact.body).not.toHaveProperty('NextQuery');
        expect(exact.body).not.toHaveProperty('PrevQuery');
        const items = Array.from({ length: 101 }, (_, i) => ({ uid: i, uname: `n${i}` }));
        expect((await upsert('/v1/catalog/800/product', items)).status).toBe(200);
        const r = await req('GET', '/v1/catalog/800/product');
        expect(r.body.Items).toHaveLength(100);
        expect(r.body.Metadata.Scope.limit).toBe(100);
        expect(r.body.NextQuery).toMatchObject({ 'boundary-id': 99, comparison: '>' });
        const rest = await req('GET', `/v1/catalog/800/product${listingQuery(r.body.NextQuery)}`);
        expect(ids(rest)).toEqual([100]);
        expect(rest.body).not.toHaveProperty('NextQuery');
        expect(rest.body.PrevQuery).toMatchObject({ 'boundary-id': 100, comparison: '<' });
      });
      // "comparison requires boundary-id"; "limit 1 to 1000"; "order asc"; "400: Error body."
      it('bad paging parameters are a 400', async () => {
        for (const qs of ['comparison=%3E', 'limit=0', 'limit=1001', 'order=desc', 'boundary-id=1&comparison=%3D']) {
          expectErrorBody(await req('GET', `/v1/catalog/500/product?${qs}`), 400);
        }
        expect((await req('GET', '/v1/catalog/500/product?limit=1000')).status).toBe(200);
      });
    });

    describe('Search query syntax (q)', () => {
      const search = async (q: unknown) => {
        const r = await req('GET', `/v1/catalog/500/product?q=${enc(q)}`);
        expect(r.status, r.text).toBe(200);
        return ids(r);
      };
      // "A clause is [[operator, field], value]; shorthand for equality is [field, value]."
      it('full and shorthand equality mean the same', async () => {
        expect(await search([['brand', 'Zeta']])).toEqual([2, 4, 6, 8]);
        expect(await search([[['=', 'brand'], 'Zeta']])).toEqual([2, 4, 6, 8]);
      });
      // "Multiple clauses are combined with AND."
      it('clauses combine with AND', async () => {
        expect(await search([['brand', 'Zeta'], [['>', 'price'], 40]])).toEqual([6, 8]);
        expect(await search([])).toEqual(IDS);
      });
      // "Operators: =, <, >, <=, >=, one-of, present?, matches, matches-phrase"
      it('comparison operators order numbers', async () => {
        expect(await search([[['<', 'price'], 30]])).toEqual([1, 2]);
        expect(await search([[['<=', 'price'], 30]])).toEqual([1, 2, 3]);
        expect(await search([[['>', 'price'], 80]])).toEqual([9]);
        expect(await search([[['>=', 'price'], 80]])).toEqual([8, 9]);
      });
      // "one-of (value is an array of candidates)"
      it('one-of matches any candidate', async () => {
        expect(await search([[['one-of', 'price'], [10, 50, 999]]])).toEqual([1, 5]);
        expect(await search([[['one-of', 'tags'], ['new']]])).toEqual([3, 6, 9]);
      });
      // "present? (value true requires the field to exist, false requires it to be absent)"
      it('present? true / false', async () => {
        await upsert('/v1/catalog/500/product', [{ id: 50, title: 'No brand item' }]);
        try {
          expect(await search([[['present?', 'brand'], false]])).toEqual([50]);
          expect(await search([[['present?', 'brand'], true]])).toEqual(IDS);
        } finally {
          await req('POST', '/v1/catalog/500/product/batch/delete', { body: { Items: [{ id: 50 }] } });
        }
      });
      // "matches (full-text; the value may join terms with & to require all), matches-phrase (phrase search)"
      it('matches requires every &-joined term; matches-phrase requires the phrase', async () => {
        expect(await search([[['matches', 'title'], 'red&shoe']])).toEqual([1, 3, 5, 7, 9]);
        expect(await search([[['matches', 'title'], 'red&boot']])).toEqual([]);
        expect(await search([[['matches', 'title'], 'number&7']])).toEqual([7]);
        expect(await search([[['matches-phrase', 'title'], 'blue boot']])).toEqual([2, 4, 6, 8]);
        expect(await search([[['matches-phrase', 'title'], 'boot blue']])).toEqual([]);
      });
      // "matches and matches-phrase apply to text fields only."
      it('matches on a non-Text attribute is a 400', async () => {
        expectErrorBody(await req('GET', `/v1/catalog/500/product?q=${enc([[['matches', 'brand'], 'Acme']])}`), 400);
        expectErrorBody(await req('GET', `/v1/catalog/500/product?q=${enc([[['matches-phrase', 'price'], '10']])}`), 400);
      });
      // docs/semantics.md §4: "`false`: the key is missing or `null`. An empty array or string is present".
      it('present? counts null as absent and the empty string as present', async () => {
        await upsert('/v1/catalog/500/product', [{ id: 60, brand: null, title: 'x' }, { id: 61, brand: '', title: 'y' }]);
        try {
          expect(await search([[['present?', 'brand'], false]])).toEqual([60]);
          expect(await search([[['present?', 'brand'], true], [['<', 'brand'], 'A']])).toEqual([61]);
        } finally {
          await req('POST', '/v1/catalog/500/product/batch/delete', { body: { Items: [{ id: 60 }, { id: 61 }] } });
        }
      });
      // docs/semantics.md §3: strings order by "Unicode code point order (not UTF-16 code units, not locale)".
      it('string comparison is by code point: an astral character sorts after U+FFFF', async () => {
        await upsert('/v1/catalog/500/product', [{ id: 62, brand: '\u{1F600}' }, { id: 63, brand: '\uFFFF' }]);
        try {
          expect(await search([[['>', 'brand'], '\uFFFF']])).toEqual([62]);
          expect(await search([[['>=', 'brand'], '\uFFFF']])).toEqual([62, 63]);
        } finally {
          await req('POST', '/v1/catalog/500/product/batch/delete', { body: { Items: [{ id: 62 }, { id: 63 }] } });
        }
      });
      // docs/semantics.md §4: tokens compare after toLowerCase(); "no accent folding"; §3: Referenced "5" and 5 are the same id; no other coercion.
      it('matches lower-cases without folding accents; Referenced ids coerce, nothing else does', async () => {
        await upsert('/v1/catalog/500/product', [{ id: 64, title: 'ÉCOLE straße' }]);
        try {
          expect(await search([[['matches', 'title'], 'école']])).toEqual([64]);
          expect(await search([[['matches', 'title'], 'ecole']])).toEqual([]);
          expect(await search([[['matches', 'title'], 'STRASSE']])).toEqual([]);
          expect(await search([['id', '64']])).toEqual([64]);
          expectErrorBody(await req('GET', `/v1/catalog/500/product?q=${enc([['price', '10']])}`), 400);
        } finally {
          await req('POST', '/v1/catalog/500/product/batch/delete', { body: { Items: [{ id: 64 }] } });
        }
      });
      // docs/semantics.md §1: the decoder "decodes at most once, so a literal `%41` inside a JSON string stays literal.
      // `+` is not a space (that is form encoding, which the caller's URL parser has already undone)."
      it('q is decoded once: %41 stays literal, an encoded + is a plus', async () => {
        await upsert('/v1/catalog/500/product', [{ id: 65, title: '%41' }, { id: 66, title: 'A+B' }, { id: 67, title: 'A' }]);
        try {
          expect(await search([['title', '%41']])).toEqual([65]);
          expect(await search([['title', 'A+B']])).toEqual([66]);
          // The plain JSON text (first character `[`) is accepted as well as the percent-encoded text.
          const plain = await req('GET', `/v1/catalog/500/product?q=${encodeURIComponent('[["title","A"]]')}`);
          expect(ids(plain)).toEqual([67]);
          const once = await req('GET', `/v1/catalog/500/product?q=${encodeURIComponent(enc([['title', 'A']]))}`);
          expect(ids(once)).toEqual([67]);
        } finally {
          await req('POST', '/v1/catalog/500/product/batch/delete', { body: { Items: [{ id: 65 }, { id: 66 }, { id: 67 }] } });
        }
      });
      // docs/semantics.md §2: alias paths resolve through Aliases to a declared attribute.
      it('alias paths Name and Brand.Name resolve through Aliases', async () => {
        expect(await search([['Name', 'Blue boot number 4']])).toEqual([4]);
        expect(await search([['Brand.Name', 'Zeta'], [['<', 'price'], 50]])).toEqual([2, 4]);
      });
      // "Fields must be declared in the catalog's SearchableAttributes."
      it('an undeclared field is a 400 (sku is raw data, not declared)', async () => {
        const r = await req('GET', `/v1/catalog/500/product?q=${enc([['sku', 'SKU-1']])}`);
        expectErrorBody(r, 400);
        expect(r.body.Errors.map((e: { message: string }) => e.message).join('\n')).toContain('sku');
      });
      // "The value is a URI-encoded array of clauses" (and the unknown operators of docs/semantics.md §1).
      it('malformed queries are 400 with an Error body', async () => {
        for (const raw of ['%5B', 'not-json', enc({ brand: 'Acme' }), enc([['brand']]), enc([[['!=', 'brand'], 'x']]), enc([[['one-of', 'price'], []]])]) {
          expectErrorBody(await req('GET', `/v1/catalog/500/product?q=${raw}`), 400);
        }
      });
      // docs/semantics.md §5: "All problems are reported at once, never only the first."
      it('every problem of a query is reported at once', async () => {
        const r = await req('GET', `/v1/catalog/500/product?q=${enc([['nope', 1], [['matches', 'price'], 'x']])}`);
        expectErrorBody(r, 400);
        expect(r.body.Errors.length).toBeGreaterThanOrEqual(2);
      });
    });

    describe('5-7. Batch operations', () => {
      const P = '/v1/catalog/500/product';
      // "items whose id does not exist are created; items whose id exists are updated." / "200: Submission result"
      it('upsert creates and updates; no warnings is an empty object', async () => {
        const r = await upsert(P, [{ id: 'b-1', title: 'First' }]);
        expect(r.status).toBe(200);
        // "an empty object is returned when there are none"
        expect(r.body).toEqual({});
        const again = await upsert(P, [{ id: 'b-1', title: 'Second' }, { id: 'b-2', title: 'Other' }]);
        expect(again.body).toEqual({});
        expect((await req('GET', `${P}/b-1`)).body.Name).toBe('Second');
        expect((await req('GET', `${P}/b-2`)).body.Name).toBe('Other');
      });
      // "for ids that exist in the catalog, only the given parameters are updated."
      it('partial update changes only the given parameters', async () => {
        await upsert(P, [{ id: 'b-3', title: 'Keep me', price: 1 }]);
        const r = await req('PATCH', `${P}/batch/update`, { body: { Items: [{ id: 'b-3', price: 2 }] } });
        expect(r.status).toBe(200);
        expect((await req('GET', `${P}/b-3`)).body.Data).toEqual({ id: 'b-3', title: 'Keep me', price: 2 });
      });
      // "ids that do not exist are silently ignored."
      it('delete removes known ids and silently ignores unknown ones', async () => {
        const r = await req('POST', `${P}/batch/delete`, { body: { Items: [{ id: 'b-1' }, { id: 'b-2' }, { id: 'b-3' }, { id: 'never-existed' }] } });
        expect(r.status).toBe(200);
        expect(r.body).toEqual({});
        for (const id of ['b-1', 'b-2', 'b-3']) expect((await req('GET', `${P}/${id}`)).status).toBe(404);
      });
      // "Warnings | array of {message: string} | warnings, present only when any were produced"
      it('non-fatal problems come back as 200 with Warnings of {message}', async () => {
        const r = await upsert(P, [{ title: 'no id here' }]);
        expect(r.status).toBe(200);
        expect(r.body.Warnings.length).toBeGreaterThanOrEqual(1);
        for (const w of r.body.Warnings) expect(Object.keys(w)).toEqual(['message']);
        expect(typeof r.body.Warnings[0].message).toBe('string');
      });
      // "upsert 1 to 1000 | partial update 1 to 100 | delete 1 to 1000" and "Items is required in each."
      it.each([
        ['POST', 'upsert', 1000],
        ['PATCH', 'update', 100],
        ['POST', 'delete', 1000],
      ] as const)('%s %s takes 1 to %i Items, and Items is required', async (method, op, max) => {
        const path = `${P}/batch/${op}`;
        const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `lim-${op}-${i}` }));
        expectErrorBody(await req(method, path, { body: { Items: [] } }), 400);
        expectErrorBody(await req(method, path, { body: { Items: items(max + 1) } }), 400);
        expectErrorBody(await req(method, path, { body: {} }), 400);
        expectErrorBody(await req(method, path, { body: { Items: 'x' } }), 400);
        expect((await req(method, path, { body: { Items: items(1) } })).status).toBe(200);
        expect((await req(method, path, { body: { Items: items(max) } })).status).toBe(200);
        await req('POST', `${P}/batch/delete`, { body: { Items: items(max) } });
      });
      // "Request bodies are JSON with Content-Type: application/json."
      it('a body that is not JSON is a 400', async () => {
        expectErrorBody(await req('POST', `${P}/batch/upsert`, { raw: '{"Items":[', headers: { 'Content-Type': 'application/json' } }), 400);
      });
      // "Legacy form encoding: POST and PUT endpoints ... also accept Content-Type: application/x-www-form-urlencoded,
      //  where the JSON object is the value of one form key named after the object type"
      it('POST batches accept the legacy form encoding', async () => {
        const form = (key: string, value: unknown) => new URLSearchParams({ [key]: JSON.stringify(value) }).toString();
        const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
        const up = await req('POST', `${P}/batch/upsert`, { raw: form('Items', { Items: [{ id: 'form-1', title: 'From a form' }] }), headers });
        expect(up.status, up.text).toBe(200);
        expect((await req('GET', `${P}/form-1`)).body.Name).toBe('From a form');
        const del = await req('POST', `${P}/batch/delete`, { raw: form('Items', { Items: [{ id: 'form-1' }] }), headers });
        expect(del.status).toBe(200);
        expect((await req('GET', `${P}/form-1`)).status).toBe(404);
        expectErrorBody(await req('POST', `${P}/batch/upsert`, { raw: 'Items=not-json', headers }), 400);
      });
      // "brand, category, merchant": writes to the referenced catalog show up in it.
      it('a Referenced kind is written to the referenced catalog', async () => {
        expect((await upsert('/v1/catalog/500/category', [{ cid: 'c7', cname: 'Tents' }])).status).toBe(200);
        expect((await req('GET', '/v1/catalog/600/product/c7')).body).toMatchObject({ Id: 'c7', Name: 'Tents', Type: 'Primary' });
        expect((await req('GET', '/v1/catalog/500/category/c7')).body.Type).toBe('Referenced');
        await req('POST', '/v1/catalog/500/category/batch/delete', { body: { Items: [{ cid: 'c7' }] } });
        expect((await req('GET', '/v1/catalog/600/product/c7')).status).toBe(404);
      });
    });

    describe('Names and keys, to the letter', () => {
      const P = '/v1/catalog/500/product';
      // "400: Error body." — also for requests Node's HTTP parser refuses before routing.
      it('a URL over the header limit (64 KB) and a body shorter than its Content-Length get the Errors body', async () => {
        const { request } = await import('node:net').then((net) => ({ request: (raw: string) => new Promise<string>((resolve, reject) => {
          const u = new URL(server.url);
          const socket = net.connect(Number(u.port), u.hostname, () => socket.end(raw));
          let got = '';
          socket.on('data', (d) => (got += d.toString('utf8')));
          socket.on('end', () => resolve(got));
          socket.on('error', reject);
        }) }));
        const long = await req('GET', `${P}?q=${enc([['brand', 'x'.repeat(70_000)]])}`);
        expectErrorBody(long, 431);
        const short = await request(`POST ${P}/batch/upsert HTTP/1.1\r\nHost: x\r\nX-Service-ApiKey: ${KEY}\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{"Items":[{"id":1}]}`);
        // The first 5 bytes end the first request; the rest is not HTTP, and Node's parser refuses it.
        const last = short.slice(short.lastIndexOf('HTTP/1.1 '));
        expect(last).toMatch(/^HTTP\/1\.1 400 .*\r\ncontent-type: application\/json/is);
        expect(JSON.parse(last.slice(last.indexOf('\r\n\r\n') + 4)).Errors[0].message).toMatch(/not valid HTTP/);
      });
      it('an id holding NUL names no derived brand: 404, not a database error', async () => {
        expectErrorBody(await req('GET', '/v1/catalog/500/brand/%00'), 404);
      });
      // "Primary / Referenced: required Id, Name, Type, Uri" (listed) and "Name | string, max 100 | yes" (full).
      it('Name is always there, the id as text when the raw item has none', async () => {
        expect((await upsert(P, [{ id: 'nameless-1', price: 5 }])).status).toBe(200);
        const full = await req('GET', `${P}/nameless-1`);
        expect(full.body).toMatchObject({ Id: 'nameless-1', Name: 'nameless-1', Type: 'Primary' });
        const listed = await req('GET', `${P}?boundary-id=nameless-1&comparison=%3E%3D&limit=1`);
        expect(listed.body.Items).toEqual([expect.objectContaining({ Id: 'nameless-1', Name: 'nameless-1' })]);
        await req('POST', `${P}/batch/delete`, { body: { Items: [{ id: 'nameless-1' }] } });
      });
      // "item name, brand/category/merchant/product names in items: max 100 characters"
      it('names longer than 100 characters are stored as sent, warned about, and returned cut to 100 code points', async () => {
        const long = '😀'.repeat(60) + 'x'.repeat(60);
        const r = await upsert(P, [{ id: 'long-1', title: long, brand: long, brand_id: 99 }]);
        expect(r.status).toBe(200);
        expect(r.body.Warnings.map((w: { message: string }) => w.message).join('\n')).toMatch(/"title" is a name of 120 characters[\s\S]*"brand" is a name of 120 characters/);
        const full = await req('GET', `${P}/long-1`);
        expect(full.body.Data.title).toBe(long);
        expect(Array.from(full.body.Name as string)).toHaveLength(100);
        expect(full.body.Name).toBe(Array.from(long).slice(0, 100).join(''));
        expect(Array.from(full.body.Brand.Name as string)).toHaveLength(100);
        expect(Array.from(full.body.Product.Name as string)).toHaveLength(100);
        await req('POST', `${P}/batch/delete`, { body: { Items: [{ id: 'long-1' }] } });
      });
      // "A request lacking the header, or carrying a key invalid for the network, is rejected with HTTP status 401."
      it('a valid key in one header does not excuse an invalid key in the other', async () => {
        expect((await req('GET', '/v1/catalog/500', { headers: { 'X-Legacy-ApiKey': 'not-' + KEY } })).status).toBe(401);
        expect((await req('GET', '/v1/catalog/500', { headers: { 'X-Legacy-ApiKey': KEY } })).status).toBe(200);
      });
      // "item | string | one of product, brand, category, merchant"
      it('a wrong item kind is one message naming the four kinds', async () => {
        const r = await req('GET', '/v1/catalog/500/shoes');
        expectErrorBody(r, 400);
        expect(r.body.Errors.map((e: { message: string }) => e.message)).toEqual([expect.stringContaining('must be one of "product", "brand", "category", "merchant"')]);
      });
      // "Catalog ids are numbers with a minimum of 100."
      it('a catalog id too large to be a number (1e400) is a 400, not a missing catalog', async () => {
        expectErrorBody(await req('GET', '/v1/catalog/1e400'), 400);
      });
      it('a number too large for JSON is said to be stored as null', async () => {
        const r = await req('POST', `${P}/batch/upsert`, { raw: '{"Items":[{"id":"huge-1","price":1e400}]}', headers: { 'Content-Type': 'application/json' } });
        expect(r.status).toBe(200);
        expect(r.body.Warnings[0].message).toContain('stored as null');
        expect((await req('GET', `${P}/huge-1`)).body.Data.price).toBe(null);
        await req('POST', `${P}/batch/delete`, { body: { Items: [{ id: 'huge-1' }] } });
      });
    });
  });
}
