import type { ListPage } from 'catq';
import { isItemId, toListedItem, type ListedItem } from 'catq/listing';
import type { KindSource } from './kinds.js';
import { withNames } from './names.js';

/** The `Uri` numbers of a kind's items. */
export function uriOptions(source: KindSource, networkId: number): { networkId: number; tableId: number } {
  return { networkId, tableId: source.tableId };
}

/**
 * The listed form for a kind: catq builds the `Primary` form; `Referenced` items are the same
 * with their type, `ItemFields` records carry only `Id`, `Type` and `Uri` (the spec's listed form).
 */
export function listedForm(item: ListedItem, source: KindSource): Record<string, unknown> {
  if (source.type === 'ItemFields') return { Id: item.Id, Type: 'ItemFields', Uri: item.Uri };
  // catq's listed form already follows the name rules (Name always there, every name cut to
  // MAX_NAME: toListedItem), so only the type changes; a Primary item is passed on as it is.
  return source.type === 'Primary' ? (item as unknown as Record<string, unknown>) : { ...item, Type: source.type };
}

/** A List Catalog Items response with each item in its kind's listed form. */
export function pageForm(page: ListPage, source: KindSource): Record<string, unknown> {
  return { ...page, Items: page.Items.map((i) => listedForm(i, source)) };
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * The full form of Get Catalog Item. `Primary` / `Referenced`: `Id`, `Name`, `Uri`, `Type`, `Data`
 * (the raw item as stored), then `Brand`, `Category`, `Image`, `Merchant`, `Product` built through
 * `Aliases` like the listed form. `ItemFields`: `Id`, `Name`, `Uri`, `Type`. `Name` is required by
 * the spec: the id as text when the raw data has no string there; names are cut to 100 code points
 * (see names.ts). Undefined when `raw` has no id.
 */
export function fullForm(raw: unknown, source: KindSource, networkId: number): Record<string, unknown> | undefined {
  const listed = toListedItem(raw, source.catalog, uriOptions(source, networkId));
  if (!listed) return undefined;
  const base: Record<string, unknown> = { Id: listed.Id, Name: listed.Name };
  base['Uri'] = listed.Uri;
  base['Type'] = source.type;
  if (source.type === 'ItemFields') return withNames(base);
  base['Data'] = raw;
  for (const k of ['Brand', 'Category', 'Image', 'Merchant'] as const) if (listed[k] !== undefined) base[k] = listed[k];
  const p = source.catalog.Aliases.Product;
  if (p) {
    const r = raw as Record<string, unknown>;
    const product: Record<string, unknown> = {};
    if (hasOwn.call(r, p.Id) && isItemId(r[p.Id])) product['Id'] = r[p.Id];
    if (hasOwn.call(r, p.Name) && typeof r[p.Name] === 'string') product['Name'] = r[p.Name];
    if (Object.keys(product).length) base['Product'] = product;
  }
  return withNames(base);
}
