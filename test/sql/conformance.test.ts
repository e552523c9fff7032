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
import { engineRows, insertItems, startEngines, type Engines } from './engines.js';

const items: readonly unknown[] = [...CONFORMANCE_ITEMS, ...IDLESS_ITEMS];
let e: Engines;

beforeAll(async () => {
  e = await startEngines();
  await insertItems(e, 1, items);
  for (const engine of e.all) {
    if (engine.dialect === 'sqlite') continue;
    for (const statement of indexSql(catalog, { table: 'items', dialect: engine.dialect }).statements) await engine.exec(statement);
  }
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
    for (const engine of e.all) {
      const plain = toSql(q, catalog, { dialect: engine.dialect });
      check(await engineRows(engine, 1, plain.where, plain.params));
      if (engine.dialect !== 'sqlite') {
        const indexed = toSql(q, catalog, { dialect: engine.dialect, indexed: true });
        check(await engineRows(engine, 1, indexed.where, indexed.params));
      }
      // listSql returns the same ids, in listing order (numbers, then strings by code point).
      const l = listSql(q, catalog, { limit: 1000 }, { dialect: engine.dialect });
      const listed = (await engine.query(l.sql, l.params)).map((r) => itemId(engine.json(r['data']), catalog));
      expect({ engine: engine.name, listed }).toEqual({ engine: engine.name, listed: row.expectedIds });
    }
  });
});
