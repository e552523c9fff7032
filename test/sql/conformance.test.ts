/**
 * The conformance table of the evaluator (test/fixtures/conformance.ts, expected ids written by
 * hand from docs/semantics.md) run on PostgreSQL and SQLite: the same ids, through `toSql` and through
 * `listSql` (which also checks the listing order), plus the id-less items against the evaluator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../src/eval/index.js';
import { itemId } from '../../src/listing/index.js';
import { indexSql, listSql, toSql } from '../../src/sql/index.js';
import { decode } from '../../src/wire/index.js';
import { CONFORMANCE_CATALOG as catalog, CONFORMANCE_ITEMS, CONFORMANCE_ROWS as rows, IDLESS_ITEMS } from '../fixtures/conformance.js';
import { insertItems, liteRows, pgRows, startEngines, type Engines } from './engines.js';

const items: readonly unknown[] = [...CONFORMANCE_ITEMS, ...IDLESS_ITEMS];
let e: Engines;

beforeAll(async () => {
  e = await startEngines();
  await insertItems(e, 1, items);
  await e.pg.exec(indexSql(catalog, { table: 'items' }).sql);
});
afterAll(async () => {
  await e.close();
});

function queryOf(wire: readonly unknown[]) {
  const { query, diagnostics } = decode(JSON.stringify(wire));
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return query!;
}

const idsOf = (ns: readonly number[]) => ns.map((n) => itemId(items[n], catalog)).filter((id) => id !== undefined);
const sortedIds = (ids: readonly (string | number)[]) => [...ids].map((x) => JSON.stringify(x)).sort();

describe('conformance table on real engines', () => {
  it.each(rows.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    const q = queryOf(row.query);
    const p = compile(q, catalog);
    const idless = IDLESS_ITEMS.flatMap((it, i) => (p(it) ? [CONFORMANCE_ITEMS.length + i] : []));
    const check = (ns: number[]) => {
      expect(sortedIds(idsOf(ns))).toEqual(sortedIds(row.expectedIds));
      expect(ns.filter((n) => n >= CONFORMANCE_ITEMS.length)).toEqual(idless);
    };
    const pg = toSql(q, catalog, { dialect: 'postgres' });
    check(await pgRows(e, 1, pg.where, pg.params));
    const pgi = toSql(q, catalog, { dialect: 'postgres', indexed: true });
    check(await pgRows(e, 1, pgi.where, pgi.params));
    const lite = toSql(q, catalog, { dialect: 'sqlite' });
    check(liteRows(e, 1, lite.where, lite.params));

    // listSql returns the same ids, in listing order (numbers, then strings by code point).
    const lp = listSql(q, catalog, { limit: 1000 }, { dialect: 'postgres' });
    const pgList = (await e.pg.query<{ data: unknown }>(lp.sql, [...lp.params])).rows.map((r) => itemId(r.data, catalog));
    expect(pgList).toEqual(row.expectedIds);
    const ll = listSql(q, catalog, { limit: 1000 }, { dialect: 'sqlite' });
    const liteList = (e.lite.prepare(ll.sql).all(...ll.params) as { data: string }[]).map((r) => itemId(JSON.parse(r.data), catalog));
    expect(liteList).toEqual(row.expectedIds);
  });
});
