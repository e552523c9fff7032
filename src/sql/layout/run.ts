import { argumentError, badArgument, isQueryError, type Diagnostic } from '../../diagnostics/index.js';
import { looksLikeUrlParams, readCheckedListing, type ListedItemOptions } from '../../listing/index.js';
import { givenQ, withoutQ } from '../../listing/params.js';
import { layoutPage, layoutPageJson } from './page.js';
import { runRows, type SqlListItemsResult, type SqlRunner } from '../run-listing.js';
import { layoutListSql, type LayoutListing, type LayoutListOptions } from './listing.js';
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
 * `{ diagnostics }`; only a failing `run` rejects (or one that gives something other than an array
 * of rows: a QueryError that says so).
 */
export async function layoutListItems(run: SqlRunner, layout: SearchLayout, params: unknown, options: LayoutListItemsOptions): Promise<SqlListItemsResult> {
  const found = await listedRows('layoutListItems', run, layout, params, options);
  if (!found.rows) return { diagnostics: found.diagnostics };
  return { response: layoutPage(found.list, found.rows, found.other, uriNumbers(options)), diagnostics: found.diagnostics };
}

/** The result of {@link layoutListItemsJson}: the page as JSON text, or why there is none. */
export interface LayoutListItemsJsonResult {
  /** The List Catalog Items response as JSON text (what `JSON.stringify` writes of `layoutListItems`' response). */
  readonly json?: string;
  /** Every problem of the parameters and of `q` at once (warnings too, on success). */
  readonly diagnostics: Diagnostic[];
}

/**
 * {@link layoutListItems} with the page as JSON text, ready to send: the items' listed forms are
 * spliced into it as the search table holds them, never parsed or written again (about a third
 * of a service's CPU per page of 100 items, measured). Same arguments, same statements.
 */
export async function layoutListItemsJson(run: SqlRunner, layout: SearchLayout, params: unknown, options: LayoutListItemsOptions): Promise<LayoutListItemsJsonResult> {
  const found = await listedRows('layoutListItemsJson', run, layout, params, options);
  if (!found.rows) return { diagnostics: found.diagnostics };
  return { json: layoutPageJson(found.list, found.rows, found.other, uriNumbers(options)), diagnostics: found.diagnostics };
}

/** The `Uri` numbers of the options (only those given). */
function uriNumbers(options: LayoutListItemsOptions): ListedItemOptions {
  const listed: { networkId?: number; tableId?: number } = {};
  if (options.networkId !== undefined) listed.networkId = options.networkId;
  if (options.tableId !== undefined) listed.tableId = options.tableId;
  return listed;
}

type Row = Readonly<Record<string, unknown>>;
type Found = { rows: readonly Row[]; list: LayoutListing; other: boolean; diagnostics: Diagnostic[] } | { rows?: undefined; diagnostics: Diagnostic[] };

/** Reads the parameters, runs the page's statements, and returns its rows (listed forms only). */
async function listedRows(fn: string, run: SqlRunner, layout: SearchLayout, params: unknown, options: LayoutListItemsOptions): Promise<Found> {
  // Everything read from the arguments is read here; what they throw (a Proxy, a getter) is a
  // diagnostic like any bad input. Only the statements (the database) may reject after this.
  let ready: Prepared;
  try {
    ready = prepare(fn, run, layout, params, options);
  } catch (e) {
    return { diagnostics: [...argumentError(fn, e).diagnostics] };
  }
  if (!('list' in ready)) return { diagnostics: ready.diagnostics };
  const { list, memory, key, known, runRestWith, diagnostics } = ready;
  const runRest = async (): Promise<readonly Row[]> => {
    const rows = runRows(fn, await runRestWith(list.rest.sql, list.rest.params));
    if (key !== undefined) memory?.set(key, Number(rows[0]?.['catq_matches'] ?? 0));
    return rows;
  };
  let found: readonly Row[];
  // A query known (from its last rest) or expected (list.sparse) to match at most W items: the rest alone.
  if (known !== undefined ? known <= list.walkRows : list.sparse) {
    found = await runRest();
  } else {
    found = runRows(fn, await run(list.sql, list.params));
    // A walk that came back short: the page is the rest's (see LayoutListing).
    if (found.length <= list.limit) {
      found = await runRest();
    } else if (key !== undefined) memory?.delete(key);
  }
  // The rows of the rest, and of a walk that filled its page, say whether a match lies on the
  // other side of a boundary (LayoutListing); otherwise (no rows) `otherSide` asks, when there is one.
  const said = found[0]?.['catq_other'];
  const side = said === undefined || said === null ? list.otherSide : undefined;
  const o = side ? runRows(fn, await run(side.sql, side.params))[0]?.['other'] : said;
  const other = o === true || o === 1 || o === 't';
  return { rows: found, list, other, diagnostics };
}

type Prepared =
  | { list: LayoutListing; memory: ListingMemory | undefined; key: string | undefined; known: number | undefined; runRestWith: SqlRunner; diagnostics: Diagnostic[] }
  | { diagnostics: Diagnostic[] };

/** The arguments of {@link listedRows} read and checked, and the page's statements. */
function prepare(fn: string, run: SqlRunner, layout: SearchLayout, params: unknown, options: LayoutListItemsOptions): Prepared {
  if (typeof run !== 'function') return { diagnostics: [badArgument(fn, 'run', 'a function (sql, params) => rows', run, 'Pass a function that runs one statement and returns its rows.')] };
  const m = options?.memory as unknown;
  if (m !== undefined && !(m instanceof ListingMemory)) return { diagnostics: [badArgument(fn, 'options.memory', 'a ListingMemory', m, 'Pass new ListingMemory() (keep one per table), or leave it out.')] };
  const catalog = layout.catalog;
  const urlLike = looksLikeUrlParams(params);
  const numericStrings = options.numericStrings ?? urlLike;
  // `q` is checked here, once: its plan is what layoutListSql compiles (it does not check again).
  const { listing, plan, diagnostics } = readCheckedListing(params, catalog, { numericStrings, ...(options.limits ? { limits: options.limits } : {}) });
  if (!listing || !plan) return { diagnostics };
  let list: LayoutListing;
  try {
    const rest = withoutQ(params ?? {}) as Record<string, unknown>;
    const { networkId: _n, tableId: _t, runRest: _r, memory: _m, ...listOptions } = options;
    // Only the listed forms travel (the page is made of them alone).
    list = layoutListSql(plan, layout, rest, { listedOnly: true, ...listOptions, numericStrings });
  } catch (e) {
    if (isQueryError(e)) return { diagnostics: [...diagnostics, ...e.diagnostics] };
    throw e;
  }
  const memory = options.memory;
  const q = givenQ(params);
  const key = memory && (q === undefined || typeof q === 'string') && (q ?? '').length <= MEMORY_KEY_LIMIT ? (q ?? '') : undefined;
  const known = key === undefined ? undefined : memory?.get(key);
  return { list, memory, key, known, runRestWith: options.runRest ?? run, diagnostics };
}
