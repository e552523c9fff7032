/**
 * A lone surrogate (JSON allows "\udc00") is the code point of its own value, U+D800..U+DFFF
 * (docs/semantics.md section 3: code point order, not UTF-16 units): below U+E000 and below every code
 * point above U+FFFF. The evaluator orders strings and ids so, and SQLite (which compares the
 * bytes of what it stores) agrees.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type Catalog } from '../../src/catalog/index.js';
import { filter, listItems } from '../../src/eval/index.js';
import { registerSqliteFunctions, sqlListItems } from '../../src/sql/index.js';
import { decode } from '../../src/wire/index.js';

const catalog = loadCatalog({
  Id: 100,
  Name: 'c',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [{ Attribute: 's', Type: 'String', Cardinality: 'One' }],
}).catalog as Catalog;

const STRINGS = ['a', '\uDC00', '\uE000', '\uFFFD', '😀', '\uD800', '\uD83D', '\uD7FF', '\uD83D\uE000'];
const items = STRINGS.map((s) => ({ id: s, s }));
/** STRINGS in code point order, read off `[...s].map(codePointAt)`. */
const ORDERED = ['a', '\uD7FF', '\uD800', '\uD83D', '\uD83D\uE000', '\uDC00', '\uE000', '\uFFFD', '😀'];

const matching = (q: unknown[]) => filter(items, decode(q).query!, catalog).map((it) => (it as { s: string }).s);

describe('lone surrogates in string orders', () => {
  it('the reference order is that of code point arrays', () => {
    const key = (s: string) => [...s].map((c) => c.codePointAt(0) as number);
    const byArrays = [...STRINGS].sort((a, b) => {
      const x = key(a);
      const y = key(b);
      for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
      return x.length - y.length;
    });
    expect(byArrays).toEqual(ORDERED);
  });

  it('compares a lone surrogate below U+E000 and below code points above U+FFFF', () => {
    expect(matching([[['<', 's'], '\uE000']]).sort()).toEqual(ORDERED.slice(0, 6).sort());
    expect(matching([[['>', 's'], '\uFFFD']])).toEqual(['😀']);
    expect(matching([[['>=', 's'], '\uDC00']]).sort()).toEqual(ORDERED.slice(5).sort());
    expect(matching([[['<', 's'], '\uD83D\uE000']]).sort()).toEqual(ORDERED.slice(0, 4).sort());
  });

  it('lists ids in that order, and pages from a lone-surrogate boundary', () => {
    const ids = (r: ReturnType<typeof listItems>) => r.response?.Items.map((i) => i.Id);
    expect(ids(listItems(items, catalog, {}))).toEqual(ORDERED);
    expect(ids(listItems(items, catalog, { 'boundary-id': '\uDC00', comparison: '>' }))).toEqual(ORDERED.slice(6));
    expect(ids(listItems(items, catalog, { 'boundary-id': '\uDC00', comparison: '<', limit: 2 }))).toEqual(ORDERED.slice(3, 5));
  });

  describe('SQLite agrees', () => {
    let lite: Database.Database;
    beforeAll(() => {
      lite = new Database(':memory:');
      registerSqliteFunctions(lite);
      lite.exec('CREATE TABLE items (data TEXT)');
      for (const it of items) lite.prepare('INSERT INTO items VALUES (?)').run(JSON.stringify(it));
    });
    afterAll(() => lite.close());
    const run = (sql: string, params: readonly unknown[]) => lite.prepare(sql).all(...(params as unknown[])) as Record<string, unknown>[];

    it.each([{}, { 'boundary-id': '\uDC00', comparison: '>' }, { 'boundary-id': '\uD83D', comparison: '<=' }, { q: JSON.stringify([[['<', 's'], '\uE000']]) }, { q: JSON.stringify([[['>=', 's'], '\uD800']]) }])(
      'sqlListItems on SQLite equals listItems for %o',
      async (params) => {
        const expected = listItems(items, catalog, params);
        const got = await sqlListItems(run, catalog, params, { dialect: 'sqlite', table: 'items' });
        expect(got.diagnostics).toEqual(expected.diagnostics);
        expect(got.response).toEqual(expected.response);
      },
    );
  });
});
