/**
 * Page walks on a search layout compared with the evaluator's listItems: from the first page,
 * NextQuery to the end, then PrevQuery back to the start, every page equal.
 */
import { expect } from 'vitest';
import type { Query } from '../../../src/ast/index.js';
import { listItems } from '../../../src/eval/index.js';
import type { ListPage, Scope } from '../../../src/listing/index.js';
import { layoutListSql, layoutPage as pageOfRows, layoutPageJson, sqlPage, type LayoutListOptions, type SearchLayout } from '../../../src/sql/index.js';
import type { LayoutEngine } from './engines.js';

type Params = Record<string, unknown>;

/** What a walk varies: which attributes are backfilled, how far a page walks the id order, whether rows hold only the listed keys. */
export type PageOptions = Pick<LayoutListOptions, 'backfilled' | 'walkRows' | 'listedOnly' | 'listedFilled'>;

/** Other `Uri` numbers than the default ones, which every page is also built with. */
export const ELSEWHERE = { networkId: 7, tableId: 12 };

/** One page on the layout of group `g`, with the default `Uri` numbers and with {@link ELSEWHERE}'s. */
export async function layoutPages(e: LayoutEngine, g: string, layout: SearchLayout, q: Query, params: Params, opts: PageOptions = {}): Promise<{ page: ListPage; elsewhere: ListPage }> {
  const l = layoutListSql(q, layout, params, { table: 'search_' + g, rawTable: 'raw_' + g, ...opts });
  // With listedFilled, the statements carry no lookup of the raw table for rows without a listed form.
  if (opts.listedFilled) for (const st of [l, l.rest]) expect(st.sql).not.toContain('catq_raw_listed');
  let found = await e.query(l.sql, l.params);
  const filled = found.length > l.limit;
  if (!filled) found = await e.query(l.rest.sql, l.rest.params);
  const other = l.otherSide ? Boolean((await e.query(l.otherSide.sql, l.otherSide.params))[0]?.['other']) : false;
  // A full walk, and a rest with rows, answer the other-side question in their rows too.
  if (l.otherSide && found.length > 0) expect(Boolean(found[0]?.['catq_other']), `catq_other of the ${filled ? 'walk' : 'rest'}`).toBe(other);
  if (!l.otherSide) expect(found[0]?.['catq_other'] ?? null).toBe(null);
  if (!opts.listedOnly) {
    const page = sqlPage(l, found.map(l.itemOf), other, layout.catalog);
    expect(pageOfRows(l, found, other), 'layoutPage of raw rows').toEqual(page);
    return { page, elsewhere: pageOfRows(l, found, other, ELSEWHERE) };
  }
  // The listed forms as the search table holds them: the page object, and the page's JSON text
  // spliced from them, which must be exactly what JSON.stringify writes of the object.
  const page = pageOfRows(l, found, other);
  expect(layoutPageJson(l, found, other)).toBe(JSON.stringify(page));
  const elsewhere = pageOfRows(l, found, other, ELSEWHERE);
  expect(layoutPageJson(l, found, other, ELSEWHERE)).toBe(JSON.stringify(elsewhere));
  return { page, elsewhere };
}

const scopeParams = (s: Scope): Params => {
  const { q: _q, ...rest } = s;
  return rest;
};

/**
 * Walks forward from `start` and back from the last page reached, comparing each page with
 * listItems over `stored` (the items as the database holds them). Returns the pages walked.
 */
export async function walkPages(e: LayoutEngine, g: string, layout: SearchLayout, q: Query, wire: unknown, stored: readonly unknown[], start: Params, opts: PageOptions = {}): Promise<number> {
  let walked = 0;
  let params: Params | undefined = start;
  for (const dir of ['NextQuery', 'PrevQuery'] as const) {
    let last: Params | undefined = params;
    for (let step = 0; params && step < 40; step++) {
      const ref = listItems(stored, layout.catalog, { ...params, q: wire });
      expect(ref.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const got = await layoutPages(e, g, layout, q, params, opts);
      expect({ engine: e.name, params, page: got.page }).toEqual({ engine: e.name, params, page: ref.response });
      const there = listItems(stored, layout.catalog, { ...params, q: wire }, ELSEWHERE);
      expect({ engine: e.name, params, elsewhere: got.elsewhere }).toEqual({ engine: e.name, params, elsewhere: there.response });
      walked++;
      last = params;
      const next: Scope | undefined = ref.response![dir];
      params = next ? scopeParams(next) : undefined;
    }
    params = last;
  }
  return walked;
}
