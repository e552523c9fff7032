/**
 * `toMongoListing`: List Catalog Items on MongoDB with exactly the meaning of the shared listing
 * (src/listing): only items whose id (the raw key of `Aliases.Id`) is a number or a string are
 * listed; ids sort numbers first (numerically), then strings by code point, which is MongoDB's
 * own order for a numeric/string field under the default simple collation (BSON type order puts
 * numbers before strings; strings compare as UTF-8 bytes, i.e. by code point).
 */
import type { Query } from '../ast/index.js';
import { catalogArgumentProblems, type Catalog } from '../catalog/index.js';
import { isCheckedQuery, type CheckedQuery } from '../check/index.js';
import { argumentError, describeValue, diagnostic, guardAll, QueryError, throwBadArgument, type Diagnostic } from '../diagnostics/index.js';
import {
  buildPage,
  COMPARISONS,
  complementComparison,
  DEFAULT_LIMIT,
  isItemId,
  MAX_LIMIT,
  scanDirection,
  type Comparison,
  type ItemId,
  type ListedItemOptions,
  type Listing,
  type ListPage,
} from '../listing/index.js';
import { fieldValue, isPlainPath, itemRoot } from './access.js';
import { combine, compileClauses } from './compile.js';
import { and, isNumber, isString, letIn, lit, or } from './expr.js';
import type { MongoExpr, MongoFilter, MongoOptions, MongoSort } from './types.js';

/** The page window: as in `Listing` (a bare boundary means `>`; limit defaults to 100). */
export interface MongoListingParams {
  readonly boundary?: ItemId;
  readonly comparison?: Comparison;
  readonly limit?: number;
}

/**
 * What to run for one page: `aggregate(pipeline)`, or equally `find(filter).sort(sort).limit(fetch)`
 * when `sort` is present: at most `limit + 1` documents in scan order. The first `limit` are the page (reverse them when `reverse` is true:
 * `<`/`<=` pages are scanned descending); one more means more items exist in the scan direction.
 * `farSide`, when present, selects the listable matching items on the other side of the
 * boundary: whether one exists decides the other link. {@link mongoPage} does all of that.
 */
export interface MongoListing {
  readonly filter: MongoFilter;
  /**
   * The sort document for `find`; absent when the id key cannot be named in one (a key with a
   * dot, a leading `$`, empty, or `__proto__`): use `pipeline` then, which sorts on `$getField`.
   */
  readonly sort?: MongoSort;
  /** `$match`, sort by id, `$limit: fetch`: the documents of the page (plus one), unchanged. */
  readonly pipeline: readonly MongoFilter[];
  /** The page size. */
  readonly limit: number;
  /** How many documents to fetch: `limit + 1`. */
  readonly fetch: number;
  /** True for `<` and `<=` pages: the fetched documents are in descending id order. */
  readonly reverse: boolean;
  /** Matching listable items beyond the boundary on the other side (absent without a boundary). */
  readonly farSide?: MongoFilter;
  /** The checked listing, for {@link mongoPage}. */
  readonly listing: Listing;
  /** The item prefix in use, for {@link mongoPage}. */
  readonly prefix?: string;
}

/**
 * Compiles a query (or a checked query, not checked again) and a page window. Throws QueryError for an invalid query or window
 * (`listing/*` codes).
 */
export function toMongoListing(q: Query | CheckedQuery, catalog: Catalog, params: MongoListingParams = {}, options?: MongoOptions): MongoListing {
  try {
    const catalogProblems = catalogArgumentProblems('toMongoListing', catalog);
    if (catalogProblems.length) throw new QueryError(catalogProblems, 'toMongoListing was called with a bad catalog');
    if (params === null || typeof params !== 'object') throwBadArgument('toMongoListing', 'params', 'an object such as { boundary, comparison, limit }', params, 'Leave it out for the first page of 100.');
    const listing = checkWindow(q, params);
    const root = itemRoot(options, 'toMongoListing');
    const idKey = catalog.Aliases.Id;
    const clauses = compileClauses(q, catalog, root, options);
    const id = fieldValue(root, idKey);
    const idIs = (test: MongoExpr) => ({ $expr: letIn({ id }, test) });
    const withId = (test: MongoExpr): MongoFilter => combine(clauses, [idIs(test)]);
    const reverse = scanDirection(listing) === 'desc';
    const filter = withId(onSide(listing.boundary, listing.comparison));
    const dir = reverse ? -1 : 1;
    const fetch = listing.limit + 1;
    // `__proto__` is a fine MongoDB field name, but JavaScript tools (mingo among them) refuse it in
    // paths; sorting through $getField costs nothing in meaning.
    const plainKey = isPlainPath(idKey) && !idKey.includes('.') && idKey !== '__proto__';
    const sort: MongoSort | undefined = plainKey ? { [root.prefix === undefined ? idKey : `${root.prefix}.${idKey}`]: dir } : undefined;
    // Without a nameable key, sort on the id computed by $getField, wrapped so that no field of
    // the document can collide with the sort key, and unwrapped after the limit.
    const pipeline: MongoFilter[] = sort
      ? [{ $match: filter }, { $sort: sort }, { $limit: fetch }]
      : [{ $match: filter }, { $replaceWith: { key: id, doc: '$$ROOT' } }, { $sort: { key: dir } }, { $limit: fetch }, { $replaceWith: '$doc' }];
    const out: { -readonly [K in keyof MongoListing]: MongoListing[K] } = { filter, pipeline, limit: listing.limit, fetch, reverse, listing };
    if (sort) out.sort = sort;
    if (listing.boundary !== undefined && listing.comparison !== undefined) {
      out.farSide = withId(onSide(listing.boundary, complementComparison(listing.comparison)));
    }
    if (root.prefix !== undefined) out.prefix = root.prefix;
    return out;
  } catch (e) {
    throw argumentError('toMongoListing', e);
  }
}

