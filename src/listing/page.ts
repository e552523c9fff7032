import type { Catalog } from '../catalog/index.js';
import { argumentError, guardAll } from '../diagnostics/index.js';
import { isImmutable, type Query } from '../ast/index.js';
import { encode } from '../wire/index.js';
import { compareIds, itemId, type ItemId } from './ids.js';
import { idToText } from './id-text.js';
import { listedReader, type ListedItem, type ListedItemOptions } from './listed-item.js';
import type { Comparison, Listing } from './params.js';

/** The Scope object of the cursor pagination response: the parameters of one page. */
export interface Scope {
  /** The query in effect, canonical percent-encoded wire text; absent when there is none. */
  readonly q?: string;
  readonly 'boundary-id'?: ItemId;
  readonly comparison?: Comparison;
  readonly limit: number;
  readonly order: 'asc';
}

/** The response of List Catalog Items. */
export interface ListPage {
  readonly Items: readonly ListedItem[];
  readonly Metadata: { readonly Scope: Scope };
  /** Parameters of the next page; absent when nothing follows this page. */
  readonly NextQuery?: Scope;
  /** Parameters of the previous page; absent when nothing precedes this page. */
  readonly PrevQuery?: Scope;
}

/**
 * Whether more matching, listable items exist on either side of a page.
 * - `before`: some item sorts before the page's first item; for an empty page, some item fails
 *   the page's boundary condition and the comparison is `>` or `>=`.
 * - `after`: some item sorts after the page's last item; for an empty page, some item fails the
 *   boundary condition and the comparison is `<` or `<=`.
 */
export interface PageSides {
  readonly before: boolean;
  readonly after: boolean;
}

/** Whether `id` lies on the page side of the listing's boundary (always true without a boundary). */
export function boundaryHolds(listing: Listing, id: ItemId): boolean {
  try {
    if (listing.boundary === undefined) return true;
    const c = compareIds(id, listing.boundary);
    switch (listing.comparison ?? '>') {
      case '>':
        return c > 0;
      case '>=':
        return c >= 0;
      case '<':
        return c < 0;
      case '<=':
        return c <= 0;
    }
  } catch (e) {
    throw argumentError('boundaryHolds', e);
  }
}

/**
 * The direction a backend scans ids to fill a page: `<` and `<=` pages hold the `limit` items
 * nearest below the boundary, so they are fetched descending (then reversed); all others ascending.
 */
export function scanDirection(listing: Listing): 'asc' | 'desc' {
  try {
    return listing.comparison === '<' || listing.comparison === '<=' ? 'desc' : 'asc';
  } catch (e) {
    throw argumentError('scanDirection', e);
  }
}

/** The opposite condition of a comparison (`>` and `<=`, `>=` and `<`). */
export function complementComparison(c: Comparison): Comparison {
  return c === '>' ? '<=' : c === '>=' ? '<' : c === '<' ? '>=' : '>';
}

/**
 * The canonical wire text of a query, percent-encoded (`encodeURIComponent(JSON.stringify(q))`),
 * with equality in the shorthand form and everything else in the full form.
 */
export function encodeScopeQuery(query: Query): string {
  // The last query encoded, by identity: the pages of a remembered search (checked-listing.ts)
  // carry the same frozen query object, and a page encodes it up to three times.
  if (query === lastEncoded.query && lastEncoded.text !== undefined) return lastEncoded.text;
  const text = encode(query);
  if (isImmutable(query)) {
    lastEncoded.query = query;
    lastEncoded.text = text;
  }
  return text;
}

const lastEncoded: { query?: Query; text?: string } = {};

/** The Scope of a listing, optionally with another boundary. */
export function scopeOf(listing: Listing, boundary?: { id: ItemId; comparison: Comparison }): Scope {
  try {
    return scopeWith(listing, listing.query.clauses.length ? encodeScopeQuery(listing.query) : undefined, boundary);
  } catch (e) {
    throw argumentError('scopeOf', e);
  }
}

/** {@link scopeOf} with the query already encoded (a page writes up to three scopes of one query). */
function scopeWith(listing: Listing, q: string | undefined, boundary?: { id: ItemId; comparison: Comparison }): Scope {
  // Written in the spec's field order: q, boundary-id, comparison, limit, order.
  const out: { -readonly [K in keyof Scope]: Scope[K] } = {} as Scope;
  if (q !== undefined) out.q = q;
  const id = boundary ? boundary.id : listing.boundary;
  if (id !== undefined) {
    out['boundary-id'] = listing.idsAsText && typeof id === 'string' ? idToText(id) : id;
    out.comparison = boundary ? boundary.comparison : (listing.comparison ?? '>');
  }
  out.limit = listing.limit;
  out.order = 'asc';
  return out;
}

