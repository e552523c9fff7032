/**
 * What the text of a request means, on a real catq-server process over real HTTP: a query
 * parameter is read as the URL sends it (never as Fastify's schema coercion turns it into a
 * number), and a catalog id in a path is its decimal text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, KEY, startServer, tempFiles, type Reply, type ServerProcess } from './support/process.js';

const CATALOG = {
  Id: 1042,
  Name: 'text',
  Type: 'Product',
  Aliases: { Id: 'id', Name: 'name' },
  SearchableAttributes: [{ Attribute: 'name', Type: 'String', Cardinality: 'One' }],
};
const OTHER = { ...CATALOG, Id: 200, Name: 'other' };
const ITEMS = Array.from({ length: 30 }, (_, i) => JSON.stringify({ id: i + 1, name: `item ${i + 1}` })).join('\n');

let server: ServerProcess;
const files = tempFiles({ 'c.json': JSON.stringify(CATALOG), 'o.json': JSON.stringify(OTHER), 'items.ndjson': ITEMS });
const get = (path: string): Promise<Reply> => call(server.url, 'GET', path);

beforeAll(async () => {
  server = await startServer(['--catalog', files.path('c.json'), '--catalog', files.path('o.json'), '--items', files.path('items.ndjson'), '--api-key', KEY, '--log-level', 'warn']);
});
afterAll(async () => {
  await server?.stop();
  files.cleanup();
});

/** The Errors body of a 400, as one text. */
function errors400(r: Reply): string {
  expect(r.status, r.text).toBe(400);
  expect(Array.isArray(r.body.Errors)).toBe(true);
  for (const e of r.body.Errors) expect(typeof e.message).toBe('string');
  return r.body.Errors.map((e: { message: string }) => e.message).join('\n');
}

describe('limit is decimal digits (List Catalog Items and List Catalogs)', () => {
  // Each was read as a number by Ajv's coercion before catq saw it (0x10 as 16, the rest as 10).
  it.each([
    ['0x10', 16],
    ['1e1', 10],
    ['%2B10', 10],
    ['%2010', 10],
    ['10%20', 10],
    ['10.0', 10],
    ['0b1010', 10],
    ['0o12', 10],
  ])('limit=%s is a 400 naming limit and the decimal text to send', async (sent, n) => {
    for (const path of [`/v1/catalog/1042/product?limit=${sent}`, `/v1/catalog?limit=${sent}`]) {
      const text = errors400(await get(path));
      expect(text).toMatch(/^At \/limit: "limit" must be a whole number from 1 to 1000, but it is the string /);
      expect(text).toContain(`send limit=${n}.`);
      expect(text).toContain('[listing/limit-out-of-range]');
    }
  });

  it('limit=010 is read as decimal 10 (leading zeros are decimal digits, as catq reads them)', async () => {
    const items = await get('/v1/catalog/1042/product?limit=010');
    expect(items.status, items.text).toBe(200);
    expect(items.body.Items).toHaveLength(10);
    expect(items.body.Metadata.Scope.limit).toBe(10);
    const catalogs = await get('/v1/catalog?limit=01');
    expect(catalogs.status, catalogs.text).toBe(200);
    expect(catalogs.body.Items).toHaveLength(1);
  });

  it('a plain decimal limit is taken; one out of range or not a number has no hint', async () => {
    expect((await get('/v1/catalog/1042/product?limit=7')).body.Items).toHaveLength(7);
    for (const sent of ['0', '1001', 'abc', '-5']) {
      const text = errors400(await get(`/v1/catalog/1042/product?limit=${sent}`));
      expect(text).toContain('"limit" must be a whole number from 1 to 1000');
      expect(text).not.toContain('send limit=');
    }
  });

  it('a bad path and a non-decimal limit are reported together', async () => {
    const text = errors400(await get('/v1/catalog/1042/widget?limit=0x10'));
    expect(text).toContain('Path parameter "item" must be one of');
    expect(text).toContain('send limit=16.');
  });

  it("List Catalogs' boundary-id is a catalog id's decimal text (0x64, 1e2 and 0100 were read as 100)", async () => {
    for (const sent of ['0x64', '1e2', '0100', '100.0']) {
      const text = errors400(await get(`/v1/catalog?boundary-id=${sent}`));
      expect(text).toContain(`"boundary-id" must be a catalog id (a number >= 100), but it is "${sent}".`);
      expect(text).toContain('boundary-id=100.');
    }
    const page = await get('/v1/catalog?boundary-id=100');
    expect(page.status, page.text).toBe(200);
    expect(page.body.Items.map((c: { Id: number }) => c.Id)).toEqual([200, 1042]);
    // A good boundary beside a bad limit: only the limit is wrong.
    const both = errors400(await get('/v1/catalog?boundary-id=100&limit=0x10'));
    expect(both).toContain('send limit=16.');
    expect(both).not.toContain('boundary-id');
  });
});

