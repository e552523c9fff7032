import type { Query } from '../../ast/index.js';
import type { Catalog } from '../../catalog/index.js';
import type { CheckedQuery } from '../../check/index.js';
import { argumentError, describeValue, diagnostic, QueryError, throwBadArgument } from '../../diagnostics/index.js';
import { complementComparison, readListingParams, scanDirection, type Comparison, type Listing, type ReadListingOptions } from '../../listing/index.js';
import { withoutQ } from '../../listing/params.js';
import { SqlBuilder } from '../builder.js';
import type { SqlListing } from '../listing.js';
import type { SqlStatement } from '../to-sql.js';
import type { SearchLayout } from './plan.js';
import { foundByRarePairs } from './compile-clause.js';
import { orderedWalkCondition } from './ordered-walk.js';
import { holdableOrder, stringKey } from './safe-text.js';
import { resolveColumn, resolveTarget, type LayoutTarget } from './target.js';
import { ident } from './names.js';
import { layoutListedReader } from './row.js';
import { checkedOn, layoutAttributeOf, layoutWhere, type LayoutWhereOptions, type RawSource } from './where.js';

/** Options of {@link layoutListSql}. */
export interface LayoutListOptions extends LayoutTarget, LayoutWhereOptions, ReadListingOptions {
  /** The raw table (returned items come from it), in the same schema as the search table. */
  readonly rawTable: string;
  /** Its jsonb column holding the raw item. Default `data`. */
  readonly rawColumn?: string;
  /** Its column equal to the search table's `item_key`. Default `id_key`. */
  readonly rawKey?: string;
  /**
   * About how many rows the search table holds (PostgreSQL's `pg_class.reltuples` is close
   * enough). It sets how far a page walks the id order before it answers from the other indexes
   * (see {@link walkRowsFor}). Default 1,000,000.
   */
  readonly tableRows?: number;
  /** Rows of id order a page walks before it answers from the other indexes; overrides `tableRows`. At least 1. */
  readonly walkRows?: number;
  /**
   * Return each item's listed form, not the whole raw item: each row then has `catq_listed`, the
   * search table's listed column (`SearchLayout.listed`: the listed form as JSON text), so a page
   * reads no raw row at all; a row written before that column existed (NULL there) has instead
   * `catq_raw_listed`, the JSON of the listed keys (`listedRawKeys` of catq/listing) read from
   * the raw table. `listedOf(row)` gives the listed form's text either way, `layoutPage` the
   * page. The page is the same; a page of items with long descriptions travels as a page of
   * short records. Default false (the whole raw item, joined from the raw table, as `listSql`
   * returns it); `layoutListItems` sets it.
   */
  readonly listedOnly?: boolean;
  /**
   * With `listedOnly`: every row of the search table holds its listed column (it was written, or
   * backfilled, after the column existed; catq-server knows this from its marks). The statements
   * then carry no lookup of the raw table for rows without it, which PostgreSQL would plan for
   * every page (a third to a half of a simple page's planning at 1M items). A row whose listed
   * column is NULL all the same makes `listedOf` throw a QueryError (`sql/bad-option`), never a
   * wrong item. Default false.
   */
  readonly listedFilled?: boolean;
}

/**
 * How many rows of id order a page of `limit` items walks first: `sqrt((limit + 1) * rows)`,
 * between 1,000 and 100,000. A walk of W rows finds a page when more than (limit + 1) / W of
 * the rows match; below that the page is answered from the clause indexes and sorted, which
 * visits about `matching * rows` rows. W is where the two costs meet, so neither is ever much
 * more than W row visits, whatever the planner estimates.
 */
export function walkRowsFor(limit: number, rows: number): number {
  if (typeof limit !== 'number') throwBadArgument('walkRowsFor', 'limit', 'a number', limit, 'Pass the page size, for example 100.');
  if (typeof rows !== 'number') throwBadArgument('walkRowsFor', 'rows', 'a number', rows, "Pass the table's row count (an estimate will do).");
  const w = Math.round(Math.sqrt((limit + 1) * Math.max(0, rows)));
  return Math.min(100_000, Math.max(1_000, w));
}

/** A row without its listed form, read with `listedFilled`. */
function unfilledListed(): QueryError {
  const detail = 'a row of the search table has no listed form (its listed column is NULL): leave listedFilled out until every row is written or backfilled';
  return new QueryError([diagnostic('sql/bad-option', { option: 'listedFilled', detail }, { path: '/listedFilled' })], 'Invalid options');
}

