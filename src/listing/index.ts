/**
 * Listing (List Catalog Items): reading the parameters, item ids and their order, the listed form
 * of items, and building pages with `NextQuery` / `PrevQuery`. Shared by the evaluator and the
 * SQL and Mongo backends, so every backend pages the same way.
 * @module
 */
export { itemId, isItemId, compareIds, type ItemId } from './ids.js';
export { idFromText, idToText } from './id-text.js';
/** Strings in Unicode code point order, the order of ids' strings; also UTF-8's byte order, which SQL `COLLATE "C"` compares. */
export { compareCodePoints } from '../text/index.js';
export { ITEM_KINDS, kindSource, derivedRecordsCatalog, type ItemKind, type DerivedKind, type KindSource } from './kinds.js';
/** Whether a text (a URL's `boundary-id`, a path's id) is a number written the way JavaScript writes it back. */
export { canonicalNumber } from '../check/index.js';
export {
  readListingParams,
  looksLikeUrlParams,
  COMPARISONS,
  DEFAULT_LIMIT,
  MAX_LIMIT,
  type Listing,
  type ListingRead,
  type Comparison,
  type ReadListingOptions,
} from './params.js';
export { readQueryParameter, type QueryParameterRead } from './read-q.js';
export { readCheckedListing, type CheckedListing } from './checked-listing.js';
export { toListedItem, listedRawKeys, itemUri, cutName, MAX_NAME_LENGTH, type ListedItem, type ListedRef, type ListedCategory, type ListedItemOptions } from './listed-item.js';
export {
  buildPage,
  pageOf,
  boundaryHolds,
  scanDirection,
  complementComparison,
  scopeOf,
  encodeScopeQuery,
  type Scope,
  type ListPage,
  type PageSides,
} from './page.js';
