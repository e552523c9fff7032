import type { Catalog } from 'catq';
import { cutName, MAX_NAME_LENGTH } from 'catq/listing';

/** The spec's longest name (catq's listed form already keeps to it; the full form's `Product` is built here). */
export const MAX_NAME = MAX_NAME_LENGTH;

const hasOwn = Object.prototype.hasOwnProperty;

/** The raw keys that hold names, through `Aliases`: the item's own and those of its brand, category, merchant and product. */
export function nameKeys(catalog: Catalog): string[] {
  const a = catalog.Aliases;
  const keys = [a.Name, a.Brand?.Name, a.Category?.Name, a.Merchant?.Name, a.Product?.Name];
  return [...new Set(keys.filter((k): k is string => typeof k === 'string'))];
}

/** The raw name keys of an item whose string is longer than `MAX_NAME` code points. */
export function longNames(raw: Record<string, unknown>, catalog: Catalog): string[] {
  return nameKeys(catalog).filter((k) => hasOwn.call(raw, k) && typeof raw[k] === 'string' && cutName(raw[k] as string) !== raw[k]);
}

/**
 * An item's listed or full form with the spec's name rules: `Name` is required (the raw name, or
 * the id as text when the raw item has none), and every name is cut to `MAX_NAME` code points.
 */
export function withNames<T extends Record<string, unknown>>(form: T): T {
  const out: Record<string, unknown> = { ...form };
  out['Name'] = typeof form['Name'] === 'string' ? cutName(form['Name']) : String(form['Id']);
  for (const k of ['Brand', 'Category', 'Merchant', 'Product']) {
    const ref = out[k] as Record<string, unknown> | undefined;
    if (ref && typeof ref['Name'] === 'string') out[k] = { ...ref, Name: cutName(ref['Name']) };
  }
  return out as T;
}
