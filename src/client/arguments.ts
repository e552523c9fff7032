/**
 * Checks of the path and body arguments of the client's methods (catalog id, item kind, raw
 * items, a starting Scope).
 */
import { throwBadArgument } from '../diagnostics/index.js';
import { ITEM_KINDS, type ItemKind, type RawItem, type Scope } from './types.js';

export function checkCatalogId(id: unknown, fn: string): number {
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 100) throwBadArgument(fn, 'catalogId', 'a catalog id (a whole number ≥ 100)', id, 'Pass the numeric id of the catalog.');
  return id;
}

export function itemsPath(catalogId: number, kind: ItemKind, fn: string): string {
  checkCatalogId(catalogId, fn);
  if (!ITEM_KINDS.includes(kind)) throwBadArgument(fn, 'kind', `one of ${ITEM_KINDS.join(', ')}`, kind, "Pass the item kind, e.g. 'product'.");
  return `/v1/catalog/${catalogId}/${kind}`;
}

export function checkItems(fn: string, items: unknown): asserts items is readonly RawItem[] {
  if (!Array.isArray(items)) throwBadArgument(fn, 'items', 'an array of raw item objects', items, 'Pass the items as an array.');
  items.forEach((it: unknown, i) => {
    if (!it || typeof it !== 'object' || Array.isArray(it)) throwBadArgument(fn, `items[${i}]`, 'a raw item object', it, 'Every item is a JSON object keyed by the raw keys of the catalog.');
  });
}

export function checkScope(s: unknown): Scope<unknown> {
  if (!s || typeof s !== 'object' || Array.isArray(s)) throwBadArgument('list', 'from', 'a Scope object (a NextQuery, PrevQuery or Metadata.Scope)', s, 'Pass a Scope from an earlier page.');
  return s as Scope<unknown>;
}
