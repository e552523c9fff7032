/**
 * The black-box suite: a real catq-server process over real HTTP, on embedded PGlite and on a
 * real PostgreSQL server, covering every endpoint, status and limit of the interface.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, DANGLING, PRODUCTS } from './support/fixtures.js';
import { call, freshDatabase, KEY, listingQuery, startServer, tempFiles, type ServerProcess } from './support/process.js';

const ENGINES = ['pglite', 'postgres'] as const;

const BRANDS = ['Acme', 'Zeta', 'Acme'];
function product(n: number): Record<string, unknown> {
  return {
    id: n,
    sku: `SKU-${n}`,
    title: `Red shoe model ${n}`,
    brand: BRANDS[n % 3],
    brand_id: 10 + (n % 3 === 2 ? 0 : n % 3),
    cat_id: n % 2 ? 'c1' : 'c2',
    cat: n % 2 ? 'Shoes' : 'Boots',
    cat_path: ['c0', n % 2 ? 'c1' : 'c2'],
    m: 'Shop',
    m_id: 7,
    img: `https://img.example/${n}.jpg`,
    price: n * 10,
    tags: n % 2 ? ['sale'] : ['new'],
  };
}

const ROUTES: readonly [string, string][] = [
  ['GET', '/v1/catalog'],
  ['GET', '/v1/catalog/500'],
  ['GET', '/v1/catalog/500/product'],
  ['GET', '/v1/catalog/500/product/1'],
  ['POST', '/v1/catalog/500/product/batch/upsert'],
  ['PATCH', '/v1/catalog/500/product/batch/update'],
  ['POST', '/v1/catalog/500/product/batch/delete'],
];

describe.each(ENGINES)('catq-server on %s', (engine) => {
  let server: ServerProcess;
  let files: ReturnType<typeof tempFiles>;
  let drop: (() => Promise<void>) | undefined;
  const req = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(server.url, method, path, options);

  beforeAll(async () => {
    files = tempFiles({ 'p.json': JSON.stringify(PRODUCTS), 'c.json': JSON.stringify(CATEGORIES), 'd.json': JSON.stringify(DANGLING) });
    const db: string[] = [];
    if (engine === 'postgres') {
      const fresh = await freshDatabase('api');
      drop = fresh.drop;
      db.push('--database-url', fresh.url);
    }
    server = await startServer(['--catalog', files.path('p.json'), '--catalog', files.path('c.json'), '--catalog', files.path('d.json'), '--api-key', KEY, '--api-key', 'other-key', '--network-id', '7', '--body-limit', '300000', ...db]);
    const up = await req('POST', '/v1/catalog/500/product/batch/upsert', { body: { Items: Array.from({ length: 12 }, (_, i) => product(i + 1)) } });
    expect(up.status).toBe(200);
    expect(up.body).toEqual({});
    const cats = await req('POST', '/v1/catalog/500/category/batch/upsert', { body: { Items: [{ cid: 'c1', cname: 'Shoes' }, { cid: 'c2', cname: 'Boots' }, { cid: 'c0', cname: 'All' }] } });
    expect(cats.status).toBe(200);
  });
  afterAll(async () => {
    await server?.stop();
    files?.cleanup();
    await drop?.();
  });

  describe('authentication', () => {
    it.each(ROUTES)('%s %s without a key is 401 with an Errors body', async (method, path) => {
      const r = await req(method, path, { key: null, body: { Items: [{ id: 1 }] } });
      expect(r.status).toBe(401);
      expect(r.body.Errors[0].message).toMatch(/API key/);
    });
    it.each(ROUTES)('%s %s with an unknown key is 401', async (method, path) => {
      const r = await req(method, path, { key: KEY + 'x', body: { Items: [{ id: 1 }] } });
      expect(r.status).toBe(401);
      expect(r.body.Errors).toHaveLength(1);
    });
    it('accepts X-Legacy-ApiKey interchangeably, and every configured key', async () => {
      expect((await req('GET', '/v1/catalog/500', { key: null, headers: { 'X-Legacy-ApiKey': KEY } })).status).toBe(200);
      expect((await req('GET', '/v1/catalog/500', { key: 'other-key' })).status).toBe(200);
    });
  });

  describe('catalogs', () => {
    it('Get Catalog returns the full form as loaded', async () => {
      const r = await req('GET', '/v1/catalog/500');
      expect(r.status).toBe(200);
      expect(r.body).toEqual(PRODUCTS);
    });
    it('a catalog id that is not a number >= 100 is a 400; an unknown one is a 404', async () => {
      for (const bad of ['99', 'abc', '-500']) {
        const r = await req('GET', `/v1/catalog/${bad}`);
        expect(r.status, bad).toBe(400);
        expect(r.body.Errors[0].message).toMatch(/catalogId/);
      }
      const r = await req('GET', '/v1/catalog/501');
      expect(r.status).toBe(404);
      expect(r.body.Errors[0].message).toMatch(/501/);
    });
    it('List Catalogs pages with the cursor rules', async () => {
      const all = await req('GET', '/v1/catalog');
      expect(all.body).toEqual({
        Items: [500, 600, 700].map((id) => ({ Id: id, Name: [PRODUCTS, CATEGORIES, DANGLING].find((c) => c.Id === id)?.Name, Type: 'Product' })),
        Metadata: { Scope: { limit: 100, order: 'asc' } },
      });
      const first = await req('GET', '/v1/catalog?limit=1');
      expect(first.body.Items.map((c: { Id: number }) => c.Id)).toEqual([500]);
      expect(first.body.NextQuery).toEqual({ 'boundary-id': 500, comparison: '>', limit: 1, order: 'asc' });
      expect(first.body.PrevQuery).toBeUndefined();
      const second = await req('GET', `/v1/catalog${listingQuery(first.body.NextQuery)}`);
      expect(second.body.Items.map((c: { Id: number }) => c.Id)).toEqual([600]);
      expect(second.body.PrevQuery).toEqual({ 'boundary-id': 600, comparison: '<', limit: 1, order: 'asc' });
      const back = await req('GET', `/v1/catalog${listingQuery(second.body.PrevQuery)}`);
      expect(back.body.Items.map((c: { Id: number }) => c.Id)).toEqual([500]);
      const below = await req('GET', '/v1/catalog?boundary-id=700&comparison=<=&limit=2');
      expect(below.body.Items.map((c: { Id: number }) => c.Id)).toEqual([600, 700]);
    });
    it('List Catalogs reports every bad parameter at once', async () => {
      const r = await req('GET', '/v1/catalog?comparison=%3E&limit=0&order=desc&q=x&boundary-id=5');
      expect(r.status).toBe(400);
      const text = r.body.Errors.map((e: { message: string }) => e.message).join('\n');
      for (const word of ['"q"', '"limit"', '"order"', '"boundary-id"']) expect(text).toContain(word);
      const c = await req('GET', '/v1/catalog?comparison=%3E');
      expect(c.status).toBe(400);
      expect(c.body.Errors[0].message).toMatch(/boundary-id/);
    });
    it('a key that is not one of the network\'s keys sees nothing', async () => {
      const r = await req('GET', '/v1/catalog', { key: 'not-a-key-of-network-7' });
      expect(r.status).toBe(401);
    });
  });

  describe('items', () => {
    it('Get Catalog Item returns the full form of a product', async () => {
      const r = await req('GET', '/v1/catalog/500/product/3');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        Id: 3,
        Name: 'Red shoe model 3',
        Uri: 'itemdb://7/500/3',
        Type: 'Primary',
        Data: product(3),
        Brand: { Id: 10, Name: 'Acme' },
        Category: { Id: 'c1', Name: 'Shoes', Categories: ['c0', 'c1'] },
        Image: 'https://img.example/3.jpg',
        Merchant: { Id: 7, Name: 'Shop' },
        Product: { Id: 'SKU-3', Name: 'Red shoe model 3' },
      });
    });
    it('an unknown item is a 404, a bad kind a 400, an unknown catalog a 404', async () => {
      expect((await req('GET', '/v1/catalog/500/product/999')).status).toBe(404);
      const bad = await req('GET', '/v1/catalog/500/shoes/1');
      expect(bad.status).toBe(400);
      expect(bad.body.Errors[0].message).toMatch(/item/);
      expect((await req('GET', '/v1/catalog/501/product/1')).status).toBe(404);
      expect((await req('GET', '/v1/catalog/501/product')).status).toBe(404);
    });
    it('string and number ids are different items; a numeric path finds the number first', async () => {
      await req('POST', '/v1/catalog/500/product/batch/upsert', { body: { Items: [{ id: '3', title: 'the string id' }, { id: 'a/b c', title: 'slash' }] } });
      expect((await req('GET', '/v1/catalog/500/product/3')).body.Name).toBe('Red shoe model 3');
      const slash = await req('GET', `/v1/catalog/500/product/${encodeURIComponent('a/b c')}`);
      expect(slash.body).toMatchObject({ Id: 'a/b c', Uri: 'itemdb://7/500/a%2Fb%20c' });
      await req('POST', '/v1/catalog/500/product/batch/delete', { body: { Items: [{ id: 3 }] } });
      expect((await req('GET', '/v1/catalog/500/product/3')).body.Name).toBe('the string id');
      await req('POST', '/v1/catalog/500/product/batch/upsert', { body: { Items: [product(3)] } });
      await req('POST', '/v1/catalog/500/product/batch/delete', { body: { Items: [{ id: '3' }, { id: 'a/b c' }] } });
      expect((await req('GET', '/v1/catalog/500/product/3')).body.Id).toBe(3);
    });
    it('List Catalog Items filters with q and pages with NextQuery / PrevQuery', async () => {
      const q = encodeURIComponent(JSON.stringify([['brand', 'Acme'], [['<', 'price'], 100]]));
      const r = await req('GET', `/v1/catalog/500/product?q=${q}&limit=2`);
      expect(r.status).toBe(200);
      expect(r.body.Items.map((i: { Id: number }) => i.Id)).toEqual([2, 3]);
      expect(r.body.Items[0]).toEqual({
        Id: 2,
        Type: 'Primary',
        Uri: 'itemdb://7/500/2',
        Name: 'Red shoe model 2',
        Brand: { Id: 10, Name: 'Acme' },
        Category: { Id: 'c2', Name: 'Boots', Categories: ['c0', 'c2'] },
        Image: 'https://img.example/2.jpg',
        Merchant: { Id: 7, Name: 'Shop' },
      });
      expect(r.body.Metadata.Scope).toEqual({ q, limit: 2, order: 'asc' });
      expect(r.body.NextQuery).toEqual({ q, 'boundary-id': 3, comparison: '>', limit: 2, order: 'asc' });
      expect(r.body.PrevQuery).toBeUndefined();
      const next = await req('GET', `/v1/catalog/500/product${listingQuery(r.body.NextQuery)}`);
      expect(next.body.Items.map((i: { Id: number }) => i.Id)).toEqual([5, 6]);
      expect(next.body.PrevQuery).toEqual({ q, 'boundary-id': 5, comparison: '<', limit: 2, order: 'asc' });
    });
    it('reports a bad q and a bad limit together, with catq messages', async () => {
      const r = await req('GET', `/v1/catalog/500/product?q=${encodeURIComponent('[["colour","red"]]')}&limit=5000&comparison=%3E`);
      expect(r.status).toBe(400);
      const text = r.body.Errors.map((e: { message: string }) => e.message).join('\n');
      expect(text).toMatch(/colour/);
      expect(text).toMatch(/"limit"/);
      expect(text).toMatch(/boundary-id/);
      const both = await req('GET', `/v1/catalog/5/shoes?q=%5B&limit=abc`);
      expect(both.status).toBe(400);
      expect(both.body.Errors.length).toBeGreaterThanOrEqual(4);
      const order = await req('GET', '/v1/catalog/500/product?order=desc');
      expect(order.status).toBe(400);
      expect(order.body.Errors[0].message).toMatch(/asc/);
    });
    it('each 400 message of a bad q names its place and its code, syntax errors included', async () => {
      const r = await req('GET', `/v1/catalog/500/product?q=${encodeURIComponent('[["brand","Acme"],[price]]')}&limit=0`);
      expect(r.status).toBe(400);
      expect(r.body.Errors.map((e: { message: string }) => e.message)).toEqual([
        // "price" without quotes starts at offset 19 of the JSON text: character 20.
        expect.stringMatching(/^At character 20 of the query text: The query is not valid JSON: .* \[wire\/invalid-json\]$/),
        expect.stringMatching(/^At \/limit: .* \[listing\/[a-z-]+\]$/),
      ]);
      const field = await req('GET', `/v1/catalog/500/product?q=${encodeURIComponent('[["colour","red"]]')}`);
      expect(field.body.Errors[0].message).toMatch(/^At \/0\/0: Unknown field "colour".* \[schema\/unknown-field\]$/);
      const catalogs = await req('GET', '/v1/catalog?limit=0');
      expect(catalogs.body.Errors[0].message).toMatch(/^At \/limit: .* \[listing\/[a-z-]+\]$/);
    });
    it('a query parameter given more than once is a 400 naming it, on every operation (no value is picked)', async () => {
      const q = encodeURIComponent('[["brand","Acme"]]');
      const r = await req('GET', `/v1/catalog/500/product?q=${q}&q=${encodeURIComponent('[]')}&limit=1&limit=2&limit=3`);
      expect(r.status).toBe(400);
      expect(r.body.Errors.map((e: { message: string }) => e.message)).toEqual([
        'At /q: The query parameter "q" is given 2 times; give it once.',
        'At /limit: The query parameter "limit" is given 3 times; give it once.',
      ]);
      const catalogs = await req('GET', '/v1/catalog?limit=1&limit=1');
      expect(catalogs.status).toBe(400);
      expect(catalogs.body.Errors[0].message).toBe('At /limit: The query parameter "limit" is given 2 times; give it once.');
      const upsert = await req('POST', '/v1/catalog/500/product/batch/upsert?dry-run=true&dry-run=false', { body: { Items: [{ id: 1 }] } });
      expect(upsert.status).toBe(400);
      expect(upsert.body.Errors[0].message).toMatch(/^At \/dry-run: .* given 2 times/);
      // Once each is fine.
      expect((await req('GET', `/v1/catalog/500/product?q=${q}&limit=1`)).status).toBe(200);
    });
    it('limit accepts 1 and 1000, not 0 or 1001', async () => {
      expect((await req('GET', '/v1/catalog/500/product?limit=1')).body.Items).toHaveLength(1);
      expect((await req('GET', '/v1/catalog/500/product?limit=1000')).status).toBe(200);
      expect((await req('GET', '/v1/catalog/500/product?limit=0')).status).toBe(400);
      expect((await req('GET', '/v1/catalog/500/product?limit=1001')).status).toBe(400);
    });
  });

  describe('brand, category and merchant', () => {
    it('ItemFields kinds are derived from the products through Aliases', async () => {
      const r = await req('GET', '/v1/catalog/500/brand');
      expect(r.status).toBe(200);
      expect(r.body.Items).toEqual([10, 11].map((id) => ({ Id: id, Type: 'ItemFields', Uri: `itemdb://7/500/${id}` })));
      const one = await req('GET', '/v1/catalog/500/brand/10');
      expect(one.body).toEqual({ Id: 10, Name: 'Acme', Uri: 'itemdb://7/500/10', Type: 'ItemFields' });
      const byName = await req('GET', `/v1/catalog/500/brand?q=${encodeURIComponent('[["Name","Acme"]]')}`);
      expect(byName.body.Items.map((i: { Id: number }) => i.Id)).toEqual([10]);
      // No Configuration entry: derived as well.
      const merchants = await req('GET', '/v1/catalog/500/merchant');
      expect(merchants.body.Items).toEqual([{ Id: 7, Type: 'ItemFields', Uri: 'itemdb://7/500/7' }]);
    });
    it('a lone surrogate in a derived kind\'s id or q names no record (404, an empty page), as for products', async () => {
      for (const kind of ['brand', 'product']) {
        const one = await req('GET', `/v1/catalog/500/${kind}/%22%5Cud800%22`);
        expect(one.status, one.text).toBe(404);
        expect(one.body.Errors[0].message).not.toMatch(/database|json/);
      }
      for (const q of ['[["Id","\\ud800"]]', '[["Name","\\udc00"]]', '[[["one-of","Id"],["\\ud800","x"]]]']) {
        const page = await req('GET', `/v1/catalog/500/brand?q=${encodeURIComponent(q)}`);
        expect(page.status, `${q}: ${page.text}`).toBe(200);
        expect(page.body.Items).toEqual([]);
      }
    });
    it('writing to a derived kind is a 400', async () => {
      for (const [m, op] of [['POST', 'upsert'], ['PATCH', 'update'], ['POST', 'delete']] as const) {
        const r = await req(m, `/v1/catalog/500/brand/batch/${op}`, { body: { Items: [{ brand_id: 1 }] } });
        expect(r.status).toBe(400);
        expect(r.body.Errors[0].message).toMatch(/derived/);
      }
    });
    it('Referenced kinds are the items of the referenced catalog, type Referenced', async () => {
      const r = await req('GET', '/v1/catalog/500/category');
      expect(r.body.Items).toEqual(
        ['c0', 'c1', 'c2'].map((id) => ({ Id: id, Type: 'Referenced', Uri: `itemdb://7/600/${id}`, Name: { c0: 'All', c1: 'Shoes', c2: 'Boots' }[id] })),
      );
      const one = await req('GET', '/v1/catalog/500/category/c1');
      expect(one.body).toEqual({ Id: 'c1', Name: 'Shoes', Uri: 'itemdb://7/600/c1', Type: 'Referenced', Data: { cid: 'c1', cname: 'Shoes' } });
      const own = await req('GET', '/v1/catalog/600/product/c1');
      expect(own.body.Type).toBe('Primary');
      const dangling = await req('GET', '/v1/catalog/700/merchant');
      expect(dangling.status).toBe(404);
      expect(dangling.body.Errors[0].message).toMatch(/999/);
    });
  });

  describe('batches', () => {
    it('upsert warns about missing ids, repeated ids and values that do not fit, and stores the rest', async () => {
      const r = await req('POST', '/v1/catalog/500/product/batch/upsert', {
        body: { Items: [{ id: 100, price: '10' }, { title: 'no id' }, { id: 101, tags: ['a', 5] }, { id: 100, price: 5, in_stock: 'yes' }, { id: null }, { id: 102, meta: 'x', sizes: 3 }, { id: '' }] },
      });
      expect(r.status).toBe(200);
      const w = r.body.Warnings.map((x: { message: string }) => x.message);
      expect(w.some((m: string) => /Items\[0\].*"price".*Number.*can never match/s.test(m))).toBe(true);
      expect(w.some((m: string) => /Items\[1\].*no usable id/.test(m))).toBe(true);
      expect(w.some((m: string) => /Items\[4\].*no usable id/.test(m))).toBe(true);
      expect(w).toContain('Items[6] has no usable id: "id" must hold a non-empty string or a finite number, but it holds the string "". The item was skipped.');
      expect(w.some((m: string) => /Items\[0\].*Items\[3\].*same id/.test(m))).toBe(true);
      expect(w.some((m: string) => /Items\[2\].*"tags"/.test(m))).toBe(true);
      expect(w.some((m: string) => /Items\[3\].*"in_stock".*Boolean/.test(m))).toBe(true);
      expect(w.some((m: string) => /Items\[5\].*"meta".*Object/.test(m) && /present\?/.test(m))).toBe(true);
      expect(w.some((m: string) => /Items\[5\].*"sizes".*Array/.test(m))).toBe(true);
      expect((await req('GET', '/v1/catalog/500/product/100')).body.Data).toEqual({ id: 100, price: 5, in_stock: 'yes' });
      await req('POST', '/v1/catalog/500/product/batch/delete', { body: { Items: [{ id: 100 }, { id: 101 }, { id: 102 }] } });
    });
    it('partial update changes only the given keys and warns about unknown ids', async () => {
      const r = await req('PATCH', '/v1/catalog/500/product/batch/update', { body: { Items: [{ id: 5, price: 1, extra: true }, { id: 4242, price: 2 }] } });
      expect(r.status).toBe(200);
      expect(r.body.Warnings).toHaveLength(1);
      expect(r.body.Warnings[0].message).toMatch(/^Items\[1\] \(id 4242\): no product with that id exists/);
      expect((await req('GET', '/v1/catalog/500/product/5')).body.Data).toEqual({ ...product(5), price: 1, extra: true });
      expect((await req('GET', '/v1/catalog/500/product/4242')).status).toBe(404);
      await req('POST', '/v1/catalog/500/product/batch/upsert', { body: { Items: [product(5)] } });
    });
    it('delete ignores unknown ids silently', async () => {
      await req('POST', '/v1/catalog/500/product/batch/upsert', { body: { Items: [{ id: 'gone' }] } });
      const r = await req('POST', '/v1/catalog/500/product/batch/delete', { body: { Items: [{ id: 'gone' }, { id: 'never-was' }] } });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({});
      expect((await req('GET', '/v1/catalog/500/product/gone')).status).toBe(404);
    });
    it('batch sizes: upsert and delete 1..1000, update 1..100', async () => {
      const items = (n: number) => ({ Items: Array.from({ length: n }, (_, i) => ({ id: `size-${i}` })) });
      for (const [method, op, max] of [['POST', 'upsert', 1000], ['PATCH', 'update', 100], ['POST', 'delete', 1000]] as const) {
        const path = `/v1/catalog/500/product/batch/${op}`;
        const empty = await req(method, path, { body: { Items: [] } });
        expect(empty.status, `${op} 0`).toBe(400);
        expect(empty.body.Errors[0].message).toMatch(/Items/);
        const over = await req(method, path, { body: items(max + 1) });
        expect(over.status, `${op} ${max + 1}`).toBe(400);
        expect(over.body.Errors[0].message).toMatch(new RegExp(String(max)));
        const ok = await req(method, path, { body: items(max) });
        expect(ok.status, `${op} ${max}`).toBe(200);
      }
      expect((await req('GET', '/v1/catalog/500/product/size-0')).status).toBe(404);
    });
    it('bodies without Items, with non-object items or extra keys are 400 with every problem', async () => {
      const r = await req('POST', '/v1/catalog/500/product/batch/upsert', { body: { Items: [1, 'x', { id: 1 }], Extra: 1 } });
      expect(r.status).toBe(400);
      expect(r.body.Errors.length).toBeGreaterThanOrEqual(3);
      expect((await req('POST', '/v1/catalog/500/product/batch/upsert', { body: {} })).status).toBe(400);
      expect((await req('POST', '/v1/catalog/500/product/batch/upsert', { body: [] })).status).toBe(400);
    });
    it('items the database cannot hold are skipped with a warning naming them; the rest of the batch is stored', async () => {
      const r = await req('POST', '/v1/catalog/500/product/batch/upsert', { body: { Items: [{ id: 'ok-1' }, { id: 'nul', t: 'a\u0000b' }, { id: 'lone', t: '\ud800' }] } });
      expect(r.status).toBe(200);
      expect(r.body.Warnings.map((e: { message: string }) => e.message).join('\n')).toMatch(/Items\[1\] \(id "nul"\) was not stored: "t"[\s\S]*Items\[2\] \(id "lone"\) was not stored: "t"/);
      expect((await req('GET', '/v1/catalog/500/product/ok-1')).status).toBe(200);
      expect((await req('GET', '/v1/catalog/500/product/nul')).status).toBe(404);
      await req('POST', '/v1/catalog/500/product/batch/delete', { body: { Items: [{ id: 'ok-1' }] } });
    });
    it('accepts legacy form bodies; other content types are 400; too large a body is 413', async () => {
      const form = new URLSearchParams({ Items: JSON.stringify({ Items: [{ id: 'form-1', title: 'from a form' }] }) }).toString();
      const r = await req('POST', '/v1/catalog/500/product/batch/upsert', { raw: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect(r.status).toBe(200);
      expect((await req('GET', '/v1/catalog/500/product/form-1')).body.Name).toBe('from a form');
      const patch = new URLSearchParams({ body: JSON.stringify({ Items: [{ id: 'form-1', title: 'patched' }] }) }).toString();
      expect((await req('PATCH', '/v1/catalog/500/product/batch/update', { raw: patch, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })).status).toBe(200);
      expect((await req('GET', '/v1/catalog/500/product/form-1')).body.Name).toBe('patched');
      const del = new URLSearchParams({ Items: JSON.stringify({ Items: [{ id: 'form-1' }] }) }).toString();
      expect((await req('POST', '/v1/catalog/500/product/batch/delete', { raw: del, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })).status).toBe(200);
      const arrayForm = new URLSearchParams({ Items: JSON.stringify([{ id: 'form-2' }]) }).toString();
      expect((await req('POST', '/v1/catalog/500/product/batch/upsert', { raw: arrayForm, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })).status).toBe(200);
      expect((await req('GET', '/v1/catalog/500/product/form-2')).status).toBe(200);
      await req('POST', '/v1/catalog/500/product/batch/delete', { body: { Items: [{ id: 'form-2' }] } });
      // Form bodies are decoded strictly: `+` is a space, %XX bytes must be UTF-8 (é in Latin-1, %E9, is a 400, not U+FFFD).
      const plus = 'Items=' + encodeURIComponent(JSON.stringify([{ id: 'form-3', title: 'caf\u00e9 a+b' }])).replace(/%20/g, '+') + '&Items=ignored';
      expect((await req('POST', '/v1/catalog/500/product/batch/upsert', { raw: plus.replace('a%2Bb', 'a+%2B+b'), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })).status).toBe(200);
      expect((await req('GET', '/v1/catalog/500/product/form-3')).body.Name).toBe('caf\u00e9 a + b');
      await req('POST', '/v1/catalog/500/product/batch/delete', { body: { Items: [{ id: 'form-3' }] } });
      const latin1 = 'Items=%5B%7B%22id%22%3A%22form-ff%22%2C%22title%22%3A%22caf%E9%22%7D%5D';
      const refused = await req('POST', '/v1/catalog/500/product/batch/upsert', { raw: latin1, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect(refused.status).toBe(400);
      expect(refused.body.Errors).toEqual([
        { message: 'The form body is not valid: in the value of the form key "Items", the percent escape at offset 59 of the body (%E9) does not start a well-formed UTF-8 sequence. Percent-encode the text as UTF-8 (é is %C3%A9).' },
      ]);
      const cut = await req('POST', '/v1/catalog/500/product/batch/upsert', { raw: 'Items=%5B%7B%22id%22%3A1%7D%5D%2', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect(cut.status).toBe(400);
      expect(cut.body.Errors[0].message).toMatch(/the "%" at offset 30 of the body is not followed by two hex digits/);
      expect((await req('GET', '/v1/catalog/500/product/form-ff')).status).toBe(404);
      const twoKeys = await req('POST', '/v1/catalog/500/product/batch/upsert', { raw: 'a=1&b=2', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect(twoKeys.status).toBe(400);
      const notJson = await req('POST', '/v1/catalog/500/product/batch/upsert', { raw: 'Items=nope', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect(notJson.status).toBe(400);
      const text = await req('POST', '/v1/catalog/500/product/batch/upsert', { raw: '{"Items":[{"id":1}]}', headers: { 'Content-Type': 'text/plain' } });
      expect(text.status).toBe(400);
      expect(text.body.Errors[0].message).toMatch(/Content-Type/);
      const broken = await req('POST', '/v1/catalog/500/product/batch/upsert', { raw: '{"Items":[', headers: { 'Content-Type': 'application/json' } });
      expect(broken.status).toBe(400);
      // JSON sent as a form (curl -d without a Content-Type): said so, with the header to send.
      const jsonAsForm = await req('POST', '/v1/catalog/500/product/batch/upsert', { raw: '{"Items":[{"id":"f","t":"a&b"}]}', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect(jsonAsForm.status).toBe(400);
      expect(jsonAsForm.body.Errors[0].message).toMatch(/^The body is JSON, but its Content-Type is application\/x-www-form-urlencoded .* send it with Content-Type: application\/json\.$/);
      // Bodies are UTF-8: another charset is refused by name; UTF-16 sent without one is told apart.
      const declared = await req('POST', '/v1/catalog/500/product/batch/upsert', { raw: '{"Items":[{"id":1}]}', headers: { 'Content-Type': 'application/json; charset=utf-16' } });
      expect(declared.status).toBe(400);
      expect(declared.body.Errors[0].message).toMatch(/charset=utf-16, but the service reads request bodies as UTF-8/);
      for (const ct of ['application/json; charset=UTF-8', 'application/json;charset="utf8"']) {
        expect((await req('POST', '/v1/catalog/500/product/batch/delete', { raw: '{"Items":[{"id":"none"}]}', headers: { 'Content-Type': ct } })).status).toBe(200);
      }
      const undeclared = await fetch(`${server.url}/v1/catalog/500/product/batch/upsert`, { method: 'POST', headers: { 'X-Service-ApiKey': KEY, 'Content-Type': 'application/json' }, body: Buffer.from('{"Items":[{"id":1}]}', 'utf16le') });
      expect(undeclared.status).toBe(400);
      expect(((await undeclared.json()) as { Errors: { message: string }[] }).Errors[0]?.message).toMatch(/NUL characters: is it UTF-16\?/);
      const big = await req('POST', '/v1/catalog/500/product/batch/upsert', { body: { Items: [{ id: 'big', blob: 'x'.repeat(400_000) }] } });
      expect(big.status).toBe(413);
      expect(big.body.Errors[0].message).toMatch(/limit/);
    });
  });

  it('a + in the query string is a plus sign (q, boundary-id), percent escapes are decoded as before, bad ones are still 400s', async () => {
    expect((await req('POST', '/v1/catalog/500/product/batch/upsert', { body: { Items: [{ id: 'p+1', brand: 'A+B', price: 1000 }, { id: 'p 1', brand: 'A B', price: 1000 }] } })).body).toEqual({});
    const ids = (r: { body: { Items: { Id: unknown }[] } }) => r.body.Items.map((i) => i.Id);
    try {
      // The plain JSON form (fetch leaves [ ] + as they are and escapes " as %22).
      expect(ids(await req('GET', '/v1/catalog/500/product?q=[["brand","A+B"]]'))).toEqual(['p+1']);
      expect(ids(await req('GET', '/v1/catalog/500/product?q=[["brand","A%20B"]]'))).toEqual(['p 1']);
      expect(ids(await req('GET', `/v1/catalog/500/product?q=${encodeURIComponent('[["brand","A+B"]]')}`))).toEqual(['p+1']);
      const big = await req('GET', '/v1/catalog/500/product?q=[[[">=","price"],1e+3]]');
      expect(big.status, big.text).toBe(200);
      expect(ids(big)).toEqual(['p 1', 'p+1']);
      const after = await req('GET', `/v1/catalog/500/product?q=${encodeURIComponent('[[[">=","price"],1000]]')}&boundary-id=p+1&comparison=%3E%3D`);
      expect(after.status, after.text).toBe(200);
      expect(ids(after)).toEqual(['p+1']);
      expect(ids(await req('GET', '/v1/catalog/500/product?q=[[[">=","price"],1000]]&boundary-id=p%201&comparison=<='))).toEqual(['p 1']);
      // A % escape in q that does not decode is catq's 400, with its offset; q encoded twice is said to be.
      const bad = await req('GET', '/v1/catalog/500/product?q=%5B%5B%22brand%22%2C%22x%ZZ%22%5D%5D');
      expect(bad.status).toBe(400);
      expect(bad.body.Errors[0].message).toMatch(/wire\/bad-percent-encoding/);
      // The URL's escapes are decoded once, then q's own (catq's decode): a + encoded in q's text is a plus too.
      expect(ids(await req('GET', `/v1/catalog/500/product?q=${encodeURIComponent(encodeURIComponent('[["brand","A+B"]]'))}`))).toEqual(['p+1']);
      const limit = await req('GET', '/v1/catalog/500/product?limit=1+1');
      expect(limit.status).toBe(400);
      expect(limit.body.Errors[0].message).toMatch(/1\+1/);
    } finally {
      await req('POST', '/v1/catalog/500/product/batch/delete', { body: { Items: [{ id: 'p+1' }, { id: 'p 1' }] } });
    }
  });
  it('unknown routes are 404 with an Errors body; / points at the OpenAPI document', async () => {
    const r = await req('GET', '/v1/nothing/here');
    expect(r.status).toBe(404);
    expect(r.body.Errors).toHaveLength(1);
    const home = await req('GET', '/', { key: null });
    expect(home.status).toBe(200);
    expect(home.text).toMatch(/openapi\.json|<html/i);
  });
  it('a path that exists with another method is a 405 with Allow, naming the method to use', async () => {
    const cases: [string, string, string][] = [
      ['POST', '/v1/catalog/500/product/batch/update', 'PATCH'],
      ['PATCH', '/v1/catalog/500/product/batch/upsert', 'POST'],
      ['GET', '/v1/catalog/500/product/batch/delete', 'POST'],
      ['DELETE', '/v1/catalog/500/product/1', 'GET'],
      ['PUT', '/v1/catalog', 'GET'],
    ];
    for (const [method, path, allow] of cases) {
      const r = await call(server.url, method, path, { body: { Items: [{ id: 1 }] } });
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(r.headers.get('allow')).toBe(allow);
      expect(r.body.Errors).toEqual([{ message: `${method} is not a method of ${path}: it takes ${allow}.` }]);
    }
    // The key is checked first, as for every /v1 route.
    expect((await req('POST', '/v1/catalog/500/product/batch/update', { key: null, body: { Items: [] } })).status).toBe(401);
  });
  it('ids as long as a URL can carry are fetched (never a 405 for the route\'s own method); a longer URL is a 431 with the Errors body', async () => {
    // The service's limit on the request line and headers is 64 KB (--max-header-size): an id of 60,000 characters fits.
    const ids = [2001, 3000, 15_000, 60_000].map((n) => `long-${'a'.repeat(n - 5)}`);
    expect((await req('POST', '/v1/catalog/500/product/batch/upsert', { body: { Items: ids.map((id) => ({ id, sku: 'LONG' })) } })).body).toEqual({});
    for (const id of ids) {
      const r = await req('GET', `/v1/catalog/500/product/${id}`);
      expect(r.status, r.text.slice(0, 200)).toBe(200);
      expect(r.body.Id).toBe(id);
    }
    const brand = await req('GET', `/v1/catalog/500/brand/${'b'.repeat(3000)}`);
    expect(brand.status).toBe(404);
    expect(brand.body.Errors).toHaveLength(1);
    // Another method on a long id is still the 405 naming GET.
    const del = await req('DELETE', `/v1/catalog/500/product/${ids[1]}`);
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET');
    const over = await req('GET', `/v1/catalog/500/product/${'a'.repeat(66_000)}`);
    expect(over.status).toBe(431);
    expect(over.body.Errors[0].message).toMatch(/over 64 KB.*--max-header-size/);
  });
  it('a one-of of 1,000 values (the list limit) pages through NextQuery, sent as a generic client sends parameters (q encoded again)', async () => {
    const values = ['sale', 'new', ...Array.from({ length: 998 }, (_, i) => `tag${i}`)];
    // The spec's q is a URI-encoded JSON array; URLSearchParams encodes every value once more.
    const urlOf = (params: Record<string, unknown>) => `/v1/catalog/500/product?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
    const firstUrl = urlOf({ q: encodeURIComponent(JSON.stringify([[['one-of', 'tags'], values]])), limit: 1 });
    // Over Node's own 16 KB: before --max-header-size (default 64 KB) these pages were a 431.
    expect(firstUrl.length).toBeGreaterThan(16 * 1024);
    const first = await req('GET', firstUrl);
    expect(first.status, first.text.slice(0, 300)).toBe(200);
    const next = first.body.NextQuery as Record<string, unknown>;
    expect(next).toBeDefined();
    const second = await req('GET', urlOf(next));
    expect(second.status, second.text.slice(0, 300)).toBe(200);
    expect(second.body.Items[0].Id).not.toBe(first.body.Items[0].Id);
  });
});
