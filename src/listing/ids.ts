import type { Catalog } from '../catalog/index.js';
import { compareCodePoints } from '../text/index.js';

/** An item id as the listing sees it: a JSON string or a finite JSON number. */
export type ItemId = string | number;

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * The id of a raw item (LANGUAGE.md section 6): the own value at the raw key named by
 * `Aliases.Id`, when it is a string or a finite number. Anything else (not an object, key missing,
 * `null`, a boolean, an array, `NaN`) has no id, and such an item is never listed. Never throws.
 */
export function itemId(item: unknown, catalog: Catalog): ItemId | undefined {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
  const key = catalog.Aliases.Id;
  if (!hasOwn.call(item, key)) return undefined;
  const v = (item as Record<string, unknown>)[key];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  return undefined;
}

/** Whether `value` can be an item id (a string or a finite number). */
export function isItemId(value: unknown): value is ItemId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/**
 * The listing order of ids: every number before every string, numbers numerically (`-0`
 * equals `0`), strings by Unicode code point ({@link compareCodePoints}). Returns a negative
 * number, zero or a positive number, like a sort comparator.
 */
export function compareIds(a: ItemId, b: ItemId): number {
  if (typeof a === 'number') {
    if (typeof b !== 'number') return -1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof b === 'number') return 1;
  return compareCodePoints(a, b);
}
