/**
 * The console's view of the item kinds: labels for the kind picker and typeahead keys. Where a
 * kind's items come from, and the `{ Id, Name }` records' catalog, are catq's (catq/listing).
 */
import type { Catalog } from 'catq';
import { ITEM_KINDS, kindSource, type ItemKind } from 'catq/listing';

export { derivedRecordsCatalog, kindSource } from 'catq/listing';
export const KINDS = ITEM_KINDS;

/** A label for the kind picker: `category (catalog 600)`, `brand (from product fields)`. */
export function kindLabel(catalog: Catalog, kind: ItemKind): string {
  const s = kindSource(catalog, kind);
  return s.type === 'Primary' ? kind : s.type === 'Referenced' ? `${kind} (catalog ${s.referenceId})` : `${kind} (from product fields)`;
}

/** The raw keys of attributes whose `UIConfiguration` asks for typeahead values. */
export function typeaheadKeys(catalog: Catalog): string[] {
  const declared = new Set((catalog.SearchableAttributes ?? []).map((a) => a.Attribute));
  return (catalog.UIConfiguration ?? []).filter((u) => u.Typeahead === true && u.Key !== undefined && declared.has(u.Key)).map((u) => u.Key as string);
}
