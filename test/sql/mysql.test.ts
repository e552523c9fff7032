/**
 * The MySQL / MariaDB dialect's own decisions, on the real MariaDB server: indexSql's generated
 * columns apply and are used by `indexed: true` queries (EXPLAIN names the index), results equal
 * those without, strings compare without trailing-space padding, keys are found however they are
 * spelled in JSON.stringify's output, and keys MariaDB's paths cannot name are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clause, query, type Query } from '../../src/ast/index.js';
import type { Catalog } from '../../src/catalog/index.js';
import { compile } from '../../src/eval/index.js';
import { indexSql, listSql, toSql } from '../../src/sql/index.js';
import { engineRows, insertItems, startEngines, type Engines, type SqlEngine } from './engines.js';

const catalog: Catalog = {
  Id: 100,
  Name: 'mysql',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 'id', Type: 'Referenced', Cardinality: 'One', ReferenceId: 100 },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'line\nbreak', Type: 'String', Cardinality: 'One' },
    { Attribute: '-dash', Type: 'String', Cardinality: 'One' },
  ],
};

const items = Array.from({ length: 3000 }, (_, i) => ({
  id: i,
  price: (i % 1000) / 4,
  brand: i % 3 === 0 ? `b${i % 500}` : `b${i % 500} `,
  'line\nbreak': `v${i % 7}`,
}));

let e: Engines;
let my: SqlEngine;
beforeAll(async () => {
  e = await startEngines();
  my = e.all.find((x) => x.dialect === 'mysql')!;
  await insertItems(e, 1, items);
  for (const s of indexSql(catalog, { dialect: 'mysql', table: 'items' }).statements) await my.exec(s);
  await my.exec('ANALYZE TABLE `items`');
}, 120_000);
afterAll(async () => {
  await e.close();
});

const expected = (q: Query) => {
  const p = compile(q, catalog);
  return items.flatMap((it, i) => (p(it) ? [i] : []));
};

describe('MySQL / MariaDB', () => {
  it('indexSql writes stored generated columns with indexes, idempotent', async () => {
    const ddl = indexSql(catalog, { dialect: 'mysql', table: 'items' });
    expect(ddl.statements.some((s) => /ADD COLUMN IF NOT EXISTS `catq_n_price_[0-9a-f_]+` DOUBLE AS/.test(s))).toBe(true);
    for (const s of ddl.statements) await my.exec(s); // a second time: no error
  });

  it.each([
    ['price = 12.5', query([clause('=', 'price', 12.5)]), 'catq_n_price'],
    ['price < 1', query([clause('<', 'price', 1)]), 'catq_n_price'],
    ['brand one-of', query([clause('one-of', 'brand', ['b3', 'b4 '])]), 'catq_s_brand'],
  ])('%s: indexed uses the generated column index, with the evaluator\'s rows', async (_name, q, index) => {
    const plain = toSql(q, catalog, { dialect: 'mysql' });
    const indexed = toSql(q, catalog, { dialect: 'mysql', indexed: true });
    expect(await engineRows(my, 1, plain.where, plain.params)).toEqual(expected(q));
    expect(await engineRows(my, 1, indexed.where, indexed.params)).toEqual(expected(q));
    const plan = await my.query(`EXPLAIN ${indexed.sql}`, indexed.params);
    expect(plan.map((r) => String(r['key'])).join(' ')).toContain(index);
    expect(expected(q).length).toBeGreaterThan(0);
  });

  it('strings compare without trailing-space padding, and in code point order', async () => {
    const eq = query([clause('=', 'brand', 'b4')]);
    const s = toSql(eq, catalog, { dialect: 'mysql' });
    const rows = await engineRows(my, 1, s.where, s.params);
    expect(rows).toEqual(expected(eq));
    expect(rows.every((n) => items[n]!.brand === 'b4')).toBe(true);
    const lt = query([clause('<', 'brand', 'b1 ')]);
    const l = toSql(lt, catalog, { dialect: 'mysql' });
    expect(await engineRows(my, 1, l.where, l.params)).toEqual(expected(lt));
  });

  it('a key with a line break is found (written as JSON.stringify writes it)', async () => {
    const q = query([clause('=', 'line\nbreak', 'v3')]);
    const s = toSql(q, catalog, { dialect: 'mysql' });
    expect(await engineRows(my, 1, s.where, s.params)).toEqual(expected(q));
    expect(expected(q).length).toBeGreaterThan(0);
  });

  // MariaDB's optimizer compared two clauses' key paths in the connection's collation, so clauses
  // on keys that differ only in case, accents or trailing blanks read as one expression: one was
  // dropped as a repeat, or the two read as a contradiction (found by a property run with a new seed).
  it('clauses on keys that the collation calls equal stay apart: Brand / brand, é / e, "a" / "a "', async () => {
    const twins: Catalog = {
      Id: 100,
      Name: 'twins',
      Type: 'Product',
      Aliases: { Id: 'id' },
      SearchableAttributes: [
        { Attribute: 'Brand', Type: 'String', Cardinality: 'One' },
        { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
        { Attribute: 'café', Type: 'Boolean', Cardinality: 'One' },
        { Attribute: 'cafe', Type: 'Boolean', Cardinality: 'One' },
        { Attribute: 'a', Type: 'Object', Cardinality: 'Many' },
        { Attribute: 'a ', Type: 'Object', Cardinality: 'One' },
      ],
    };
    const rows = [
      { id: 1, brand: 'Acme', café: true, a: [] },
      { id: 2, Brand: 'Acme', brand: 'Zeta', cafe: false, 'a ': {} },
      { id: 3, Brand: 'Acme', café: true, cafe: false },
      { id: 4, brand: 'Acme', Brand: 'Acme', café: false, cafe: true, a: {}, 'a ': null },
      { id: 5 },
    ];
    await insertItems(e, 2, rows);
    const cases = [
      query([clause('present?', 'Brand', true), clause('present?', 'brand', false)]),
      query([clause('present?', 'brand', false), clause('present?', 'Brand', false)]),
      query([clause('=', 'Brand', 'Acme'), clause('=', 'brand', 'Acme')]),
      query([clause('=', 'café', true), clause('=', 'cafe', false)]),
      query([clause('present?', 'café', true), clause('present?', 'cafe', false)]),
      query([clause('present?', 'a', true), clause('present?', 'a ', false)]),
      query([clause('present?', 'a ', true), clause('present?', 'a', false)]),
    ];
    let nonEmpty = 0;
    for (const q of cases) {
      const p = compile(q, twins);
      const want = rows.flatMap((it, i) => (p(it) ? [i] : []));
      const s = toSql(q, twins, { dialect: 'mysql' });
      expect({ q: q.clauses, rows: await engineRows(my, 2, s.where, s.params) }).toEqual({ q: q.clauses, rows: want });
      if (want.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThanOrEqual(5);
  });

  it('a key starting with "-" is refused, never read as missing', () => {
    expect(() => toSql(query([clause('present?', '-dash', false)]), catalog, { dialect: 'mysql' })).toThrow(/starts with "-"/);
    const dashId: Catalog = { ...catalog, Aliases: { Id: '-dash' } };
    expect(() => listSql(query([]), dashId, {}, { dialect: 'mysql' })).toThrow(/Aliases.Id/);
  });
});
