// A List request checks its query once, whatever the page: the checked plan is what the
// listing hands to the SQL compiler (and what listSql / toSql / compile take without checking
// again). Counted by spying on the checker's two steps: each clause is checked (checkClause) and
// planned (planClause) exactly once per request whose `q` text is new, and not at all for a `q`
// text read twice recently (the listing remembers its check: src/listing/checked-listing.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { freshPglite } from '../support/pglite.js';

const calls = vi.hoisted(() => ({ checkClause: 0, planClause: 0 }));
vi.mock('../../src/check/check-clause.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/check/check-clause.js')>();
  return { ...real, checkClause: (...args: Parameters<typeof real.checkClause>) => (calls.checkClause++, real.checkClause(...args)) };
});
vi.mock('../../src/check/plan.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/check/plan.js')>();
  return { ...real, planClause: (...args: Parameters<typeof real.planClause>) => (calls.planClause++, real.planClause(...args)) };
});

const { loadCatalog } = await import('../../src/catalog/index.js');
const { check } = await import('../../src/check/index.js');
const { compile, listItems } = await import('../../src/eval/index.js');
const { layoutListItems, layoutUpsert, layoutDdl, listSql, searchLayout, sqlListItems, toSql } = await import('../../src/sql/index.js');
const { toMongo, toMongoListing } = await import('../../src/mongo/index.js');
const { decode } = await import('../../src/wire/index.js');

const catalog = loadCatalog({
  Id: 100,
  Name: 'c',
  Type: 'Product',
  Aliases: { Id: 'id', Name: 'name' },
  SearchableAttributes: [
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'name', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'color', Type: 'String', Cardinality: 'Many' },
  ],
}).catalog!;

const items = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `red shoe ${i}`, price: i * 10, color: i % 2 ? ['red'] : ['blue', 'red'] }));
const wire = [[['<', 'price'], 100], [['matches', 'name'], 'shoe'], [['one-of', 'color'], ['red', 'green']]];
const q = encodeURIComponent(JSON.stringify(wire));
const CLAUSES = wire.length;
/** `q` as a text not read before (JSON allows trailing spaces): its request decodes and checks it. */
let spaces = 0;
const freshQ = (): string => q + '%20'.repeat(++spaces);

