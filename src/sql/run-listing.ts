import type { Catalog } from '../catalog/index.js';
import { argumentError, badArgument, isQueryError, throwBadArgument, type Diagnostic } from '../diagnostics/index.js';
import { readCheckedListing, type ListedItemOptions, type ListPage } from '../listing/index.js';
import { LIST_SQL_OPTION_KEYS, pageStatements, sqlPage, type ListSqlOptions, type SqlListing } from './listing.js';
import { resolveOptions } from './options.js';
import { optionKeyProblems } from '../wire/limits.js';

/**
 * Runs one statement on a database and resolves to its rows as objects keyed by column name
 * (what `pg`'s `query(sql, params).rows`, PGlite's `query(...).rows` or better-sqlite3's
 * `prepare(sql).all(...params)` give).
 */
export type SqlRunner = (sql: string, params: readonly unknown[]) => Promise<readonly Record<string, unknown>[]> | readonly Record<string, unknown>[];

/** Options of {@link sqlListItems}: {@link listSql}'s options and the `Uri` numbers of listed items. */
export interface SqlListItemsOptions extends ListSqlOptions, ListedItemOptions {}

/** The option names of {@link sqlListItems}. */
export const SQL_LIST_ITEMS_OPTION_KEYS: readonly string[] = Object.freeze([...LIST_SQL_OPTION_KEYS, 'networkId', 'tableId']);

/** What {@link sqlListItems} resolves to: the response, or every diagnostic of a 400. */
export interface SqlListItemsResult {
  /** The List Catalog Items response; absent exactly when a diagnostic is an error. */
  readonly response?: ListPage;
  /** Every problem of the parameters and of `q` at once (warnings too, on success). */
  readonly diagnostics: Diagnostic[];
}

/**
 * List Catalog Items on a SQL database in one call, the counterpart of the evaluator's
 * `listItems`: reads every parameter (`q` included; a missing `q` is every item), validates the
 * query, runs {@link listSql}'s statements through `run`, parses rows whose JSON column came back
 * as text, and builds the page with {@link sqlPage}. One error channel: bad input resolves to
 * `{ diagnostics }` (turn them into the 400 body with `toErrorBody`), never a thrown QueryError;
 * only a failing `run` (the database) rejects, or one that gives something other than an array of
 * rows (a QueryError that says so).
 *
 * Parameters taken from a URL are strings: pass `numericStrings: true` so that the
 * `boundary-id=5` of a `NextQuery` means the number 5.
 *
 * ```ts
 * const { response, diagnostics } = await sqlListItems(
 *   async (sql, params) => (await pool.query(sql, [...params])).rows, catalog, request.query,
 *   { dialect: 'postgres', table: 'items', numericStrings: true });
 * ```
 */
export async function sqlListItems(run: SqlRunner, catalog: Catalog, params: unknown, options: SqlListItemsOptions): Promise<SqlListItemsResult> {
  // Everything read from the arguments is read here; what they throw (a Proxy, a getter) is a
  // diagnostic like any bad input. Only `run` (the database) may reject after this.
  let ready: Prepared;
  try {
    ready = prepare(run, catalog, params, options);
  } catch (e) {
    return { diagnostics: [...argumentError('sqlListItems', e).diagnostics] };
  }
  if (!('list' in ready)) return { diagnostics: ready.diagnostics };
  const { list, column, listed, diagnostics } = ready;
  const rows = runRows('sqlListItems', await run(list.sql, list.params)).map((r) => parseJson(r[column]));
  let other = false;
  if (list.otherSide) {
    const o = runRows('sqlListItems', await run(list.otherSide.sql, list.otherSide.params))[0]?.['other'];
    other = o === true || o === 1 || o === 't';
  }
  return { response: sqlPage(list, rows, other, catalog, listed), diagnostics };
}

/**
 * What a `run` gave, checked to be an array of rows: anything else is the caller's mistake, a
 * QueryError that says what to return (never a TypeError from reading it).
 */
export function runRows(fn: string, rows: unknown): readonly Readonly<Record<string, unknown>>[] {
  if (!Array.isArray(rows)) {
    throwBadArgument(fn, 'run', 'a function returning (a promise of) the array of rows of the statement', rows, 'Return the rows, for example async (sql, params) => (await pool.query(sql, [...params])).rows.');
  }
  return rows as readonly Readonly<Record<string, unknown>>[];
}

type Prepared = { list: SqlListing; column: string; listed: ListedItemOptions; diagnostics: Diagnostic[] } | { diagnostics: Diagnostic[] };

/** The arguments of {@link sqlListItems} read and checked, and its statements. */
function prepare(run: SqlRunner, catalog: Catalog, params: unknown, options: SqlListItemsOptions): Prepared {
  // No options: the same diagnostic as listSql's for a missing dialect, resolved, not a TypeError.
  if (options === undefined) options = {} as SqlListItemsOptions;
  if (options === null || typeof options !== 'object') {
    return { diagnostics: [badArgument('sqlListItems', 'options', 'an object with a dialect', options, "Pass the options, for example { dialect: 'postgres', table: 'items' }.")] };
  }
  const optionProblems = optionKeyProblems('sqlListItems', options, SQL_LIST_ITEMS_OPTION_KEYS);
  if (optionProblems.length) return { diagnostics: [...optionProblems] };
  if (typeof run !== 'function') return { diagnostics: [badArgument('sqlListItems', 'run', 'a function (sql, params) => rows', run, 'Pass a function that runs one statement and returns its rows.')] };
  // `q` is checked here, once, whatever the page: the statements compile this plan.
  const { listing, plan, diagnostics, remembered } = readCheckedListing(params, catalog, options);
  if (!listing || !plan) return { diagnostics };
  let list;
  try {
    const { networkId: _n, tableId: _t, ...sqlOptions } = options;
    list = pageStatements(plan, listing, resolveOptions(sqlOptions, 'listSql', LIST_SQL_OPTION_KEYS), remembered === true);
  } catch (e) {
    if (isQueryError(e)) return { diagnostics: [...diagnostics, ...e.diagnostics] };
    throw e;
  }
  const listed: ListedItemOptions = {};
  if (options.networkId !== undefined) (listed as { networkId?: number }).networkId = options.networkId;
  if (options.tableId !== undefined) (listed as { tableId?: number }).tableId = options.tableId;
  return { list, column: options.column ?? 'data', listed, diagnostics };
}

/** A JSON column comes back parsed (`jsonb` through pg / PGlite) or as text (SQLite): parse text. */
function parseJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
}
