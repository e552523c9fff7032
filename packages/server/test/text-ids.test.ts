/**
 * Ids that are the text of a number ("12") or a quoted string next to number ids, over HTTP:
 * every value of a URL is text, so the service writes a string boundary that would read as
 * another id as its JSON string literal (catq's idToText), reads `"12"` in a URL or a path as the
 * string 12, and following NextQuery / PrevQuery visits every item once (before, a catalog of
 * such ids looped on its second page).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freshDatabase, startServer, tempFiles, type ServerProcess } from './support/process.js';

const CATALOG = { Id: 640, Name: 'Text ids', Type: 'Product', Aliases: { Id: 'sid', Name: 'nm' }, SearchableAttributes: [{ Attribute: 'nm', Type: 'String', Cardinality: 'One' }] };
const IDS: (string | number)[] = [5, '5', '11', '12', '13', '14', 12, '"q"', 'x', '-1.5', -1.5, '1e+21'];
/** Numbers first, numerically; then strings by code point (a quote sorts below the digits, '-' below them too). */
const ORDER: (string | number)[] = [-1.5, 5, 12, '"q"', '-1.5', '11', '12', '13', '14', '1e+21', '5', 'x'];

describe.each(['pglite', 'postgres'] as const)('ids as text on %s', (engine) => {
  let server: ServerProcess;
  let files: ReturnType<typeof tempFiles>;
  let drop: (() => Promise<void>) | undefined;
  const get = (path: string) => call(server.url, 'GET', path);
  const asQuery = (scope: Record<string, unknown>) => `?${new URLSearchParams(Object.entries(scope).map(([k, v]): [string, string] => [k, String(v)]))}`;

  beforeAll(async () => {
    files = tempFiles({ 'c.json': JSON.stringify(CATALOG) });
    const db: string[] = [];
    if (engine === 'postgres') {
      const fresh = await freshDatabase('textids');
      drop = fresh.drop;
      db.push('--database-url', fresh.url);
    }
    server = await startServer(['--catalog', files.path('c.json'), '--api-key', 'test-key-\u00e9-1', ...db]);
    const up = await call(server.url, 'POST', '/v1/catalog/640/product/batch/upsert', { body: { Items: IDS.map((sid) => ({ sid, nm: `item ${typeof sid} ${sid}` })) } });
    expect(up.status).toBe(200);
  });
  afterAll(async () => {
    await server?.stop();
    files?.cleanup();
    await drop?.();
  });

  it.each([1, 2, 3, 5])('NextQuery then PrevQuery, limit %i, visit every item once in order', async (limit) => {
    let page = (await get(`/v1/catalog/640/product?limit=${limit}`)).body;
    const forward = page.Items.map((i: { Id: unknown }) => i.Id);
    for (let guard = 0; page.NextQuery; guard++) {
      expect(guard).toBeLessThan(IDS.length);
      page = (await get(`/v1/catalog/640/product${asQuery(page.NextQuery)}`)).body;
      forward.push(...page.Items.map((i: { Id: unknown }) => i.Id));
    }
    expect(forward).toEqual(ORDER);
    const back = [...page.Items.map((i: { Id: unknown }) => i.Id)].reverse();
    for (let guard = 0; page.PrevQuery; guard++) {
      expect(guard).toBeLessThan(IDS.length);
      page = (await get(`/v1/catalog/640/product${asQuery(page.PrevQuery)}`)).body;
      back.push(...[...page.Items.map((i: { Id: unknown }) => i.Id)].reverse());
    }
    expect(back).toEqual([...ORDER].reverse());
  });

  it('writes such a boundary quoted, and reads it back', async () => {
    const r = await get('/v1/catalog/640/product?limit=2&boundary-id=%2211%22');
    expect(r.status).toBe(200);
    expect(r.body.Items.map((i: { Id: unknown }) => i.Id)).toEqual(['12', '13']);
    expect(r.body.Metadata.Scope['boundary-id']).toBe('"11"');
    expect(r.body.NextQuery['boundary-id']).toBe('"13"');
    expect(r.body.PrevQuery['boundary-id']).toBe('"12"');
  });

  it('Get Catalog Item: a quoted path segment is the string id, the bare text of a number the number', async () => {
    expect((await get('/v1/catalog/640/product/5')).body.Id).toBe(5);
    expect((await get('/v1/catalog/640/product/%225%22')).body.Id).toBe('5');
    expect((await get('/v1/catalog/640/product/%22%5C%22q%5C%22%22')).body.Id).toBe('"q"');
    // No string id q: the id that is that quoted text is found by it (paths written before).
    expect((await get('/v1/catalog/640/product/%22q%22')).body.Id).toBe('"q"');
    expect((await get('/v1/catalog/640/product/%2213%22')).body.Id).toBe('13');
    expect((await get('/v1/catalog/640/product/x')).body.Id).toBe('x');
  });
});
