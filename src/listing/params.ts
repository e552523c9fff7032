import type { Query } from '../ast/index.js';
import type { CheckedQuery, LimitOptions } from '../check/index.js';
import { describeValue, diagnostic, hasErrors, pointer, type Diagnostic } from '../diagnostics/index.js';
import { readQueryParameter } from './read-q.js';
import { isItemId, type ItemId } from './ids.js';
import { idFromText } from './id-text.js';

/** How a page relates to its boundary item. */
export type Comparison = '>' | '>=' | '<' | '<=';

/** The comparisons, in the spec's order. */
export const COMPARISONS: readonly Comparison[] = ['>', '>=', '<', '<='];

/** Default page size (docs/semantics.md section 6). */
export const DEFAULT_LIMIT = 100;
/** Largest page size the interface allows. */
export const MAX_LIMIT = 1000;

/**
 * Checked listing parameters of List Catalog Items: the query (already decoded, not yet
 * validated against a catalog), the boundary, the comparison, the page size and the order.
 * `comparison` is set exactly when `boundary` is (a bare `boundary-id` means `>`).
 */
export interface Listing {
  readonly query: Query;
  readonly boundary?: ItemId;
  readonly comparison?: Comparison;
  readonly limit: number;
  readonly order: 'asc';
  /**
   * The parameters were read as a URL's text (`numericStrings`): the page's scopes (`NextQuery`,
   * `PrevQuery`, `Metadata.Scope`) write a string `boundary-id` that would read back as another id
   * as its JSON string literal (idToText), so that sending them back as URL parameters reaches the
   * same item.
   */
  readonly idsAsText?: boolean;
}

/** Options of {@link readListingParams}. */
export interface ReadListingOptions {
  /**
   * Read a string `boundary-id` that is the canonical text of a number (`String(n) === s`) as
   * that number: in a URL every value is a string, so `boundary-id=5` is the id 5. Absent (the
   * default): on when the parameters look like a URL's (a `URLSearchParams`, or an object whose
   * values are all strings), off for typed parameters such as a `NextQuery` object (its `limit`
   * is a number). Set it to say which explicitly.
   */
  readonly numericStrings?: boolean;
}

/** What {@link readListingParams} returns. */
export interface ListingRead {
  /** The checked parameters; present exactly when no diagnostic is an error. */
  readonly listing?: Listing;
  /** The decoded query, also when another parameter is bad (so callers can report its problems too). */
  readonly query?: Query;
  /** The checked query when `q` was one (the result of `check`): the backends compile it without checking again. */
  readonly checked?: CheckedQuery;
  readonly diagnostics: Diagnostic[];
}

/**
 * `listing` with another query (the checked plan's). Written out key by key: in Node 20
 * `{ ...listing, query }` costs about 1.5 µs a key added after the spread (measured).
 */
export function withQuery(listing: Listing, query: Query): Listing {
  const out: { -readonly [K in keyof Listing]: Listing[K] } = { query, limit: listing.limit, order: listing.order };
  if (listing.idsAsText) out.idsAsText = true;
  if (listing.boundary !== undefined) out.boundary = listing.boundary;
  if (listing.comparison !== undefined) out.comparison = listing.comparison;
  return out;
}

const KNOWN = new Set(['q', 'boundary-id', 'comparison', 'limit', 'order']);

/**
 * A copy of the parameters without `q`, for the compilers of one page, whose query comes apart
 * from the parameters. A `URLSearchParams` stays one, so that {@link readListingParams} still sees
 * a name given twice. Internal.
 */
export function withoutQ(params: unknown): unknown {
  if (typeof URLSearchParams === 'function' && params instanceof URLSearchParams) {
    const copy = new URLSearchParams(params);
    copy.delete('q');
    return copy;
  }
  return params !== null && typeof params === 'object' ? { ...params, q: undefined } : params;
}

