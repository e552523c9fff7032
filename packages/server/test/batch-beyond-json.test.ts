/**
 * A declared attribute holding an array (or object) with a number beyond JSON's range, through a
 * real batch upsert on a real catq-server process: `JSON.parse` reads `1e400` as Infinity, and the
 * write (JSON text for the database) stores it as null, inside the array too. The fit warning said
 * "It is stored as sent" (false: the element is null) and, beside it, a second warning for the
 * same field; now it says which elements are stored as null, once. For a Many attribute it also
 * says that clauses match through its elements that fit (`[1, 1e400]` is found by `p = 1`), where
 * it said they could never match the item.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freshDatabase, KEY, listingQuery, startServer, tempFiles, type ServerProcess } from './support/process.js';

const CATALOG = {
  Id: 1042,
  Name: 'beyond',
  Type: 'Product',
  Aliases: { Id: 'id', Name: 'name' },
  SearchableAttributes: [
    { Attribute: 'p', Type: 'Number', Cardinality: 'Many' },
    { Attribute: 'n', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'tags', Type: 'String', Cardinality: 'Many' },
    { Attribute: 'arr', Type: 'Array', Cardinality: 'Many' },
    { Attribute: 'meta', Type: 'Object', Cardinality: 'One' },
  ],
};

const NUMBER_CLAUSES = 'the clauses =, <, >, <=, >=, one-of on';
const BEYOND = 'beyond the range of JSON numbers';

describe.each(['pglite', 'postgres'] as const)('batch upsert on %s: an array holding a number beyond JSON\'s range', (engine) => {
  let server: ServerProcess;
  let drop: (() => Promise<void>) | undefined;
  const files = tempFiles({ 'c.json': JSON.stringify(CATALOG) });

  beforeAll(async () => {
    const db: string[] = [];
    if (engine === 'postgres') {
      const fresh = await freshDatabase('beyond');
      drop = fresh.drop;
      db.push('--database-url', fresh.url);
    }
    server = await startServer(['--catalog', files.path('c.json'), '--api-key', KEY, '--log-level', 'warn', ...db]);
  });
  afterAll(async () => {
    await server?.stop();
    await drop?.();
    files.cleanup();
  });

  const get = async (id: number): Promise<unknown> => (await call(server.url, 'GET', `/v1/catalog/1042/product/${id}`)).body.Data;
  const found = async (q: unknown): Promise<unknown[]> => {
    const r = await call(server.url, 'GET', `/v1/catalog/1042/product${listingQuery({ q: encodeURIComponent(JSON.stringify(q)) })}`);
    expect(r.status, r.text).toBe(200);
    return r.body.Items.map((i: { Id: unknown }) => i.Id);
  };

  it('the one warning of each item says what is stored: null in place of each such number, wherever it is in the array', async () => {
    // Sent as text: JSON.stringify would write Infinity as null before the service saw it.
    const body =
      '{"Items":[' +
      ['{"id":1,"p":[1,1e400]}', '{"id":2,"p":[-1e400,2,1e400]}', '{"id":3,"p":[1e400]}', '{"id":4,"n":[5,1e400]}', '{"id":5,"tags":["a",1e400]}', '{"id":6,"arr":[[1e400],[2]]}', '{"id":7,"p":[1,"x"]}', '{"id":8,"meta":[{"x":1e400}]}', '{"id":9,"p":[1,[2,1e400]],"w":1e400}'].join(',') +
      ']}';
    const r = await call(server.url, 'POST', '/v1/catalog/1042/product/batch/upsert', { raw: body, headers: { 'Content-Type': 'application/json' } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.Warnings.map((w: { message: string }) => w.message)).toEqual([
      `Items[0] (id 1): "p" holds an array, but the catalog declares it Number (Many). It is stored with null in place of its number ${BEYOND} (at /p/1, read as Infinity), but ${NUMBER_CLAUSES} "p" match only its elements that are numbers.`,
      `Items[1] (id 2): "p" holds an array, but the catalog declares it Number (Many). It is stored with null in place of its numbers ${BEYOND} (at /p/0 and /p/2, read as -Infinity and Infinity), but ${NUMBER_CLAUSES} "p" match only its elements that are numbers.`,
      `Items[2] (id 3): "p" holds an array, but the catalog declares it Number (Many). It is stored with null in place of its number ${BEYOND} (at /p/0, read as Infinity), but ${NUMBER_CLAUSES} "p" can never match this item.`,
      `Items[3] (id 4): "n" holds an array, but the catalog declares it Number. It is stored with null in place of its number ${BEYOND} (at /n/1, read as Infinity), but ${NUMBER_CLAUSES} "n" can never match this item.`,
      expect.stringMatching(new RegExp(`^Items\\[4\\] \\(id 5\\): "tags" holds an array, but the catalog declares it String \\(Many\\)\\. It is stored with null in place of its number ${BEYOND} \\(at /tags/1, read as Infinity\\), but the clauses .* on "tags" match only its elements that are strings\\.$`)),
      // An Array attribute holding arrays fits: the field's warning is the one of any field.
      `Items[5] (id 6): "arr" (at /arr/0/0) holds a number ${BEYOND} (such as 1e400), read as Infinity; it is stored as null.`,
      // No number beyond JSON's range: stored as sent (and found through its number).
      `Items[6] (id 7): "p" holds an array, but the catalog declares it Number (Many). It is stored as sent, but ${NUMBER_CLAUSES} "p" match only its elements that are numbers.`,
      `Items[7] (id 8): "meta" holds an array, but the catalog declares it Object. It is stored with null in place of its number ${BEYOND} (at /meta/0/x, read as Infinity), but only present? applies to "meta".`,
      `Items[8] (id 9): "p" holds an array, but the catalog declares it Number (Many). It is stored with null in place of its number ${BEYOND} (at /p/1/1, read as Infinity), but ${NUMBER_CLAUSES} "p" match only its elements that are numbers.`,
      `Items[8] (id 9): "w" holds a number ${BEYOND} (such as 1e400), read as Infinity; it is stored as null.`,
    ]);
    // What the warnings say is what is stored.
    expect(await get(1)).toEqual({ id: 1, p: [1, null] });
    expect(await get(2)).toEqual({ id: 2, p: [null, 2, null] });
    expect(await get(3)).toEqual({ id: 3, p: [null] });
    expect(await get(4)).toEqual({ id: 4, n: [5, null] });
    expect(await get(5)).toEqual({ id: 5, tags: ['a', null] });
    expect(await get(6)).toEqual({ id: 6, arr: [[null], [2]] });
    expect(await get(7)).toEqual({ id: 7, p: [1, 'x'] });
    expect(await get(8)).toEqual({ id: 8, meta: [{ x: null }] });
    expect(await get(9)).toEqual({ id: 9, p: [1, [2, null]], w: null });
    // And what they say of the clauses.
    expect(await found([['p', 1]])).toEqual([1, 7, 9]);
    expect(await found([['p', 2]])).toEqual([2]);
    expect(await found([[['<', 'p'], 100]])).toEqual([1, 2, 7, 9]);
    expect(await found([['n', 5]])).toEqual([]);
    expect(await found([['tags', 'a']])).toEqual([5]);
  });

  it('batch update says the same', async () => {
    const r = await call(server.url, 'PATCH', '/v1/catalog/1042/product/batch/update', { raw: '{"Items":[{"id":1,"p":[1e400,3]}]}', headers: { 'Content-Type': 'application/json' } });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({
      Warnings: [
        {
          message: `Items[0] (id 1): "p" holds an array, but the catalog declares it Number (Many). It is stored with null in place of its number ${BEYOND} (at /p/0, read as Infinity), but ${NUMBER_CLAUSES} "p" match only its elements that are numbers.`,
        },
      ],
    });
    expect(await get(1)).toEqual({ id: 1, p: [null, 3] });
  });
});
