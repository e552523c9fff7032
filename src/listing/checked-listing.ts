import type { Catalog } from '../catalog/index.js';
import { checkOnce, type CheckedQuery, type LimitOptions } from '../check/index.js';
import { argumentError, badArgument, hasErrors, type Diagnostic } from '../diagnostics/index.js';
import { fnv1a } from '../text/hash.js';
import { givenQ, readListingParamsWith, withQuery, type Listing, type ReadListingOptions } from './params.js';

/** What {@link readCheckedListing} returns: the page's parameters and its checked query, or the diagnostics of a 400. */
export interface CheckedListing {
  /** The checked parameters; present with `plan` exactly when no diagnostic is an error. */
  readonly listing?: Listing;
  /** The checked query of `q`, for the backend to compile as it is. */
  readonly plan?: CheckedQuery;
  /** Every problem of the parameters and of `q` at once (warnings too). */
  readonly diagnostics: Diagnostic[];
  /**
   * True when `plan` is the one remembered for this `q` text: the same object on every page of
   * one search, so a backend may keep what it derives from it (the SQL listing keeps its compiled
   * condition). Absent for a plan made for this request alone: keeping anything of those would
   * keep one-off plans alive.
   */
  readonly remembered?: true;
}

/**
 * Reads the parameters of List Catalog Items and checks `q` against the catalog, once, whatever
 * the page (first page, or either side of a `boundary-id`): the backends then compile the plan
 * and never check again. `q` is checked even when another parameter is bad, so that every problem
 * is reported at once; a `q` that is already a checked query is not checked again. Never throws:
 * arguments it cannot use (options that are not an object, a Proxy that throws) are diagnostics.
 */
export function readCheckedListing(params: unknown, catalog: Catalog, options: ReadListingOptions & LimitOptions): CheckedListing {
  if (options === null || typeof options !== 'object') {
    return { diagnostics: [badArgument('readCheckedListing', 'options', 'an object ({} or { limits, ... })', options, 'Pass {} for the defaults.')] };
  }
  try {
    return readChecked(params, catalog, options);
  } catch (e) {
    return { diagnostics: [...argumentError('readCheckedListing', e).diagnostics] };
  }
}

function readChecked(params: unknown, catalog: Catalog, options: ReadListingOptions & LimitOptions): CheckedListing {
  const text = options.limits === undefined ? rememberableQ(params) : undefined;
  const known = text === undefined ? undefined : recent.get(text);
  if (known && known.catalog === catalog) {
    // Most recently used last (the first key is the one to drop next).
    recent.delete(text as string);
    recent.set(text as string, known);
    const read = readListingParamsWith(params, options, known.plan);
    if (!read.listing || hasErrors(read.diagnostics)) return { diagnostics: read.diagnostics };
    return { listing: withQuery(read.listing, known.plan.query), plan: known.plan, diagnostics: read.diagnostics, remembered: true };
  }
  const read = readListingParamsWith(params, options, undefined);
  const query = read.checked ?? read.listing?.query ?? read.query;
  const checked = query ? checkOnce(query, catalog, { limits: options.limits }) : undefined;
  const diagnostics = read.diagnostics.concat(checked?.diagnostics ?? []);
  if (!read.listing || !checked?.plan || hasErrors(diagnostics)) return { diagnostics };
  // Only a q that had nothing to say (no warning either), so that a later request gets the same answer.
  if (text !== undefined && diagnostics.length === 0 && read.checked === undefined && secondSight(text)) {
    if (recent.size >= RECENT_QUERIES) recent.delete(recent.keys().next().value as string);
    recent.set(text, { catalog, plan: checked.plan });
  }
  return { listing: withQuery(read.listing, checked.plan.query), plan: checked.plan, diagnostics };
}

/**
 * The checked queries of the last `q` texts, with the catalog object they were checked on: a
 * service sees the same `q` for every page of a search, and popular searches again and again,
 * and decoding and checking a text is a pure function of it, the catalog and the limits. Only
 * the default limits are remembered (options with `limits` decode and check every time), and only
 * texts of at most `RECENT_TEXT` characters that gave no diagnostic at all; at most
 * `RECENT_QUERIES` of them (the least recently used goes). The plan is immutable, so sharing it
 * is safe; a catalog is compared by identity, as a checked query's is (checkOnce).
 */
const recent = new Map<string, { readonly catalog: Catalog; readonly plan: CheckedQuery }>();
const RECENT_QUERIES = 500;
const RECENT_TEXT = 4096;

/**
 * Whether `text` was read recently without being remembered: a text is remembered the second
 * time it is read. A stream of texts each read once (every request a new search) then keeps no
 * plan alive: a plan kept for a while is moved to the long-lived heap, and collecting it there
 * made such a stream about half again slower.
 */
function secondSight(text: string): boolean {
  // The text's hash, in a table of SEEN slots by its low bits: no string is kept, and a collision
  // only remembers a text one reading early. (Every code unit counts: texts of one search differ
  // in a digit or two, and a hash of some of them made every such text collide.) `| 1`: nonzero,
  // and a signed 32-bit value, as the table holds it.
  const h = fnv1a(text) | 1;
  const slot = h & (SEEN - 1);
  if (seen[slot] === h) return true;
  seen[slot] = h;
  return false;
}

const SEEN = 1024;
const seen = new Int32Array(SEEN);

/** The `q` of the parameters when it is text the memo may hold (an own data property, or a URL's). */
function rememberableQ(params: unknown): string | undefined {
  let q: unknown;
  try {
    q = givenQ(params);
  } catch {
    return undefined;
  }
  return typeof q === 'string' && q !== '' && q.length <= RECENT_TEXT ? q : undefined;
}