describe('one check per request', () => {
  let pg: PGlite;
  const run = async (sql: string, params: readonly unknown[]) => (await pg.query<Record<string, unknown>>(sql, [...params])).rows;
  beforeAll(async () => {
    pg = freshPglite();
    await pg.exec('CREATE TABLE items (data jsonb)');
    await pg.query('INSERT INTO items SELECT x FROM jsonb_array_elements($1::jsonb) x', [JSON.stringify(items)]);
  });
  afterAll(async () => {
    await pg.close();
  });
  beforeEach(() => {
    calls.checkClause = 0;
    calls.planClause = 0;
  });

  const pages: [string, Record<string, string>][] = [
    ['first page', { q, limit: '3' }],
    ['boundary-id, >', { q, 'boundary-id': '3', limit: '3' }],
    ['boundary-id, <', { q, 'boundary-id': '9', comparison: '<', limit: '3' }],
    ['boundary-id, <=', { q, 'boundary-id': '9', comparison: '<=', limit: '3' }],
  ];
  it.each(pages)('sqlListItems on PGlite, %s: each clause checked and planned once, same page as the evaluator', async (_name, given) => {
    const params = { ...given, q: freshQ() };
    const got = await sqlListItems(run, catalog, params, { dialect: 'postgres', numericStrings: true });
    expect(got.diagnostics).toEqual([]);
    expect(calls).toEqual({ checkClause: CLAUSES, planClause: CLAUSES });
    // The page is the evaluator's (which also checks once, a q text it has not read).
    calls.checkClause = calls.planClause = 0;
    const expected = listItems(items, catalog, { ...params, q: freshQ() }, { numericStrings: true });
    expect(calls).toEqual({ checkClause: CLAUSES, planClause: CLAUSES });
    expect(got.response).toEqual(expected.response);
    expect(got.response!.Items.length).toBeGreaterThan(0);
  });

  it.each(pages)('layoutListItems (the search layout) on PGlite, %s: each clause checked and planned once, same page as the evaluator', async (_name, given) => {
    const params = { ...given, q: freshQ() };
    const layout = searchLayout(catalog);
    for (const d of layoutDdl(layout, { table: 'search' })) await pg.exec(d);
    await pg.exec('CREATE TABLE IF NOT EXISTS raw (id_key text PRIMARY KEY, data jsonb)');
    await pg.query('INSERT INTO raw SELECT x ->> 0, x -> 1 FROM jsonb_array_elements($1::jsonb) x ON CONFLICT DO NOTHING', [JSON.stringify(items.map((it) => [String(it.id), it]))]);
    const up = layoutUpsert(layout, { table: 'search' }, items.map((it) => ({ key: String(it.id), item: it })));
    await pg.query(up.statement!.sql, [...up.statement!.params]);
    calls.checkClause = calls.planClause = 0;
    const got = await layoutListItems(run, layout, params, { table: 'search', rawTable: 'raw', numericStrings: true, walkRows: 2 });
    expect(got.diagnostics).toEqual([]);
    expect(calls).toEqual({ checkClause: CLAUSES, planClause: CLAUSES });
    expect(got.response).toEqual(listItems(items, catalog, params, { numericStrings: true }).response);
    expect(got.response!.Items.length).toBeGreaterThan(0);
  });

  it('a q text read twice recently is not decoded or checked again: same pages; another catalog object, or limits, check again', async () => {
    const params = { q: freshQ(), limit: '3' };
    const first = await sqlListItems(run, catalog, params, { dialect: 'postgres', numericStrings: true });
    expect(calls).toEqual({ checkClause: CLAUSES, planClause: CLAUSES });
    // Remembered the second time it is read (a text read once keeps nothing alive).
    await sqlListItems(run, catalog, params, { dialect: 'postgres', numericStrings: true });
    expect(calls).toEqual({ checkClause: 2 * CLAUSES, planClause: 2 * CLAUSES });
    calls.checkClause = calls.planClause = 0;
    const again = await sqlListItems(run, catalog, { ...params }, { dialect: 'postgres', numericStrings: true });
    const next = await sqlListItems(run, catalog, { ...first.response!.NextQuery, q: params.q }, { dialect: 'postgres' });
    const evaluated = listItems(items, catalog, params, { numericStrings: true });
    expect(calls).toEqual({ checkClause: 0, planClause: 0 });
    expect(again.response).toEqual(first.response);
    expect(evaluated.response).toEqual(first.response);
    expect(next.response!.Items.length).toBeGreaterThan(0);
    // The same catalog loaded again is another object: checked on it.
    const reloaded = loadCatalog(JSON.parse(JSON.stringify(catalog))).catalog!;
    expect((await sqlListItems(run, reloaded, params, { dialect: 'postgres', numericStrings: true })).response).toEqual(first.response);
    expect(calls).toEqual({ checkClause: CLAUSES, planClause: CLAUSES });
    // Limits of the caller's own: checked with them, every time.
    const limits = { maxTokenLength: 3 }; // 'shoe' has 4 letters
    const limited = await sqlListItems(run, catalog, params, { dialect: 'postgres', numericStrings: true, limits });
    expect(limited.diagnostics.map((d) => d.code)).toContain('limit/token-too-long');
    expect((await sqlListItems(run, catalog, params, { dialect: 'postgres', numericStrings: true, limits })).response).toBeUndefined();
  });

  it('validate builds no plan; a checked query is compiled by every backend without another check', () => {
    const query = decode(q).query!;
    const { plan } = check(query, catalog);
    expect(calls).toEqual({ checkClause: CLAUSES, planClause: CLAUSES });
    calls.checkClause = calls.planClause = 0;
    toSql(plan!, catalog, { dialect: 'postgres' });
    listSql(plan!, catalog, { 'boundary-id': 3 }, { dialect: 'sqlite' });
    toMongo(plan!, catalog);
    toMongoListing(plan!, catalog, { boundary: 3, comparison: '<' });
    compile(plan!, catalog)({});
    listItems(items, catalog, { q: plan, 'boundary-id': 3 });
    expect(calls).toEqual({ checkClause: 0, planClause: 0 });
    // A plain query is checked once by each.
    toSql(query, catalog, { dialect: 'postgres' });
    expect(calls).toEqual({ checkClause: CLAUSES, planClause: CLAUSES });
  });

  it('a look-alike of a checked query, or one made for another catalog, is checked again', () => {
    const { plan } = check(decode(q).query!, catalog);
    const other = loadCatalog({ ...catalog, SearchableAttributes: (catalog.SearchableAttributes ?? []).filter((a) => a.Attribute !== 'color') }).catalog!;
    expect(() => toSql(plan!, other, { dialect: 'postgres' })).toThrow(/color/);
    const forged = { ...plan!, clauses: [] };
    calls.checkClause = calls.planClause = 0;
    expect(() => toSql(forged as never, catalog, { dialect: 'postgres' })).toThrow();
  });
});
