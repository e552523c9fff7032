import type { Query } from '../ast/index.js';
import type { Catalog } from '../catalog/index.js';
import type { CheckedQuery } from '../check/index.js';
import { argumentError, diagnostic, guard, QueryError, throwBadArgument } from '../diagnostics/index.js';
import {
  buildPage,
  complementComparison,
  itemId,
  readListingParams,
  scanDirection,
  type Comparison,
  type ListPage,
  type Listing,
  type ListedItemOptions,
  type ReadListingOptions,
} from '../listing/index.js';
import { withoutQ, withQuery } from '../listing/params.js';
import { SqlBuilder } from './builder.js';
import type { Dialect } from './dialect.js';
import { idKeys } from './id-keys.js';
import { holdableOrder } from './layout/safe-text.js';
import { newBuilder, resolveOptions, SQL_OPTION_KEYS, type ResolvedOptions, type SqlOptions } from './options.js';

/** The option names of {@link listSql}. */
export const LIST_SQL_OPTION_KEYS: readonly string[] = [...SQL_OPTION_KEYS, 'numericStrings'];
import { checkedOrThrow, compileWhere, type SqlStatement } from './to-sql.js';

/** The result of {@link listSql}: one page's SELECT and what is needed to build the response. */
export interface SqlListing extends SqlStatement {
  /** The checked listing parameters (boundary, comparison, limit). */
  readonly listing: Listing;
  /**
   * `asc` for a page after the boundary (or without one), `desc` for `<` / `<=` pages, which are
   * fetched nearest-below first. Either way `sql` returns rows in ascending id order.
   */
  readonly scan: 'asc' | 'desc';
  /**
   * `sql` fetches up to `limit + 1` rows: when `limit + 1` come back, the extra row (the last
   * for `asc`, the first for `desc`) only proves that more items follow in the scan direction.
   */
  readonly limit: number;
  /**
   * With a boundary: a statement returning one row `{ other }`, true when some matching, listed
   * item lies on the other side of the boundary (needed for `PrevQuery` of `>` pages and
   * `NextQuery` of `<` pages). Absent without a boundary (nothing lies before the first page).
   */
  readonly otherSide?: SqlStatement;
}

/** Options of {@link listSql}: where the items are, and `numericStrings` for parameters read from a URL (see readListingParams). */
export interface ListSqlOptions extends SqlOptions, ReadListingOptions {}

/**
 * The keyset comparison `keys cmp boundary` as the dialect can bind it: a string boundary holding a
 * lone surrogate, which the dialect's text cannot hold (a driver would bind U+FFFD), is restated
 * for the stored ids (`holdableOrder`; `> "\ud800"` is `>= "\ue000"`). Only the string key can
 * differ from the boundary's then, so restating the row comparison's operator is exact.
 */
function bindable(d: Dialect, cmp: Comparison, boundary: string | number): { readonly cmp: Comparison; readonly boundary: string | number } {
  if (typeof boundary !== 'string' || d.textHoldsLoneSurrogates) return { cmp, boundary };
  const h = holdableOrder(cmp, boundary, d.textHoldsNul);
  return { cmp: h.op, boundary: h.value };
}

function boundaryRow(d: Dialect, b: SqlBuilder, id: string | number): string {
  const kind = d.intParam(typeof id === 'number' ? 0 : 1, b);
  const num = d.numberParam(typeof id === 'number' ? id : 0, b);
  const str = d.textParam(typeof id === 'string' ? id : '', b);
  return `(${kind}, ${num}, ${str})`;
}

/**
 * Compiles List Catalog Items to keyset pagination (no OFFSET): the items matching `query`
 * that have an id (`Aliases.Id` holds a string or a number), ordered numbers first
 * (numerically) then strings (code point order), after or before `boundary-id`.
 *
 * `params` are the listing parameters as {@link readListingParams} reads them (`boundary-id`,
 * `comparison`, `limit`, `order`; a `q` in them is ignored, the query is the first argument).
 * Turn the rows into the response with {@link sqlPage}. Throws QueryError on invalid input.
 */
export function listSql(query: Query | CheckedQuery, catalog: Catalog, params: Readonly<Record<string, unknown>>, options: ListSqlOptions): SqlListing {
  try {
    const opts = resolveOptions(options, 'listSql', LIST_SQL_OPTION_KEYS);
    const read = readListingParams(withoutQ(params), options.numericStrings === undefined ? {} : { numericStrings: options.numericStrings });
    if (!read.listing) throw new QueryError(read.diagnostics, 'Invalid listing parameters');
    const plan = checkedOrThrow(query, catalog, opts);
    return pageStatements(plan, withQuery(read.listing, plan.query), opts);
  } catch (e) {
    throw argumentError('listSql', e);
  }
}

