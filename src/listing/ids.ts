import type { Catalog } from '../catalog/index.js';
import { codePointOrder } from '../text/index.js';
import { argumentError, throwBadArgument } from '../diagnostics/index.js';

/** An item id as the listing sees it: a JSON string or a finite JSON number. */
export type ItemId = string | number;

/**
 * The id of a raw item (docs/semantics.md section 6): the own value at the raw key named by
 * `Aliases.Id`, when it is a string or a finite number. Anything else (not an object, key missing,
 * `null`, a boolean, an array, `NaN`, the empty string: the interface's `ItemUri` needs a
 * non-empty id) has no id, and such an item is never listed. Never throws: an item whose
 * property cannot be read (a getter or proxy that throws) has no id either.
 */
export function itemId(item: unknown, catalog: Catalog): ItemId | undefined {
  try {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
    const key = catalog.Aliases.Id;
    const desc = Object.getOwnPropertyDescriptor(item, key);
    // A data property only: a getter is code, and reading it could throw or change each time.
    const v: unknown = desc && 'value' in desc ? desc.value : undefined;
    return isItemId(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `value` can be an item id (a non-empty string or a finite number). */
export function isItemId(value: unknown): value is ItemId {
  return (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));
}

/**
 * The listing order of ids: every number before every string, numbers numerically (`-0`
 * equals `0`), strings by Unicode code point ({@link compareCodePoints}). Returns a negative
 * number, zero or a positive number, like a sort comparator.
 */
export function compareIds(a: ItemId, b: ItemId): number {
  try {
    if (typeof a !== 'number' && typeof a !== 'string') throwBadArgument('compareIds', 'a', 'an item id (a string or a number)', a, 'Pass two ids, as itemId returns them.');
    if (typeof b !== 'number' && typeof b !== 'string') throwBadArgument('compareIds', 'b', 'an item id (a string or a number)', b, 'Pass two ids, as itemId returns them.');
    if (typeof a === 'number') {
      if (typeof b !== 'number') return -1;
      return a < b ? -1 : a > b ? 1 : 0;
    }
    if (typeof b === 'number') return 1;
    return codePointOrder(a, b);
  } catch (e) {
    throw argumentError('compareIds', e);
  }
}
