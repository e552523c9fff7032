import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import type { PGlite } from '@electric-sql/pglite';
import { freshPglite } from '../support/pglite.js';
import { loadCatalog, type Catalog } from '../../src/catalog/index.js';
import { listItems } from '../../src/eval/index.js';
import { registerSqliteFunctions, sqlListItems, type SqlRunner } from '../../src/sql/index.js';

const catalog = loadCatalog({
  Id: 100,
  Name: 'c',
  Type: 'Product',
  Aliases: { Id: 'id', Name: 'name' },
  SearchableAttributes: [
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'name', Type: 'Text', Cardinality: 'One' },
  ],
}).catalog as Catalog;

const items = [
  ...Array.from({ length: 9 }, (_, i) => ({ id: i + 1, name: `red shoe ${i}`, price: i * 10 })),
  { id: 'a', name: 'blue', price: 5 },
  { id: '7', name: 'string seven', price: 70 },
  { id: null, name: 'no id' },
];

describe('sqlListItems', () => {
  let pg: PGlite;
  let lite: Database.Database;
  let runners: [string, SqlRunner, 'postgres' | 'sqlite'][];
  beforeAll(async () => {
    pg = freshPglite();
    await pg.exec('CREATE TABLE items (data jsonb)');
    await pg.query('INSERT INTO items SELECT x FROM jsonb_array_elements($1::jsonb) x', [JSON.stringify(items)]);
    lite = new Database(':memory:');
    registerSqliteFunctions(lite);
    lite.exec('CREATE TABLE items (data TEXT)');
    for (const it of items) lite.prepare('INSERT INTO items VALUES (?)').run(JSON.stringify(it));
    runners = [
      ['postgres', async (sql, params) => (await pg.query<Record<string, unknown>>(sql, [...params])).rows, 'postgres'],
      // better-sqlite3 returns the JSON column as text: sqlListItems parses it.
      ['sqlite', (sql, params) => lite.prepare(sql).all(...(params as unknown[])) as Record<string, unknown>[], 'sqlite'],
    ];
  });
  afterAll(async () => {
    lite.close();
    await pg.close();
  });

  const cases: Record<string, string>[] = [
    {},
    { limit: '3' },
    { limit: '2', 'boundary-id': '4' },
    { limit: '2', 'boundary-id': '4', comparison: '<' },
    { limit: '2', 'boundary-id': 'a', comparison: '<=' },
    { q: encodeURIComponent('[[["<","price"],50]]'), limit: '2', 'boundary-id': '2' },
    { q: '[["name","shoe"]]'.replace('"name","shoe"', '["matches","name"],"shoe"') },
  ];
  it.each(cases)('equals listItems on URL parameters %o', async (params) => {
    const expected = listItems(items, catalog, params, { numericStrings: true, networkId: 3 });
    expect(expected.response).toBeDefined();
    for (const [, run, dialect] of runners) {
      const got = await sqlListItems(run, catalog, params, { dialect, numericStrings: true, networkId: 3 });
      expect(got.diagnostics).toEqual(expected.diagnostics);
      expect(got.response).toEqual(expected.response);
    }
  });

  it('walks every page forward from NextQuery objects (typed, no numericStrings needed)', async () => {
    const [, run] = runners[0] as [string, SqlRunner, 'postgres'];
    let params: Record<string, unknown> | undefined = { limit: 4 };
    const seen: unknown[] = [];
    while (params) {
      const r = await sqlListItems(run, catalog, params, { dialect: 'postgres' });
      seen.push(...(r.response?.Items ?? []).map((i) => i.Id));
      params = r.response?.NextQuery as Record<string, unknown> | undefined;
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, '7', 'a']);
  });

  it('returns every problem as diagnostics instead of throwing', async () => {
    const [, run] = runners[0] as [string, SqlRunner, 'postgres'];
    const r = await sqlListItems(run, catalog, { q: '[["colour","red"]]', limit: '0', comparison: '>' }, { dialect: 'postgres', numericStrings: true });
    expect(r.response).toBeUndefined();
    expect(r.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['listing/limit-out-of-range', 'listing/comparison-without-boundary']));
    expect(r.diagnostics.some((d) => d.code.startsWith('schema/'))).toBe(true);
    const bad = await sqlListItems(run, catalog, {}, { dialect: 'oracle' as never });
    expect(bad.diagnostics[0]?.code).toBe('sql/bad-option');
    const notFn = await sqlListItems(42 as never, catalog, {}, { dialect: 'postgres' });
    expect(notFn.diagnostics[0]?.code).toBe('api/bad-argument');
  });
});