/** The `q` of the parameters as given (a URLSearchParams' first), without calling a getter. Internal. */
export function givenQ(params: unknown): unknown {
  if (typeof URLSearchParams === 'function' && params instanceof URLSearchParams) return params.get('q') ?? undefined;
  if (params === null || typeof params !== 'object') return undefined;
  const d = Object.getOwnPropertyDescriptor(params, 'q');
  return d && 'value' in d ? d.value : undefined;
}

/**
 * Reads the query parameters of List Catalog Items (`{ q?, 'boundary-id'?, comparison?, limit?,
 * order? }`), typed or as strings from a URL. Never throws; every problem is reported at once.
 *
 * - `q`: wire text (percent-encoded or plain JSON), a parsed array, or a `Query`; `null`,
 *   `undefined` and `''` mean no query (every item). Decoding diagnostics pass through.
 * - `boundary-id`: a string or a finite number, kept as given (see `numericStrings`).
 * - `comparison`: `>` `>=` `<` `<=`, only with `boundary-id`; defaults to `>` when a boundary is given.
 * - `limit`: a whole number 1..1000, or its decimal text (`"25"`); default 100.
 * - `order`: only `asc` (the default).
 * Keys other than these five are errors (`listing/unknown-parameter`).
 */
export function readListingParams(params: unknown, options: ReadListingOptions = {}): ListingRead {
  return readListingParamsWith(params, options, undefined);
}

/**
 * {@link readListingParams}, reading `q` (a query or a checked query) instead of the parameters'
 * own `q` when it is given: the listing's memo of recent `q` texts (checked-listing.ts). Internal.
 */
export function readListingParamsWith(params: unknown, options: ReadListingOptions & LimitOptions, q: unknown): ListingRead {
  try {
    return readParams(params, options ?? {}, q);
  } catch {
    // Only a proxy whose traps throw gets here (getters are never called).
    return { diagnostics: [diagnostic('listing/bad-parameters', { found: 'a value that cannot be read (a proxy threw)' }, { path: '' })] };
  }
}

/**
 * The parameters as a map of own data properties (or a URLSearchParams' values), reporting
 * accessors (a getter is code that could throw or answer differently each time) and a name a
 * URLSearchParams holds more than once (reading one value would drop the others unseen).
 */
function snapshot(params: object, diagnostics: Diagnostic[]): { values: Map<string, unknown>; fromUrl: boolean } {
  const values = new Map<string, unknown>();
  if (typeof URLSearchParams === 'function' && params instanceof URLSearchParams) {
    let counts: Map<string, number> | undefined;
    for (const [k, v] of params) {
      if (!values.has(k)) values.set(k, v);
      else (counts ??= new Map()).set(k, (counts.get(k) ?? 1) + 1);
    }
    for (const [name, count] of counts ?? []) diagnostics.push(diagnostic('listing/repeated-parameter', { name, count }, { path: pointer([name]) }));
    return { values, fromUrl: true };
  }
  for (const k of Object.keys(params)) {
    const desc = Object.getOwnPropertyDescriptor(params, k);
    if (!desc) continue;
    if ('value' in desc) values.set(k, desc.value);
    else diagnostics.push(diagnostic('listing/bad-parameters', { found: `a getter for the parameter ${JSON.stringify(k)}` }, { path: pointer([k]) }));
  }
  return { values, fromUrl: false };
}

/**
 * Whether listing parameters look like a URL's: a `URLSearchParams`, or an object whose own
 * values are all strings (`undefined` aside). The default of `numericStrings`. Never throws.
 */
export function looksLikeUrlParams(params: unknown): boolean {
  try {
    if (typeof URLSearchParams === 'function' && params instanceof URLSearchParams) return true;
    if (params === null || typeof params !== 'object') return false;
    for (const k of Object.keys(params)) {
      const desc = Object.getOwnPropertyDescriptor(params, k);
      if (desc && 'value' in desc && desc.value !== undefined && typeof desc.value !== 'string') return false;
    }
    return true;
  } catch {
    return false;
  }
}

