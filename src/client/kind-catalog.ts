/**
 * The catalog a kind's `q` is checked against, as the service checks it: the catalog itself for
 * `product`; for `brand`, `category` and `merchant`, the catalog its `Configuration` names when
 * the source is `Referenced`, and otherwise (`ItemFields`, or no entry) the records derived from
 * the product items, `{ Id, Name }`: `Id` searchable as a Referenced attribute (so `5` finds the
 * id `"5"` too) and `Name` as a String.
 */
import { loadCatalog, type Catalog } from '../catalog/index.js';
import type { ItemKind } from './types.js';

type DerivedKind = Exclude<ItemKind, 'product'>;

const CONFIG_KEY = { brand: 'Brands', category: 'Categories', merchant: 'Merchants' } as const;

const derived = new WeakMap<Catalog, Map<DerivedKind, Catalog>>();

/**
 * The catalog `q` of `kind` in catalog `catalogId` is checked against, among the catalogs the
 * client knows; undefined when that catalog is not known (the service then checks `q` alone).
 */
export function kindCatalog(known: ReadonlyMap<number, Catalog>, catalogId: number, kind: ItemKind): Catalog | undefined {
  const catalog = known.get(catalogId);
  if (!catalog || kind === 'product') return catalog;
  const source = catalog.Configuration?.[CONFIG_KEY[kind]];
  if (source?.Source === 'Referenced') return known.get(source.ReferenceId);
  return derivedCatalog(catalog, kind);
}

/** The catalog of a derived kind's `{ Id, Name }` records (made once per catalog and kind). */
function derivedCatalog(catalog: Catalog, kind: DerivedKind): Catalog | undefined {
  let byKind = derived.get(catalog);
  if (!byKind) derived.set(catalog, (byKind = new Map()));
  if (!byKind.has(kind)) {
    const { catalog: records } = loadCatalog({
      Id: catalog.Id,
      Name: `${kind} records of catalog ${catalog.Id}`,
      Type: 'Product',
      Aliases: { Id: 'Id', Name: 'Name' },
      SearchableAttributes: [
        { Attribute: 'Id', Type: 'Referenced', ReferenceId: catalog.Id, Cardinality: 'One' },
        { Attribute: 'Name', Type: 'String', Cardinality: 'One' },
      ],
    });
    // A catalog id the records' catalog cannot carry (not a catalog id ≥ 100): left to the service.
    if (records) byKind.set(kind, records);
    else return undefined;
  }
  return byKind.get(kind);
}
