/**
 * Page walks on a search layout compared with the evaluator's listItems: from the first page,
 * NextQuery to the end, then PrevQuery back to the start, every page equal.
 */
import { expect } from 'vitest';
import type { Query } from '../../../src/ast/index.js';
import { listItems } from '../../../src/eval/index.js';
import type { ListPage, Scope } from '../../../src/listing/index.js';
import { layoutListSql, sqlPage, type LayoutListOptions, type SearchLayout } from '../../../src/sql/index.js';
import type { LayoutEngine } from './engines.js';

type Params = Record<string, unknown>;

/** What a walk varies: which attributes are backfilled, how far a page walks the id order, whether rows hold only the listed keys. */
export type PageOptions = Pick<LayoutListOptions, 'backfilled' | 'walkRows' | 'listedOnly'>;

/** One page on the layout of group `g`. */
export async function layoutPage(e: LayoutEngine, g: string, layout: SearchLayout, q: Query, params: Params, opts: PageOptions = {}): Promise<ListPage> {
  const l = layoutListSql(q, layout, params, { table: 'search_' + g, rawTable: 'raw_' + g, ...opts });
  let found = await e.query(l.sql, l.params);
  if (found.length <= l.limit) found = await e.query(l.rest.sql, l.rest.params);
  const rows = found.map(l.itemOf);
  const other = l.otherSide ? Boolean((await e.query(l.otherSide.sql, l.otherSide.params))[0]?.['other']) : false;
  return sqlPage(l, rows, other, layout.catalog);
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
      const got = await layoutPage(e, g, layout, q, params, opts);
      expect({ engine: e.name, params, page: got }).toEqual({ engine: e.name, params, page: ref.response });
      walked++;
      last = params;
      const next: Scope | undefined = ref.response![dir];
      params = next ? scopeParams(next) : undefined;
    }
    params = last;
  }
  return walked;
}
