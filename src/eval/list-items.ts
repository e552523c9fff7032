import type { Catalog } from '../catalog/index.js';
import { badArgument, type Diagnostic } from '../diagnostics/index.js';
import type { LimitOptions } from '../check/index.js';
import { pageOf, readCheckedListing, type ListedItemOptions, type ListPage, type ReadListingOptions } from '../listing/index.js';
import { optionKeyProblems } from '../wire/limits.js';
import { compileChecked } from './compile.js';
import { eachItem } from './each-item.js';

/** What {@link listItems} returns: the response, or the diagnostics of a 400. */
export interface ListItemsResult {
  /** The List Catalog Items response; absent exactly when a diagnostic is an error. */
  readonly response?: ListPage;
  /** Every problem with the parameters or the query (warnings too, on success). */
  readonly diagnostics: Diagnostic[];
}

/** Options of {@link listItems}. */
export interface ListItemsOptions extends ReadListingOptions, ListedItemOptions, LimitOptions {}

/**
 * List Catalog Items over an in-memory array (the reference for every backend). Never throws:
 * bad parameters or an invalid `q` give `{ diagnostics }` (turn them into the 400 body with
 * `toErrorBody`). Items without an id (`Aliases.Id` not a string or number) are never listed.
 *
 * ```ts
 * const { response, diagnostics } = listItems(items, catalog, { q: '[["color","red"]]', limit: 20 });
 * ```
 */
export function listItems(items: readonly unknown[], catalog: Catalog, params: unknown, options: ListItemsOptions = {}): ListItemsResult {
  try {
    return list(items, catalog, params, options ?? {});
  } catch {
    // Only items whose array is a proxy with throwing traps get here: every item is read safely.
    return { diagnostics: [badArgument('listItems', 'items', 'an array of items', 'a value that cannot be read', 'Pass the raw items as a plain array.')] };
  }
}

/** The option names of {@link listItems}. */
export const LIST_ITEMS_OPTION_KEYS: readonly string[] = Object.freeze(['numericStrings', 'networkId', 'tableId', 'limits']);

function list(items: readonly unknown[], catalog: Catalog, params: unknown, options: ListItemsOptions): ListItemsResult {
  const optionProblems = optionKeyProblems('listItems', options, LIST_ITEMS_OPTION_KEYS);
  if (optionProblems.length) return { diagnostics: [...optionProblems] };
  if (!Array.isArray(items)) return { diagnostics: [badArgument('listItems', 'items', 'an array of items', items, 'Pass the raw items as an array.')] };
  const { listing, plan, diagnostics } = readCheckedListing(params, catalog, options);
  if (!listing || !plan) return { diagnostics };
  const p = compileChecked(plan);
  const matching: unknown[] = [];
  eachItem(items, (it) => {
    if (p(it)) matching.push(it);
  });
  return { response: pageOf(listing, matching, catalog, options), diagnostics };
}