describe('a catalog id in a path is its decimal text (every route with {catalogId})', () => {
  /** Each route with a catalog id, its method and its body. */
  const routes = (id: string): [string, string, unknown][] => [
    ['GET', `/v1/catalog/${id}`, undefined],
    ['GET', `/v1/catalog/${id}/product`, undefined],
    ['GET', `/v1/catalog/${id}/product/1`, undefined],
    ['POST', `/v1/catalog/${id}/product/batch/upsert`, { Items: [{ id: 31, name: 'written through another path' }] }],
    ['PATCH', `/v1/catalog/${id}/product/batch/update`, { Items: [{ id: 1, name: 'changed through another path' }] }],
    ['POST', `/v1/catalog/${id}/product/batch/delete`, { Items: [{ id: 2 }] }],
  ];

  // Each reached catalog 1042 through Ajv's coercion of the path parameter.
  it.each(['0x412', '01042', '1042.0', '1.042e3', '%2B1042', '%201042', '1042%20', '0b10000010010'])('/v1/catalog/%s/... is a 400 on every route, and nothing is written', async (sent) => {
    const text = decodeURIComponent(sent);
    for (const [method, path, body] of routes(sent)) {
      const r = await call(server.url, method, path, body === undefined ? {} : { body });
      expect(errors400(r)).toBe(`Path parameter "catalogId" must be a catalog id written in decimal digits, as the catalog's Id is written (such as 1042), but it is ${JSON.stringify(text)}: write 1042.`);
    }
    const one = await get('/v1/catalog/1042/product/1');
    expect(one.body.Data.name).toBe('item 1');
    expect((await get('/v1/catalog/1042/product/2')).status).toBe(200);
    expect((await get('/v1/catalog/1042/product/31')).status).toBe(404);
  });

  it('the decimal text reaches its catalog on every route (dry runs for the writes)', async () => {
    for (const [method, path, body] of routes('1042')) {
      const r = await call(server.url, method, method === 'GET' ? path : `${path}?dry-run=true`, body === undefined ? {} : { body });
      expect(r.status, `${method} ${path}: ${r.text}`).toBe(200);
    }
  });

  it("a spelling that is no catalog id's (Infinity, 0x10) is a 400 with one message on catalogId; text that is no number keeps the schema's", async () => {
    expect(errors400(await get('/v1/catalog/Infinity'))).toBe('Path parameter "catalogId" must be a catalog id written in decimal digits, as the catalog\'s Id is written (such as 1042), but it is "Infinity".');
    expect(errors400(await get('/v1/catalog/0x10/product'))).toBe('Path parameter "catalogId" must be a catalog id written in decimal digits, as the catalog\'s Id is written (such as 1042), but it is "0x10".');
    expect(errors400(await get('/v1/catalog/abc'))).toBe('Path parameter "catalogId" must be number.');
    expect(errors400(await get('/v1/catalog/99'))).toBe('Path parameter "catalogId" must be >= 100.');
    expect((await get('/v1/catalog/1043')).status).toBe(404);
  });

  it("every problem at once: the catalog id's text with the kind, the body and the listing parameters", async () => {
    const list = errors400(await get('/v1/catalog/01042/widget?limit=0x10'));
    expect(list).toContain('but it is "01042": write 1042.');
    expect(list).toContain('Path parameter "item" must be one of');
    expect(list).toContain('send limit=16.');
    const batch = errors400(await call(server.url, 'POST', '/v1/catalog/01042/product/batch/upsert', { body: { Items: [] } }));
    expect(batch).toContain('but it is "01042": write 1042.');
    expect(batch).toContain('Body at Items must NOT have fewer than 1 items.');
  });
});

describe('List Catalogs names the parameters it takes (not q)', () => {
  it('an unknown parameter: the message lists exactly boundary-id, comparison, limit and order', async () => {
    const text = errors400(await get('/v1/catalog?foo=1'));
    expect(text).toBe('At /foo: Unknown parameter "foo"; List Catalogs takes boundary-id, comparison, limit and order. [listing/unknown-parameter]');
    expect(text).not.toMatch(/\bq\b/);
  });

  it('q is refused with the same list, and told where it belongs', async () => {
    expect(errors400(await get('/v1/catalog?q=%5B%5D'))).toBe(
      'At /q: Unknown parameter "q"; List Catalogs takes boundary-id, comparison, limit and order (q searches items: List Catalog Items, /v1/catalog/{catalogId}/{item}, takes it). [listing/unknown-parameter]',
    );
  });

  it("every problem at once, in the URL's order, then the known parameters' problems", async () => {
    const r = await get('/v1/catalog?Limit=5&q=x&a%2Fb=1&order=desc');
    expect(r.status).toBe(400);
    const messages = r.body.Errors.map((e: { message: string }) => e.message);
    expect(messages).toHaveLength(4);
    expect(messages[0]).toMatch(/^At \/Limit: Unknown parameter "Limit"; List Catalogs takes boundary-id, comparison, limit and order\./);
    expect(messages[1]).toMatch(/^At \/q: Unknown parameter "q"/);
    expect(messages[2]).toMatch(/^At \/a~1b: Unknown parameter "a\/b"/);
    expect(messages[3]).toMatch(/^At \/order: "order" must be "asc"/);
    for (const m of messages) expect(m).not.toContain('the parameters are q');
  });

  it("List Catalog Items still names its own five, q among them", async () => {
    expect(errors400(await get('/v1/catalog/1042/product?foo=1'))).toContain('the parameters are q, boundary-id, comparison, limit and order');
  });
});
