import type { Catalog } from '../catalog/index.js';
import { checkOnce, type CheckedQuery, type LimitOptions } from '../check/index.js';
import { hasErrors, type Diagnostic } from '../diagnostics/index.js';
import { readListingParams, withQuery, type Listing, type ReadListingOptions } from './params.js';

/** What {@link readCheckedListing} returns: the page's parameters and its checked query, or the diagnostics of a 400. */
export interface CheckedListing {
  /** The checked parameters; present with `plan` exactly when no diagnostic is an error. */
  readonly listing?: Listing;
  /** The checked query of `q`, for the backend to compile as it is. */
  readonly plan?: CheckedQuery;
  /** Every problem of the parameters and of `q` at once (warnings too). */
  readonly diagnostics: Diagnostic[];
}

/**
 * Reads the parameters of List Catalog Items and checks `q` against the catalog, once, whatever
 * the page (first page, or either side of a `boundary-id`): the backends then compile the plan
 * and never check again. `q` is checked even when another parameter is bad, so that every problem
 * is reported at once; a `q` that is already a checked query is not checked again. Never throws.
 */
export function readCheckedListing(params: unknown, catalog: Catalog, options: ReadListingOptions & LimitOptions): CheckedListing {
  const read = readListingParams(params, options);
  const query = read.checked ?? read.listing?.query ?? read.query;
  const checked = query ? checkOnce(query, catalog, { limits: options.limits }) : undefined;
  const diagnostics = read.diagnostics.concat(checked?.diagnostics ?? []);
  if (!read.listing || !checked?.plan || hasErrors(diagnostics)) return { diagnostics };
  return { listing: withQuery(read.listing, checked.plan.query), plan: checked.plan, diagnostics };
}