function walkOf(options: LayoutListOptions, limit: number): number {
  const w = options.walkRows;
  if (w !== undefined) {
    if (!Number.isInteger(w) || w < 1) throw new QueryError([diagnostic('sql/bad-option', { option: 'walkRows', detail: `it must be a positive integer, but it is ${describeValue(w)}` }, { path: '/walkRows' })], 'Invalid options');
    return w;
  }
  const rows = options.tableRows;
  if (rows !== undefined && !(typeof rows === 'number' && Number.isFinite(rows) && rows >= 0)) {
    throw new QueryError([diagnostic('sql/bad-option', { option: 'tableRows', detail: `it must be a finite number, 0 or more, but it is ${describeValue(rows)}` }, { path: '/tableRows' })], 'Invalid options');
  }
  return walkRowsFor(limit, rows ?? 1_000_000);
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
  const v = b.param(h.value);
  const k = b.param(stringKey(h.value, prefix).key);
  // Every number id sorts before every string id; string ids hold id_num 0. Written per kind
  // for the same reason as above (a row comparison is estimated from id_kind alone).
  const strings = `(s.id_kind = 1 AND s.id_str ${h.op} ${v}::text)`;
  const exact = h.op === '<' || h.op === '<=' ? `(s.id_kind = 0 OR ${strings})` : strings;
  return `${keys} ${narrow} (1::int2, 0::float8, ${k}::text) AND ${exact}`;
}

/**
 * The statements of one page on a search layout: `sql` (the walk), `rest` when the walk comes
 * back short, and `otherSide` with a boundary. With a boundary, the rows of `sql` have
 * `catq_other` too: when it returns `limit + 1` rows (the page is full), whether some matching
 * item lies on the other side of the boundary (the answer of `otherSide`, which then need not
 * run); NULL when it returns fewer.
 */