/** The id `$$id` is listable and lies on the page side of the boundary (id order of docs/semantics.md section 6). */
function onSide(boundary: ItemId | undefined, comparison: Comparison | undefined): MongoExpr {
  const num = isNumber('$$id');
  // The empty string is not an id (the interface's ItemUri needs a non-empty one): not listed.
  const str = and([isString('$$id'), { $ne: ['$$id', lit('')] }]);
  if (boundary === undefined || comparison === undefined) return or([num, str]);
  const op = { '>': '$gt', '>=': '$gte', '<': '$lt', '<=': '$lte' }[comparison];
  const cmp = { [op]: ['$$id', lit(boundary)] };
  const above = comparison === '>' || comparison === '>=';
  if (typeof boundary === 'number') return above ? or([and([num, cmp]), str]) : and([num, cmp]);
  return above ? and([str, cmp]) : or([num, and([str, cmp])]);
}

function checkWindow(q: Query | CheckedQuery, params: MongoListingParams): Listing {
  const diagnostics: Diagnostic[] = [];
  const { boundary, comparison } = params;
  const limit = params.limit ?? DEFAULT_LIMIT;
  if (boundary !== undefined && !isItemId(boundary)) {
    diagnostics.push(diagnostic('listing/bad-boundary-id', { found: describeValue(boundary) }, { path: '/boundary-id' }));
  }
  if (comparison !== undefined && !COMPARISONS.includes(comparison)) {
    diagnostics.push(diagnostic('listing/bad-comparison', { found: describeValue(comparison) }, { path: '/comparison' }));
  } else if (comparison !== undefined && boundary === undefined) {
    diagnostics.push(diagnostic('listing/comparison-without-boundary', { comparison }, { path: '/comparison' }));
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    diagnostics.push(diagnostic('listing/limit-out-of-range', { found: describeValue(limit) }, { path: '/limit' }));
  }
  if (diagnostics.length) throw new QueryError(diagnostics, 'Invalid listing parameters');
  const listing: { -readonly [K in keyof Listing]: Listing[K] } = { query: isCheckedQuery(q) ? q.query : q, limit, order: 'asc' };
  if (boundary !== undefined) {
    listing.boundary = boundary;
    listing.comparison = comparison ?? '>';
  }
  return listing;
}

/**
 * Builds the List Catalog Items response from what MongoDB returned: `fetched` are the documents
 * of `find(ml.filter).sort(ml.sort).limit(ml.fetch)`, `farSideExists` whether `ml.farSide`
 * selects any document (ignored when there is no boundary).
 */
export function mongoPage(
  ml: MongoListing,
  fetched: readonly unknown[],
  farSideExists: boolean,
  catalog: Catalog,
  options: ListedItemOptions = {},
): ListPage {
  return guardAll('mongoPage', () => {
    const more = fetched.length > ml.limit;
    const docs = fetched.slice(0, ml.limit);
    if (ml.reverse) docs.reverse();
    const items = docs.map((d) => itemOf(d, ml.prefix));
    const far = ml.farSide !== undefined && farSideExists;
    const sides = ml.reverse ? { before: more, after: far } : { before: far, after: more };
    return buildPage(ml.listing, items, sides, catalog, options);
  });
}

function itemOf(doc: unknown, prefix: string | undefined): unknown {
  if (prefix === undefined) return doc;
  let v: unknown = doc;
  for (const seg of prefix.split('.')) {
    if (v === null || typeof v !== 'object' || Array.isArray(v) || !Object.prototype.hasOwnProperty.call(v, seg)) return undefined;
    v = (v as Record<string, unknown>)[seg];
  }
  return v;
}
