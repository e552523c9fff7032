import { loadCatalog, type Catalog } from 'catq';
import { derivedView, itemsTable, type DerivedKind } from './store/schema.js';

/** The item kinds of the interface (the `{item}` path parameter). */
export const ITEM_KINDS = ['product', 'brand', 'category', 'merchant'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/**
 * Where the items of one kind of one catalog come from:
 * - `Primary`: the catalog's own items (`product`), in its table;
 * - `Referenced`: the items of the catalog that `Configuration.<Kind>.ReferenceId` names;
 * - `ItemFields`: derived from the product items' fields through `Aliases` (read-only).
 * `catalog` is the catalog whose `Aliases` and `SearchableAttributes` apply to these items (for
 * `ItemFields`, a small catalog of `{ Id, Name }` records), `table` the table or view holding them,
 * `tableId` the `<TableId>` of their `Uri`.
 */
export interface KindSource {
  readonly type: 'Primary' | 'Referenced' | 'ItemFields';
  readonly catalog: Catalog;
  readonly table: string;
  readonly tableId: number;
}

/** The outcome of {@link resolveKind}: the source, or a 404 message. */
export type KindResolution = { readonly source: KindSource } | { readonly notFound: string };

const CONFIG_KEY: Record<DerivedKind, 'Brands' | 'Categories' | 'Merchants'> = { brand: 'Brands', category: 'Categories', merchant: 'Merchants' };

const derivedCatalogs = new WeakMap<Catalog, Map<DerivedKind, Catalog>>();

/**
 * The catalog of a derived kind's records `{ Id, Name }`: `Id` (type Referenced, so 5 and "5"
 * both find the id 5, as in item catalogs) and `Name` (String) are searchable with `q`.
 */
export function derivedCatalog(catalog: Catalog, kind: DerivedKind): Catalog {
  let byKind = derivedCatalogs.get(catalog);
  if (!byKind) derivedCatalogs.set(catalog, (byKind = new Map()));
  let c = byKind.get(kind);
  if (!c) {
    const loaded = loadCatalog({
      Id: catalog.Id,
      Name: `${kind} records of catalog ${catalog.Id}`,
      Type: 'Product',
      Aliases: { Id: 'Id', Name: 'Name' },
      SearchableAttributes: [
        { Attribute: 'Id', Type: 'Referenced', ReferenceId: catalog.Id, Cardinality: 'One' },
        { Attribute: 'Name', Type: 'String', Cardinality: 'One' },
      ],
    });
    if (!loaded.catalog) throw new Error(`internal: derived catalog rejected: ${loaded.diagnostics.map((d) => d.message).join('; ')}`);
    c = loaded.catalog;
    byKind.set(kind, c);
  }
  return c;
}

/**
 * Resolves `{catalogId}/{item}` to where its items are. A kind without an entry in
 * `Configuration` is `ItemFields` (derived). A `Referenced` kind whose catalog is not loaded (or
 * belongs to another network) is a 404.
 */
export function resolveKind(catalog: Catalog, kind: ItemKind, catalogs: ReadonlyMap<number, Catalog>): KindResolution {
  if (kind === 'product') return { source: { type: 'Primary', catalog, table: itemsTable(catalog.Id), tableId: catalog.Id } };
  const config = catalog.Configuration?.[CONFIG_KEY[kind]];
  if (config?.Source === 'Referenced') {
    const ref = catalogs.get(config.ReferenceId);
    if (!ref) return { notFound: `Catalog ${catalog.Id} takes its ${kind} items from catalog ${config.ReferenceId}, which does not exist.` };
    return { source: { type: 'Referenced', catalog: ref, table: itemsTable(ref.Id), tableId: ref.Id } };
  }
  return { source: { type: 'ItemFields', catalog: derivedCatalog(catalog, kind), table: derivedView(catalog.Id, kind), tableId: catalog.Id } };
}
