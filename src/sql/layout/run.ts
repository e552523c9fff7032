import { badArgument, isQueryError } from '../../diagnostics/index.js';
import { looksLikeUrlParams, readCheckedListing, type ListedItemOptions } from '../../listing/index.js';
import { sqlPage } from '../listing.js';
import type { SqlListItemsResult, SqlRunner } from '../run-listing.js';
import { layoutListSql, type LayoutListOptions } from './listing.js';
import { ListingMemory, MEMORY_KEY_LIMIT } from './memory.js';
import type { SearchLayout } from './plan.js';

/** Options of {@link layoutListItems}: {@link layoutListSql}'s and the `Uri` numbers of listed items. */
export interface LayoutListItemsOptions extends LayoutListOptions, ListedItemOptions {
  /**
   * Runs the rest statement (see LayoutListing); default `run`. PostgreSQL may plan it as a
   * read of the whole table when it overestimates the matching rows (a one-of of many rare
   * values, say), or with parallel workers that cost more to start than the page: run it in a
   * transaction after `SET LOCAL enable_seqscan = off; SET LOCAL max_parallel_workers_per_gather
   * = 0` so that it reads the clause indexes in the one backend, as catq-server does.
   */
  readonly runRest?: SqlRunner;
  /**
   * Keep one per table (`new ListingMemory()`) and pass it to every call: a page of a `q` that
   * an earlier page found to match at most `walkRows` items (past its boundary) runs the rest
   * statement alone, without the walk. Pages are the same with or without it.
   */
  readonly memory?: ListingMemory;
}

/**
 * List Catalog Items on a search layout in one call, the counterpart of `sqlListItems`: reads
 * every parameter (`q` included), validates the query on `layout.catalog`, runs
 * {@link layoutListSql}'s statements through `run` (unnamed statements: pass them to
 * `client.query(text, values)` without a name) and builds the page. Bad input resolves to
 * `{ diagnostics }`; only a failing `run` rejects.
 */
export async function layoutListItems(run: SqlRunner, layout: SearchLayout, params: unknown, options: LayoutListItemsOptions): Promise<SqlListItemsResult> {
  if (typeof run !== 'function') return { diagnostics: [badArgument('layoutListItems', 'run', 'a function (sql, params) => rows', run, 'Pass a function that runs one statement and returns its rows.')] };
  const m = options?.memory as unknown;
  if (m !== undefined && !(m instanceof ListingMemory)) return { diagnostics: [badArgument('layoutListItems', 'options.memory', 'a ListingMemory', m, 'Pass new ListingMemory() (keep one per table), or leave it out.')] };
  const catalog = layout.catalog;
  const urlLike = looksLikeUrlParams(params);
  if (typeof URLSearchParams === 'function' && params instanceof URLSearchParams) params = Object.fromEntries([...params].reverse());
  const numericStrings = options.numericStrings ?? urlLike;
  // `q` is checked here, once: its plan is what layoutListSql compiles (it does not check again).
  const { listing, plan, diagnostics } = readCheckedListing(params, catalog, { numericStrings, ...(options.limits ? { limits: options.limits } : {}) });
  if (!listing || !plan) return { diagnostics };
  let list;
  try {
    const { q: _q, ...rest } = (params ?? {}) as Record<string, unknown>;
    const { networkId: _n, tableId: _t, runRest: _r, memory: _m, ...listOptions } = options;
    // Only the keys of the listed form travel (the page is built from them alone).
    list = layoutListSql(plan, layout, rest, { listedOnly: true, ...listOptions, numericStrings });
  } catch (e) {
    if (isQueryError(e)) return { diagnostics: [...diagnostics, ...e.diagnostics] };
    throw e;
  }
  const memory = options.memory;
  const q = (params as Record<string, unknown> | undefined)?.['q'];
  const key = memory && (q === undefined || typeof q === 'string') && (q ?? '').length <= MEMORY_KEY_LIMIT ? (q ?? '') : undefined;
  const runRest = async (): Promise<readonly Record<string, unknown>[]> => {
    const rows = await (options.runRest ?? run)(list.rest.sql, list.rest.params);
    if (key !== undefined) memory?.set(key, Number(rows[0]?.['catq_matches'] ?? 0));
    return rows;
  };
  const known = key === undefined ? undefined : memory?.get(key);
  let found: readonly Record<string, unknown>[];
  let fromRest = false;
  if (known !== undefined && known <= list.walkRows) {
    found = await runRest();
    fromRest = true;
  } else {
    found = await run(list.sql, list.params);
    // A walk that came back short: the page is the rest's (see LayoutListing).
    if (found.length <= list.limit) {
      found = await runRest();
      fromRest = true;
    } else if (key !== undefined) memory?.delete(key);
  }
  const rows = found.map(list.itemOf);
  let other = false;
  if (list.otherSide) {
    // The rest's rows say whether a match lies on the other side; without rows it must be asked.
    const o = fromRest && found.length > 0 ? found[0]?.['catq_other'] : (await run(list.otherSide.sql, list.otherSide.params))[0]?.['other'];
    other = o === true || o === 1 || o === 't';
  }
  const listed: { networkId?: number; tableId?: number } = {};
  if (options.networkId !== undefined) listed.networkId = options.networkId;
  if (options.tableId !== undefined) listed.tableId = options.tableId;
  return { response: sqlPage(list, rows, other, catalog, listed), diagnostics };
}