export interface LayoutListing extends SqlListing {
  /**
   * Run it when `sql` returns fewer than `limit + 1` rows: its rows are then the page's rows
   * instead (the matching items past the boundary, found by the clause indexes). When `sql`
   * returns `limit + 1` rows, they are the page's and `rest` is not needed (it is compiled when first read).
   * Each of its rows also has `catq_matches`: how many items match past the boundary (all of
   * them are sorted to find the page). With a boundary, each also has `catq_other`: whether some
   * matching item lies on the other side of it, the answer of `otherSide` (which a caller whose
   * rest returned rows need not run).
   */
  readonly rest: SqlStatement;
  /** The rows of id order `sql` walks (W: `walkRows`, or from `tableRows`). */
  readonly walkRows: number;
  /**
   * Whether the query is expected to match few rows: it requires a `matches-phrase` that the
   * index finds through pairs the statistics call rare (`commonTerms`), each held by fewer rows
   * than the most common terms. Running `rest` first is then the cheaper page
   * (`layoutListItems` does, unless its memory of the query says otherwise); either order is exact.
   */
  readonly sparse: boolean;
  /** The layout's catalog (its listed form is the page's). */
  readonly catalog: Catalog;
  /**
   * The item of a row of `sql` or `rest`: the raw item (the raw column, parsed when the driver
   * returns JSON as text), for `sqlPage`; with `listedOnly`, the item's listed form (a
   * `ListedItem` with the default `Uri` numbers). `layoutPage` takes the rows themselves.
   */
  readonly itemOf: (row: Readonly<Record<string, unknown>>) => unknown;
  /**
   * The listed form of a row of `sql` or `rest` as JSON text, with the default `Uri` numbers
   * (`layoutPage` and `layoutPageJson` give the page of other numbers): with `listedOnly`, the search table's listed column as it
   * is (built from the raw table's listed keys for a row written before that column existed);
   * else built from the raw item. Undefined for an item without an id.
   */
  readonly listedOf: (row: Readonly<Record<string, unknown>>) => string | undefined;
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
export function layoutListSql(query: Query | CheckedQuery, layout: SearchLayout, params: Readonly<Record<string, unknown>>, options: LayoutListOptions): LayoutListing {
  try {
    return layoutListStatements(query, layout, params, options);
  } catch (e) {
    throw argumentError('layoutListSql', e);
  }
}

/** {@link layoutListSql}'s work; whatever its arguments throw, the caller turns into a QueryError. */
function layoutListStatements(query: Query | CheckedQuery, layout: SearchLayout, params: Readonly<Record<string, unknown>>, options: LayoutListOptions): LayoutListing {
  const t = resolveTarget(options);
  const raw = rawSourceOf(options);
  const plan = checkedOn(query, layout, options);
  const read = readListingParams(withoutQ(params), options.numericStrings === undefined ? {} : { numericStrings: options.numericStrings });
  if (!read.listing) throw new QueryError(read.diagnostics, 'Invalid listing parameters');
  const listing: Listing = { ...read.listing, query: plan.query };
  const prefix = layout.policy.prefixLength;
  const scan = scanDirection(listing);
  const dir = scan === 'asc' ? 'ASC' : 'DESC';

  const b = new SqlBuilder('numbered');
  const cmp = listing.comparison;
  const bound = (sb: SqlBuilder): string => (listing.boundary !== undefined && cmp ? ` AND ${keyset(cmp, listing.boundary, prefix, sb)}` : '');
  const indexed = ['s.id_kind', 's.id_num', `left(s.id_str, ${prefix})`].map((e) => `${e} ${dir}`).join(', ');
  const listedOnly = options.listedOnly === true;
  // With listedOnly, each row carries the listed form's column of the search table (ddl.ts), and
  // no raw row is read: a row written before that column existed (NULL) reads its listed keys
  // from the raw table instead, one lookup by key (COALESCE evaluates it only then).
  const keys = `s.item_key AS catq_key, s.id_kind AS catq_k0, s.id_num AS catq_k1, s.id_str AS catq_k2${listedOnly ? `, s.${ident(layout.listed.column)} AS catq_listed` : ''}`;
  const rawValue = `catq_raw.${raw.column}`;
  const fromRaw = (sb: SqlBuilder): string =>
    `(SELECT jsonb_object_agg(catq_lk, ${rawValue} -> catq_lk)::text FROM ${raw.table} AS catq_raw, unnest(${sb.param([...layout.listed.keys])}::text[]) AS catq_lk` +
    ` WHERE catq_raw.${raw.key} = catq_page.catq_key AND (${rawValue} -> catq_lk) IS NOT NULL)`;
  // CASE evaluates the raw lookup only for a row whose listed column is NULL.
  const listedFilled = listedOnly && options.listedFilled === true;
  const page = (inner: string, sb: SqlBuilder, extra = ''): string =>
    listedOnly
      ? `SELECT catq_page.catq_listed AS catq_listed${listedFilled ? '' : `, CASE WHEN catq_page.catq_listed IS NULL THEN ${fromRaw(sb)} END AS catq_raw_listed`}${extra}` +
        ` FROM (${inner}) AS catq_page ORDER BY catq_page.catq_k0, catq_page.catq_k1, catq_page.catq_k2`
      : `SELECT ${rawValue} AS ${raw.column}${extra} FROM (${inner}) AS catq_page JOIN ${raw.table} AS catq_raw ON catq_raw.${raw.key} = catq_page.catq_key` +
        ` ORDER BY catq_page.catq_k0, catq_page.catq_k1, catq_page.catq_k2`;
  // The walk (docs/sql.md, "How a page is read"): the next `walk` rows in id order, read from
  // the id index (with the rows tied with the last on its keys), and of them the matching ones.
  const walkRows = walkOf(options, listing.limit);
  const walk = b.param(walkRows);
  // With an equality on a value followed by the id keys in its B-tree, the walk reads that value's items only.
  const equal = orderedWalkCondition(plan, layout, b, options.backfilled);
  const walkBound = bound(b);
  const used = new Set<string>(['item_key', 'id_kind', 'id_num', 'id_str']);
  if (listedOnly) used.add(layout.listed.column);
  const where = layoutWhere(plan, layout, b, raw, options, { used, rowsRead: true });
  // The walk's rows carry the index's string key (`catq_prefix`), so that the page below can be
  // taken from them in the index's order without sorting the walk: it then stops at its
  // `limit + 1`-th match, however few matches PostgreSQL expects among the walked rows. They
  // carry only the columns the page reads: with `SELECT *` PostgreSQL copied every column of
  // each walked row (about 60 on the sample catalog): up to a third of the walk's time at 1M items.
  const walkedColumns = [...used].map((c) => `s.${ident(c)}`).join(', ');
  const walked = `(SELECT ${walkedColumns}, left(s.id_str, ${prefix}) AS catq_prefix FROM ${t.table} AS s WHERE ${equal ? `${equal} AND ` : ''}s.id_kind IS NOT NULL${walkBound} ORDER BY ${indexed} FETCH FIRST (${walk}::int) ROWS WITH TIES)`;
  const n1 = b.param(listing.limit + 1);
  const walkOrder = ['s.id_kind', 's.id_num', 's.catq_prefix'].map((e) => `${e} ${dir}`).join(', ');
  // The first `limit + 1` matches in the index's order (with the rows tied with the last: ids
  // sharing a cut string key), then in the whole id order.
  const matched = `SELECT ${keys}, s.catq_prefix FROM ${walked} AS s WHERE ${where} ORDER BY ${walkOrder} FETCH FIRST (${n1}::int) ROWS WITH TIES`;
  const wholeOrder = ['catq_k0', 'catq_k1', 'catq_prefix', 'catq_k2'].map((e) => `catq_m.${e} ${dir}`).join(', ');
  /** Whether a matching item lies on the other side of the boundary (with a boundary only). */
  const otherExists = (sb: SqlBuilder): string => {
    const other = keyset(complementComparison(cmp as Comparison), listing.boundary as string | number, prefix, sb);
    return `SELECT EXISTS (SELECT 1 FROM ${t.table} AS s WHERE s.id_kind IS NOT NULL AND ${layoutWhere(plan, layout, sb, raw, options)} AND ${other})`;
  };
  // With a boundary, a walk that fills its page also answers the other-side question in its own
  // rows (`catq_other`), so a next page is one statement, not two: PostgreSQL evaluates the
  // uncorrelated EXISTS once, and only when the page is full (a short walk is followed by the
  // rest, which answers it instead).
  const paged = listing.boundary !== undefined && cmp !== undefined;
  const walkOther = paged ? `, CASE WHEN count(*) OVER () >= ${n1}::int THEN (${otherExists(b)}) END AS catq_other` : '';
  const text = page(`SELECT catq_m.* FROM (${matched}) AS catq_m ORDER BY ${wholeOrder} LIMIT ${n1}::int`, b, walkOther);
  // The rest: every matching row past the boundary, found by the clause indexes and sorted. Its
  // ORDER BY, and its test for an id, are expressions the id index cannot answer, so PostgreSQL
  // cannot turn it into a walk of the id order or a read of the whole id index, whatever it
  // estimates (run it with sequential scans priced out: LayoutListItemsOptions.runRest).
  // Every row also says how many rows matched (it sorts them all anyway): a caller that pages
  // the same query again can go to the rest first when that number is small (layoutListItems' `memory`).
  // With a boundary, the rest reads the matches on both sides of it (its clause indexes find them
  // all anyway, and the boundary is only a filter on the rows they find), keeps those past it, and
  // says whether any lies on the other side (`catq_other`): the answer of the other-side
  // statement, which would read the clause indexes a second time.
  // Compiled when first read: most pages never need it.
  // The rest's matches carry their keys and their row's address (`ctid`, with `tableoid` should
  // the table be partitioned), and the page's rows are read again by address: the window that
  // counts the matches keeps every match until the last is found, and with each row's listed
  // form (about 340 bytes) that was up to a quarter of the rest's time at 1M items. The second
  // read is of the same row version (one statement, one snapshot). See docs/sql.md.
  const restKeys = `s.tableoid AS catq_toid, s.ctid AS catq_tid, s.item_key AS catq_key, s.id_kind AS catq_k0, s.id_num AS catq_k1, s.id_str AS catq_k2`;
  const restPage = (inner: string, sb: SqlBuilder, extra: string): string => {
    if (!listedOnly) return page(inner, sb, extra);
    const listed = `catq_s.${ident(layout.listed.column)}`;
    return (
      `SELECT ${listed} AS catq_listed${listedFilled ? '' : `, CASE WHEN ${listed} IS NULL THEN ${fromRaw(sb)} END AS catq_raw_listed`}${extra}` +
      ` FROM (${inner}) AS catq_page JOIN ${t.table} AS catq_s ON catq_s.ctid = catq_page.catq_tid AND catq_s.tableoid = catq_page.catq_toid` +
      ` ORDER BY catq_page.catq_k0, catq_page.catq_k1, catq_page.catq_k2`
    );
  };
  const compileRest = (): SqlStatement => {
    const rb = new SqlBuilder('numbered');
    const restWhere = layoutWhere(plan, layout, rb, raw, options);
    if (listing.boundary === undefined || !cmp) {
      const unindexed = ['s.id_kind + 0', 's.id_num + 0', 's.id_str'].map((e) => `${e} ${dir}`).join(', ');
      const inner = `SELECT ${restKeys}, count(*) OVER () AS catq_matches FROM ${t.table} AS s WHERE (s.id_kind + 0) IS NOT NULL AND ${restWhere} ORDER BY ${unindexed} LIMIT ${rb.param(listing.limit + 1)}::int`;
      return rb.finish(restPage(inner, rb, ', catq_page.catq_matches::float8 AS catq_matches'));
    }
    const past = keyset(cmp, listing.boundary, prefix, rb);
    const before = keyset(complementComparison(cmp), listing.boundary, prefix, rb);
    const both =
      `SELECT ${restKeys}, (${past}) AS catq_past, count(*) FILTER (WHERE ${past}) OVER () AS catq_matches, bool_or(${before}) OVER () AS catq_other` +
      ` FROM ${t.table} AS s WHERE (s.id_kind + 0) IS NOT NULL AND ${restWhere}`;
    const sorted = ['catq_k0', 'catq_k1', 'catq_k2'].map((e) => `catq_r.${e} ${dir}`).join(', ');
    const inner = `SELECT catq_r.* FROM (${both}) AS catq_r WHERE catq_r.catq_past ORDER BY ${sorted} LIMIT ${rb.param(listing.limit + 1)}::int`;
    return rb.finish(restPage(inner, rb, ', catq_page.catq_matches::float8 AS catq_matches, coalesce(catq_page.catq_other, false) AS catq_other'));
  };
  const main = b.finish(text);
  let rest: SqlStatement | undefined;
  const column = options.rawColumn ?? 'data';
  const readListed = layoutListedReader(layout);
  const formOf = (item: unknown): string | undefined => {
    const l = readListed(item);
    return l === undefined ? undefined : JSON.stringify(l);
  };
  // JSON.parse makes own properties, even of a key such as `__proto__`.
  const rawOf = (row: Readonly<Record<string, unknown>>): unknown => {
    const v = row[column];
    return typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
  };
  const listedKeysOf = (row: Readonly<Record<string, unknown>>): unknown => {
    const t = row['catq_raw_listed'];
    return typeof t === 'string' ? (JSON.parse(t) as unknown) : {};
  };
  const listedOf = listedOnly
    ? (row: Readonly<Record<string, unknown>>): string | undefined => {
        const t = row['catq_listed'];
        if (typeof t === 'string') return t === 'null' ? undefined : t;
        if (listedFilled) throw unfilledListed();
        return formOf(listedKeysOf(row));
      }
    : (row: Readonly<Record<string, unknown>>): string | undefined => formOf(rawOf(row));
  const itemOf = listedOnly
    ? (row: Readonly<Record<string, unknown>>): unknown => {
        const t = listedOf(row);
        return t === undefined ? undefined : (JSON.parse(t) as unknown);
      }
    : rawOf;
  const attributeOf = layoutAttributeOf(layout, options.backfilled);
  const common = options.commonTerms;
  const out: { -readonly [K in keyof LayoutListing]: LayoutListing[K] } = {
    ...main,
    listing,
    scan,
    limit: listing.limit,
    walkRows,
    sparse: common !== undefined && plan.clauses.some((p) => attributeOf(p.rawKey) !== undefined && foundByRarePairs(p, layout.policy.termBytes, common.get(p.rawKey))),
    catalog: layout.catalog,
    itemOf,
    listedOf,
    get rest() {
      return (rest ??= compileRest());
    },
  };
  if (paged) {
    // Compiled when first read, as the rest: a full walk or a rest with rows answers it already.
    let otherSide: SqlStatement | undefined;
    Object.defineProperty(out, 'otherSide', {
      enumerable: true,
      get: (): SqlStatement => {
        if (!otherSide) {
          const ob = new SqlBuilder('numbered');
          otherSide = ob.finish(`SELECT (${otherExists(ob)}) AS other`);
        }
        return otherSide;
      },
    });
  }
  return out;
}