/**
 * Builds the List Catalog Items response, shared by every backend. `items` are the raw items of
 * the page, matching and listable (with an id), in ascending id order, at most `limit` of them;
 * `sides` says whether more exist before and after (see {@link PageSides}). `NextQuery` continues
 * after the last item (`>`), `PrevQuery` before the first (`<`); on an empty page they turn the
 * boundary around (a `>` page's `PrevQuery` is `<=` the same boundary).
 */
export function buildPage(
  listing: Listing,
  items: readonly unknown[],
  sides: PageSides,
  catalog: Catalog,
  options: ListedItemOptions = {},
): ListPage {
  return guardAll('buildPage', () => {
    const listed: ListedItem[] = [];
    const read = listedReader(catalog, options);
    for (const it of items) {
      const l = read(it);
      if (l) listed.push(l);
    }
    return listedPage(listing, listed, sides);
  });
}

/** {@link buildPage} of items already in the listed form. */
export function listedPage(listing: Listing, listed: readonly ListedItem[], sides: PageSides): ListPage {
  const out = pageFrame(listing, listed[0]?.Id, listed[listed.length - 1]?.Id, sides) as { -readonly [K in keyof ListPage]: ListPage[K] };
  out.Items = listed;
  return out;
}

/**
 * {@link buildPage} written as JSON text, of items given as their listed forms' JSON texts
 * (`JSON.stringify` of each) and the ids of the first and last: the text `JSON.stringify` writes
 * of the page object, without building one. A service that keeps each item's listed form as text
 * (the search layout's listed column) sends a page without parsing and writing it again.
 */
export function listedPageJson(listing: Listing, texts: readonly string[], firstId: ItemId | undefined, lastId: ItemId | undefined, sides: PageSides): string {
  const frame = JSON.stringify(pageFrame(listing, firstId, lastId, sides));
  // The frame's first key is Items (an empty array): the texts go inside it.
  return `{"Items":[${texts.join(',')}]${frame.slice('{"Items":[]'.length)}`;
}

/** A page without its items (`Items` empty, but first, in the order of the response): scopes and the two queries. */
function pageFrame(listing: Listing, firstId: ItemId | undefined, lastId: ItemId | undefined, sides: PageSides): ListPage {
  const q = listing.query.clauses.length ? encodeScopeQuery(listing.query) : undefined;
  const scope = (boundary?: { id: ItemId; comparison: Comparison }): Scope => scopeWith(listing, q, boundary);
  const out: { -readonly [K in keyof ListPage]: ListPage[K] } = { Items: [], Metadata: { Scope: scope() } };
  if (firstId !== undefined && lastId !== undefined) {
    if (sides.after) out.NextQuery = scope({ id: lastId, comparison: '>' });
    if (sides.before) out.PrevQuery = scope({ id: firstId, comparison: '<' });
  } else if (listing.boundary !== undefined) {
    const c = listing.comparison ?? '>';
    const turned = { id: listing.boundary, comparison: complementComparison(c) };
    if ((c === '<' || c === '<=') && sides.after) out.NextQuery = scope(turned);
    if ((c === '>' || c === '>=') && sides.before) out.PrevQuery = scope(turned);
  }
  return out;
}

/**
 * Pages an in-memory list (the reference for every backend): `matching` are the items that match
 * the listing's query, in any order; items without an id are skipped. Sorts by id, applies the
 * boundary and the limit, and builds the response with {@link buildPage}.
 */
export function pageOf(listing: Listing, matching: readonly unknown[], catalog: Catalog, options: ListedItemOptions = {}): ListPage {
  return guardAll('pageOf', () => {
    const withIds: { id: ItemId; item: unknown }[] = [];
    for (const item of matching) {
      const id = itemId(item, catalog);
      if (id !== undefined) withIds.push({ id, item });
    }
    withIds.sort((a, b) => compareIds(a.id, b.id));
    let lo = 0; // first index on the page side
    let hi = withIds.length; // one past the last
    if (listing.boundary !== undefined) {
      const inside = (i: number) => boundaryHolds(listing, (withIds[i] as { id: ItemId }).id);
      if (scanDirection(listing) === 'asc') {
        lo = firstIndex(withIds.length, inside);
      } else {
        hi = firstIndex(withIds.length, (i) => !inside(i));
      }
    }
    if (scanDirection(listing) === 'asc') hi = Math.min(hi, lo + listing.limit);
    else lo = Math.max(lo, hi - listing.limit);
    const page = withIds.slice(lo, hi).map((e) => e.item);
    // Everything below `lo` sorts before the page, everything from `hi` after it; on an empty page
    // that is exactly the far side of the boundary that PageSides asks about.
    return buildPage(listing, page, { before: lo > 0, after: hi < withIds.length }, catalog, options);
  });
}

/** The first index in `[0, n)` where the monotone predicate turns true (`n` when it never does). */
function firstIndex(n: number, pred: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pred(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
