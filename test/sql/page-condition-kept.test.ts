// sqlListItems keeps the compiled condition of a checked query the listing remembers (a `q` text
// read recently: src/sql/listing.ts), so the next pages of one search compile nothing. What is
// kept must never leak from one set of options to another, nor from one page to the next: the
// statements run for a `q`, in any order of dialects, options and boundaries, are exactly those
// listSql builds from a fresh check of it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCatalog, type Catalog } from '../../src/catalog/index.js';
import { check } from '../../src/check/index.js';
import { listSql, sqlListItems, type ListSqlOptions } from '../../src/sql/index.js';
import { decode } from '../../src/wire/index.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

const catalog = loadCatalog({
  Id: 100,
  Name: 'c',
  Type: 'Product',
  Aliases: { Id: 'id', Name: 'title' },
  SearchableAttributes: [
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'tags', Type: 'String', Cardinality: 'Many' },
  ],
}).catalog as Catalog;

const QUERIES = [
  [],
  [[['<', 'price'], 20]],
  [[['matches', 'title'], 'red shoe'], ['tags', 'sale']],
  [[['one-of', 'tags'], ['a', 'b', 'c']], [['>=', 'price'], 1.5], [['matches-phrase', 'title'], 'red shoe']],
];
const OPTIONS: ListSqlOptions[] = [
  { dialect: 'postgres', table: 'items' },
  { dialect: 'postgres', table: 'items', indexed: true },
  { dialect: 'postgres', table: 'items', inlineConstants: true },
  { dialect: 'postgres', table: 'other', column: 'doc' },
  { dialect: 'sqlite', table: 'items' },
  { dialect: 'mysql', table: 'items' },
];
const PAGES: Record<string, unknown>[] = [
  { limit: 5 },
  { 'boundary-id': 7, comparison: '>', limit: 3 },
  { 'boundary-id': 'A-1', comparison: '<=', limit: 10 },
];

/** The statements sqlListItems runs for one page (a runner that records them and returns no rows). */
async function statementsRun(q: string, page: Record<string, unknown>, options: ListSqlOptions): Promise<{ sql: string; params: unknown[] }[]> {
  const ran: { sql: string; params: unknown[] }[] = [];
  const r = await sqlListItems((sql, params) => (ran.push({ sql, params: [...params] }), []), catalog, { ...page, q }, options);
  expect(r.diagnostics).toEqual([]);
  return ran;
}

/** The same statements from listSql on a fresh check of the query. */
function statementsFresh(q: string, page: Record<string, unknown>, options: ListSqlOptions): { sql: string; params: readonly unknown[] }[] {
  const plan = check(decode(q).query!, catalog).plan!;
  const list = listSql(plan, catalog, page, options);
  return [{ sql: list.sql, params: list.params }, ...(list.otherSide ? [{ sql: list.otherSide.sql, params: list.otherSide.params }] : [])];
}

describe('the kept condition of a checked query', () => {
  it('gives the statements of a fresh check, whatever the order of options and pages', async () => {
    // Each text is read twice first, so that the listing remembers its plan.
    const texts = QUERIES.map((q) => encodeURIComponent(JSON.stringify(q)));
    for (const q of texts) for (let i = 0; i < 2; i++) await statementsRun(q, PAGES[0]!, OPTIONS[0]!);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(QUERIES.length - 1), fc.nat(OPTIONS.length - 1), fc.nat(PAGES.length - 1)), { minLength: 1, maxLength: 30 }),
        async (steps) => {
          for (const [qi, oi, pi] of steps) {
            expect(await statementsRun(texts[qi]!, PAGES[pi]!, OPTIONS[oi]!)).toEqual(statementsFresh(texts[qi]!, PAGES[pi]!, OPTIONS[oi]!));
          }
        },
      ),
      { seed: propertySeed(0x5eedc0de), numRuns: propertyRuns(200) },
    );
  });

  it('is not changed by the statements built from it (their parameters are their own)', async () => {
    const q = encodeURIComponent(JSON.stringify(QUERIES[3]));
    for (let i = 0; i < 2; i++) await statementsRun(q, PAGES[1]!, OPTIONS[0]!);
    const r = await sqlListItems(
      (_sql, params) => {
        (params as unknown[]).push('written by a caller');
        return [];
      },
      catalog,
      { ...PAGES[1], q },
      OPTIONS[0]!,
    );
    expect(r.diagnostics).toEqual([]);
    expect(await statementsRun(q, PAGES[1]!, OPTIONS[0]!)).toEqual(statementsFresh(q, PAGES[1]!, OPTIONS[0]!));
  });
});