/**
 * The statements of one page of a checked query: the page's SELECT and, with a boundary, the
 * other-side EXISTS. The query is not checked again, and its condition is compiled once: both
 * statements fork the builder as it stood after it. With `keep` (a plan the listing remembers,
 * shared by the pages of one search) the compiled condition is kept for the next page.
 */
export function pageStatements(plan: CheckedQuery, listing: Listing, opts: ResolvedOptions, keep = false): SqlListing {
  const d = opts.dialect;
  const catalog = plan.catalog;
  if (!d.textHoldsNul && typeof listing.boundary === 'string' && listing.boundary.includes('\u0000')) {
    throw new QueryError([diagnostic('sql/unsupported', { detail: `${d.name} text cannot hold the NUL character of "boundary-id"` }, { path: '/boundary-id' })]);
  }

  const idProblem = d.keyProblem(catalog.Aliases.Id);
  if (idProblem !== undefined) throw new QueryError([diagnostic('sql/unsupported', { detail: `Aliases.Id: ${idProblem}` }, { path: '/Aliases/Id' })]);
  // The builder starts with the id key's constants bound, and the key columns' text is the one
  // made for this catalog and these options the first time (it only depends on them).
  const keys = keyColumns(catalog, opts);
  const { columns } = keys;
  const { where, after } = compiledWhere(plan, keys, opts, keep);
  const b = after.fork();
  // The three sort keys are written once, in a derived table beside the condition, and named
  // everywhere else (listed, keyset bound, ORDER BY): written out at each use they were about
  // 8 KB of text per page. Every engine merges such a derived table into the outer query
  // (PostgreSQL pulls it up, MySQL / MariaDB derived_merge, SQLite's flattener), so the plan
  // (and the id index's use) is the one of the expressions written out.
  const from = ` FROM ${opts.table} WHERE (${where})) AS catq_keyed`;
  const keyed = (item: string) => `(SELECT ${item}${columns}${from}`;
  // Both statements share the condition and the keys: both fork the builder as it stood after them.
  const ob = listing.boundary !== undefined ? after.fork() : undefined;
  const listed = 'catq_k0 IS NOT NULL';
  const row = '(catq_k0, catq_k1, catq_k2)';
  const scan = scanDirection(listing);
  const cmp = listing.comparison;
  const keyset = (c: Comparison, boundary: string | number, builder: SqlBuilder): string => {
    const k = bindable(d, c, boundary);
    return `${row} ${k.cmp} ${boundaryRow(d, builder, k.boundary)}`;
  };
  const bound = listing.boundary !== undefined && cmp ? ` AND ${keyset(cmp, listing.boundary, b)}` : '';
  const dir = scan === 'asc' ? 'ASC' : 'DESC';
  const inner =
    `SELECT catq_item, catq_k0, catq_k1, catq_k2 FROM ${keyed(`${opts.column} AS catq_item, `)}` +
    ` WHERE ${listed}${bound} ORDER BY catq_k0 ${dir}, catq_k1 ${dir}, catq_k2 ${dir} LIMIT ${d.intParam(listing.limit + 1, b)}`;
  const text = `SELECT catq_item AS ${opts.column} FROM (${inner}) AS catq_page ORDER BY catq_k0, catq_k1, catq_k2`;
  const main = b.finish(text);

  // Written out, not `{ ...main, listing, ... }`: in Node 20 an object spread followed by more keys
  // costs about 1.5 µs a key (measured; it was a fifth of a List page's time).
  const out: { -readonly [K in keyof SqlListing]: SqlListing[K] } = { sql: main.sql, params: main.params, listing, scan, limit: listing.limit };
  if (ob && listing.boundary !== undefined && cmp) {
    const other: Comparison = complementComparison(cmp);
    const oText = `SELECT EXISTS (SELECT 1 FROM ${keyed('')} WHERE ${listed} AND ${keyset(other, listing.boundary, ob)}) AS other`;
    out.otherSide = ob.finish(oText);
  }
  return out;
}

/** The key columns made for one dialect, column and constants style (see {@link keyColumns}). */
interface KeyColumns {
  readonly dialect: string;
  readonly column: string;
  readonly inline: ResolvedOptions['inlineConstants'];
  readonly id: string;
  readonly seed: SqlBuilder;
  readonly columns: string;
}

/**
 * Per catalog, the key columns made for each dialect, column and constants style (a short list:
 * compared field by field, which costs less than building a string key per page).
 */
const keyColumnsCache = new WeakMap<Catalog, KeyColumns[]>();

