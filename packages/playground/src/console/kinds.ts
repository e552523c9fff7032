/**
 * The item kinds of a catalog as the service serves them, and the catalog their queries are
 * checked against: the catalog itself for `product`; for brand, category and merchant, the
 * referenced catalog when `Configuration` names one, else the `{ Id, Name }` records the service
 * derives from the product items' fields.
 */
import { loadCatalog, type Catalog } from 'catq';
import type { ItemKind } from 'catq/client';

export const KINDS: readonly ItemKind[] = ['product', 'brand', 'category', 'merchant'];

const CONFIG_KEY = { brand: 'Brands', category: 'Categories', merchant: 'Merchants' } as const;

/** Where a kind's items come from. */
export type KindSource = { readonly type: 'Primary' } | { readonly type: 'Referenced'; readonly referenceId: number } | { readonly type: 'ItemFields' };

/** The source of `kind` in `catalog`. */
export function kindSource(catalog: Catalog, kind: ItemKind): KindSource {
  if (kind === 'product') return { type: 'Primary' };
  const config = catalog.Configuration?.[CONFIG_KEY[kind]];
  return config?.Source === 'Referenced' ? { type: 'Referenced', referenceId: config.ReferenceId } : { type: 'ItemFields' };
}

/** A label for the kind picker: `category (catalog 600)`, `brand (from product fields)`. */
export function kindLabel(catalog: Catalog, kind: ItemKind): string {
  const s = kindSource(catalog, kind);
  return s.type === 'Primary' ? kind : s.type === 'Referenced' ? `${kind} (catalog ${s.referenceId})` : `${kind} (from product fields)`;
}

/** The catalog of the `{ Id, Name }` records of a derived kind (what the service searches). */
export function derivedCatalog(catalog: Catalog, kind: ItemKind): Catalog {
  const { catalog: derived } = loadCatalog({
    Id: catalog.Id,
    Name: `${kind} records of ${catalog.Name}`,
    Type: 'Product',
    Aliases: { Id: 'Id', Name: 'Name' },
    SearchableAttributes: [
      { Attribute: 'Id', Type: 'Referenced', ReferenceId: catalog.Id, Cardinality: 'One' },
      { Attribute: 'Name', Type: 'String', Cardinality: 'One' },
    ],
  });
  if (!derived) throw new Error('internal: the derived catalog was refused');
  return derived;
}

/** The raw keys of attributes whose `UIConfiguration` asks for typeahead values. */
export function typeaheadKeys(catalog: Catalog): string[] {
  const declared = new Set((catalog.SearchableAttributes ?? []).map((a) => a.Attribute));
  return (catalog.UIConfiguration ?? []).filter((u) => u.Typeahead === true && u.Key !== undefined && declared.has(u.Key)).map((u) => u.Key as string);
}