function readParams(params: unknown, options: ReadListingOptions & LimitOptions, qInstead: unknown): ListingRead {
  const diagnostics: Diagnostic[] = [];
  if (params === undefined || params === null) params = {};
  if (typeof params !== 'object' || Array.isArray(params)) {
    diagnostics.push(diagnostic('listing/bad-parameters', { found: describeValue(params) }, { path: '' }));
    return { diagnostics };
  }
  const { values, fromUrl } = snapshot(params as object, diagnostics);
  const get = (k: string): unknown => values.get(k);
  for (const k of values.keys()) {
    if (!KNOWN.has(k)) diagnostics.push(diagnostic('listing/unknown-parameter', { name: k }, { path: pointer([k]) }));
  }
  const numericStrings = options.numericStrings ?? (fromUrl || looksLikeUrlParams(params));

  const q = readQueryParameter(qInstead !== undefined ? qInstead : get('q'), options.limits);
  diagnostics.push(...q.diagnostics);

  let boundary: ItemId | undefined;
  const rawBoundary = get('boundary-id');
  if (rawBoundary !== undefined) {
    if (!isItemId(rawBoundary)) {
      diagnostics.push(diagnostic('listing/bad-boundary-id', { found: describeValue(rawBoundary) }, { path: '/boundary-id' }));
    } else {
      // From a URL an id is text: idFromText reads it (the text of a number is that number, a
      // quoted JSON string that string).
      boundary = numericStrings && typeof rawBoundary === 'string' ? idFromText(rawBoundary) : rawBoundary;
    }
  }

  let comparison: Comparison | undefined;
  const rawComparison = get('comparison');
  if (rawComparison !== undefined) {
    if (typeof rawComparison === 'string' && (COMPARISONS as readonly string[]).includes(rawComparison)) {
      comparison = rawComparison as Comparison;
      if (rawBoundary === undefined) {
        diagnostics.push(diagnostic('listing/comparison-without-boundary', { comparison }, { path: '/comparison' }));
      }
    } else {
      diagnostics.push(diagnostic('listing/bad-comparison', { found: describeValue(rawComparison) }, { path: '/comparison' }));
    }
  }

  let limit = DEFAULT_LIMIT;
  const rawLimit = get('limit');
  if (rawLimit !== undefined) {
    const n = typeof rawLimit === 'number' ? rawLimit : typeof rawLimit === 'string' && /^[0-9]{1,7}$/.test(rawLimit) ? Number(rawLimit) : NaN;
    if (Number.isInteger(n) && n >= 1 && n <= MAX_LIMIT) limit = n;
    else diagnostics.push(diagnostic('listing/limit-out-of-range', { found: describeValue(rawLimit), ...limitInOtherNotation(rawLimit) }, { path: '/limit' }));
  }

  const rawOrder = get('order');
  if (rawOrder !== undefined && rawOrder !== 'asc') {
    diagnostics.push(diagnostic('listing/bad-order', { found: describeValue(rawOrder) }, { path: '/order' }));
  }

  const checked = q.checked ? { checked: q.checked } : {};
  if (hasErrors(diagnostics) || q.query === undefined) return q.query ? { query: q.query, ...checked, diagnostics } : { diagnostics };
  const listing: { -readonly [K in keyof Listing]: Listing[K] } = { query: q.query, limit, order: 'asc' };
  if (numericStrings) listing.idsAsText = true;
  if (boundary !== undefined) {
    listing.boundary = boundary;
    listing.comparison = comparison ?? '>';
  }
  return { listing, ...checked, diagnostics };
}

/**
 * A limit sent as text in a notation other than decimal digits (`0x10`, `1e1`, `+10`, ` 10`,
 * `10.0`) whose number is a valid limit: the digits to send instead (`{ send: 16 }`), which the
 * message names. Anything else: nothing to add.
 */
function limitInOtherNotation(raw: unknown): { send?: number } {
  if (typeof raw !== 'string' || raw.trim() === '') return {};
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= MAX_LIMIT ? { send: n } : {};
}
