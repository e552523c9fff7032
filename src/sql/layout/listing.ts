import type { Query } from '../../ast/index.js';
import type { CheckedQuery } from '../../check/index.js';
import { QueryError } from '../../diagnostics/index.js';
import { complementComparison, readListingParams, scanDirection, type Comparison, type Listing, type ReadListingOptions } from '../../listing/index.js';
import { SqlBuilder } from '../builder.js';
import type { SqlListing } from '../listing.js';
import type { SearchLayout } from './plan.js';
import { holdableOrder, stringKey } from './safe-text.js';
import { resolveColumn, resolveTarget, type LayoutTarget } from './target.js';
import { checkedOn, layoutWhere, type LayoutWhereOptions, type RawSource } from './where.js';

/** Options of {@link layoutListSql}. */
export interface LayoutListOptions extends LayoutTarget, LayoutWhereOptions, ReadListingOptions {
  /** The raw table (returned items come from it), in the same schema as the search table. */
  readonly rawTable: string;
  /** Its jsonb column holding the raw item. Default `data`. */
  readonly rawColumn?: string;
  /** Its column equal to the search table's `item_key`. Default `id_key`. */
  readonly rawKey?: string;
}

/** The raw source of the options, quoted. */
export function rawSourceOf(options: LayoutListOptions): RawSource {
  const raw = resolveTarget(options.schema === undefined ? { table: options.rawTable } : { table: options.rawTable, schema: options.schema }, 'rawTable');
  return { table: raw.table, column: resolveColumn(options.rawColumn ?? 'data', 'rawColumn'), key: resolveColumn(options.rawKey ?? 'id_key', 'rawKey') };
}

/** The keyset condition `(id) cmp boundary` on the search table, index-usable, exact for every boundary. */
function keyset(cmp: Comparison, boundary: string | number, prefix: number, b: SqlBuilder): string {
  const keys = `(s.id_kind, s.id_num, left(s.id_str, ${prefix}))`;
  const narrow = cmp === '>' || cmp === '>=' ? '>=' : '<=';
  if (typeof boundary === 'number') {
    const n = b.param(boundary === 0 ? 0 : boundary);
    // Number ids hold id_str '': past the index condition only the boundary itself can differ.
    // (Not as a strict row comparison: PostgreSQL estimates one from its first column alone,
    // `id_kind > 0`, about no rows when every id is a number, and then sorts every match.)
    const strict = cmp === '>' || cmp === '<' ? ` AND NOT (s.id_kind = 0 AND s.id_num = ${n}::float8)` : '';
    return `${keys} ${narrow} (0::int2, ${n}::float8, '')${strict}`;
  }
  // A boundary PostgreSQL cannot bind (U+0000, a lone surrogate) is restated for the stored ids.
  const h = holdableOrder(cmp, boundary);
  if (h.prefixOf) {
    const n = b.param([...h.value].length);
    const p = b.param(h.value);
    return h.op === '<=' ? `(s.id_kind = 0 OR left(s.id_str, ${n}::int) <= ${p}::text)` : `(s.id_kind = 1 AND left(s.id_str, ${n}::int) > ${p}::text)`;
  }
  const v = b.param(h.value);
  const k = b.param(stringKey(h.value, prefix).key);
  // Every number id sorts before every string id; string ids hold id_num 0. Written per kind
  // for the same reason as above (a row comparison is estimated from id_kind alone).
  const strings = `(s.id_kind = 1 AND s.id_str ${h.op} ${v}::text)`;
  const exact = h.op === '<' || h.op === '<=' ? `(s.id_kind = 0 OR ${strings})` : strings;
  return `${keys} ${narrow} (1::int2, 0::float8, ${k}::text) AND ${exact}`;
}

/**
 * List Catalog Items on a search layout (docs/sql.md): the same pages as `listSql` and the
 * evaluator's `listItems`, as keyset pagination over the layout's id order (`ORDER BY` the id
 * index, `LIMIT n + 1`), each clause a plain predicate on typed columns, joined to the raw
 * table for the page's items only. The result has `listSql`'s shape: turn its rows (the raw
 * column, named as in the raw table) into the response with `sqlPage`.
 *
 * `query` is a Query or the result of `check(query, catalog)` (its plan is used when it was
 * checked on `layout.catalog`). Run the statements unnamed (PostgreSQL then plans them with
 * their values). Throws QueryError on an invalid query, parameters or options.
 */
export function layoutListSql(query: Query | CheckedQuery, layout: SearchLayout, params: Readonly<Record<string, unknown>>, options: LayoutListOptions): SqlListing {
  const t = resolveTarget(options);
  const raw = rawSourceOf(options);
  const plan = checkedOn(query, layout, options);
  const plain = typeof URLSearchParams === 'function' && params instanceof URLSearchParams ? Object.fromEntries([...params].reverse()) : params;
  const read = readListingParams({ ...plain, q: undefined }, options.numericStrings === undefined ? {} : { numericStrings: options.numericStrings });
  if (!read.listing) throw new QueryError(read.diagnostics, 'Invalid listing parameters');
  const listing: Listing = { ...read.listing, query: plan.query };
  const prefix = layout.policy.prefixLength;
  const scan = scanDirection(listing);
  const dir = scan === 'asc' ? 'ASC' : 'DESC';
  // The id index's columns, then the whole string id to break ties between ids sharing the prefix.
  const order = ['s.id_kind', 's.id_num', `left(s.id_str, ${prefix})`, 's.id_str'].map((e) => `${e} ${dir}`).join(', ');

  const b = new SqlBuilder('numbered');
  const where = layoutWhere(plan, layout, b, raw, options);
  const cmp = listing.comparison;
  const bound = listing.boundary !== undefined && cmp ? ` AND ${keyset(cmp, listing.boundary, prefix, b)}` : '';
  const inner =
    `SELECT s.item_key AS catq_key, s.id_kind AS catq_k0, s.id_num AS catq_k1, s.id_str AS catq_k2 FROM ${t.table} AS s` +
    ` WHERE s.id_kind IS NOT NULL AND ${where}${bound} ORDER BY ${order} LIMIT ${b.param(listing.limit + 1)}::int`;
  const text =
    `SELECT catq_raw.${raw.column} AS ${raw.column} FROM (${inner}) AS catq_page JOIN ${raw.table} AS catq_raw ON catq_raw.${raw.key} = catq_page.catq_key` +
    ` ORDER BY catq_page.catq_k0, catq_page.catq_k1, catq_page.catq_k2`;
  const main = b.finish(text);
  const out: { -readonly [K in keyof SqlListing]: SqlListing[K] } = { ...main, listing, scan, limit: listing.limit };
  if (listing.boundary !== undefined && cmp) {
    const ob = new SqlBuilder('numbered');
    const oWhere = layoutWhere(plan, layout, ob, raw, options);
    const other = keyset(complementComparison(cmp), listing.boundary, prefix, ob);
    out.otherSide = ob.finish(`SELECT EXISTS (SELECT 1 FROM ${t.table} AS s WHERE s.id_kind IS NOT NULL AND ${oWhere} AND ${other}) AS other`);
  }
  return out;
}