/**
 * The select list of the three id sort keys (`... AS catq_k0, ...`), written on a fresh builder
 * (so their parameters come first and are numbered the same every time) and remembered: it
 * depends only on the catalog's id attribute and the options, never on a request's values.
 * Callers fork the builder.
 */
function keyColumns(catalog: Catalog, opts: ResolvedOptions): KeyColumns {
  const d = opts.dialect;
  const id = catalog.Aliases.Id;
  let made = keyColumnsCache.get(catalog);
  if (!made) keyColumnsCache.set(catalog, (made = []));
  for (const e of made) if (e.dialect === d.name && e.column === opts.column && e.inline === opts.inlineConstants && e.id === id) return e;
  const seed = newBuilder(opts);
  const keys = idKeys(d, d.field(opts.column, id, seed));
  const hit: KeyColumns = { dialect: d.name, column: opts.column, inline: opts.inlineConstants, id, seed, columns: keys.map((k, i) => `${k} AS catq_k${i}`).join(', ') };
  // Columns come from options: a caller cycling through many cannot grow this without bound.
  if (made.length >= 32) made.length = 0;
  made.push(hit);
  return hit;
}

/** A checked query's condition, compiled on a fork of one {@link KeyColumns} seed. */
interface CompiledWhere {
  readonly keys: KeyColumns;
  readonly indexed: boolean;
  readonly where: string;
  /** The builder as it stood after the condition: never written to again, only forked. */
  readonly after: SqlBuilder;
}

/**
 * The conditions of the last {@link WHERE_KEPT} remembered checked queries, compiled for one
 * key-columns seed and `indexed` (the only options the text depends on besides the seed's). The
 * pages of one search share one checked query (the listing remembers the plan of a recent `q`
 * text), so a next page compiles nothing: it forks the builder. A condition that cannot be
 * compiled throws and is not kept. Only plans the listing remembers are kept: keeping one-off
 * plans for a while moved them to the long-lived heap, and a stream of new `q` texts got about
 * 45% slower per page (measured with `npm run bench list-page`).
 */
const WHERE_KEPT = 128;
const whereCache = new Map<CheckedQuery, CompiledWhere>();

function compiledWhere(plan: CheckedQuery, keys: KeyColumns, opts: ResolvedOptions, keep: boolean): CompiledWhere {
  const kept = keep ? whereCache.get(plan) : undefined;
  if (kept !== undefined && kept.keys === keys && kept.indexed === opts.indexed) return kept;
  const after = keys.seed.fork();
  const made: CompiledWhere = { keys, indexed: opts.indexed, where: compileWhere(plan, opts, after), after };
  if (keep) {
    if (kept === undefined && whereCache.size >= WHERE_KEPT) whereCache.delete(whereCache.keys().next().value as CheckedQuery);
    whereCache.set(plan, made);
  }
  return made;
}

/**
 * Builds the List Catalog Items response from what {@link listSql}'s statements returned:
 * `rows` the raw items (parsed JSON) in the order `sql` returned them, `otherSide` the boolean
 * of the `otherSide` statement (ignored without a boundary).
 */
export function sqlPage(list: SqlListing, rows: readonly unknown[], otherSide: boolean, catalog: Catalog, options: ListedItemOptions = {}): ListPage {
  try {
    return guard('sqlPage', () => {
      if (!Array.isArray(rows)) throwBadArgument('sqlPage', 'rows', 'an array of parsed items', rows, 'Pass the JSON column of each row returned by list.sql.');
      // listSql only selects items with an id: a row without one was not parsed (SQLite returns
      // JSON as text) or is the wrong column. Dropping it would shorten the page in silence.
      for (let i = 0; i < rows.length; i++) {
        if (itemId(rows[i], catalog) !== undefined) continue;
        const row: unknown = rows[i];
        const fix = typeof row === 'string' ? 'Parse the JSON column first (JSON.parse), or use sqlListItems, which does.' : 'Pass the JSON column of each row (the raw item), not the whole row.';
        throwBadArgument('sqlPage', `rows[${i}]`, `a parsed item with an id (Aliases.Id ${JSON.stringify(catalog.Aliases.Id)})`, row, fix);
      }
      const more = rows.length > list.limit;
      const items = !more ? rows : list.scan === 'asc' ? rows.slice(0, list.limit) : rows.slice(rows.length - list.limit);
      const other = list.listing.boundary !== undefined && otherSide;
      const sides = list.scan === 'asc' ? { before: other, after: more } : { before: more, after: other };
      return buildPage(list.listing, items, sides, catalog, options);
    });
  } catch (e) {
    throw argumentError('sqlPage', e);
  }
}
