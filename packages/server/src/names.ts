import type { Catalog } from 'catq';

/** The spec's longest name: item, brand, category, merchant and product names are at most 100 characters. */
export const MAX_NAME = 100;

const hasOwn = Object.prototype.hasOwnProperty;

/** `s` cut to its first `MAX_NAME` code points (never in the middle of a surrogate pair). */
export function cutName(s: string): string {
  if (s.length <= MAX_NAME) return s;
  const points = Array.from(s);
  return points.length <= MAX_NAME ? s : points.slice(0, MAX_NAME).join('');
}

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
