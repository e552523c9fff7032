/**
 * The conformance table (test/fixtures/conformance.ts, expected ids written by hand from
 * docs/semantics.md) on the search layout, on PGlite and the PostgreSQL server: every row lists
 * its ids in listing order, from the layout's columns and, with no attribute backfilled, through
 * the raw-JSON fallback; pages of 3 walked forward and back equal the evaluator's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { itemId } from '../../../src/listing/index.js';
import { layoutListSql, searchLayout } from '../../../src/sql/index.js';
import { decode } from '../../../src/wire/index.js';
import { CONFORMANCE_CATALOG as catalog, CONFORMANCE_ITEMS, CONFORMANCE_ROWS as rows, IDLESS_ITEMS } from '../../fixtures/conformance.js';
import { loadGroup, useLayoutEngines } from './engines.js';
import { walkPages } from './pages.js';

const items: readonly unknown[] = [...CONFORMANCE_ITEMS, ...IDLESS_ITEMS];
const layout = searchLayout(catalog);
const engines = useLayoutEngines();

beforeAll(async () => {
  for (const e of engines) expect(await loadGroup(e, 'c', layout, items)).toEqual([]);
}, 120_000);

function queryOf(wire: readonly unknown[]) {
  const { query, diagnostics } = decode(JSON.stringify(wire));
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return query!;
}

describe('conformance table on the search layout', () => {
  it.each(rows.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    const q = queryOf(row.query);
    for (const e of engines) {
      for (const backfilled of [undefined, [] as string[]]) {
        const l = layoutListSql(q, layout, { limit: 1000 }, { table: 'search_c', rawTable: 'raw_c', ...(backfilled ? { backfilled } : {}) });
        const listed = (await e.query(l.sql, l.params)).map((r) => itemId(r['data'], catalog));
        expect({ engine: e.name, backfilled, listed }).toEqual({ engine: e.name, backfilled, listed: row.expectedIds });
        // The walk covers these few rows whole; the rest (clause indexes, sorted) must list the same.
        const rest = (await e.query(l.rest.sql, l.rest.params)).map((r) => itemId(r['data'], catalog));
        expect({ engine: e.name, backfilled, rest }).toEqual({ engine: e.name, backfilled, rest: row.expectedIds });
      }
      expect(await walkPages(e, 'c', layout, q, row.query, items, { limit: 3 })).toBeGreaterThan(0);
    }
  });
});
