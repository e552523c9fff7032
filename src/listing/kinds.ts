/**
 * The item kinds of the interface (`{item}` in the paths) and where each kind's items come from:
 * `product` is the catalog's own items; `brand`, `category` and `merchant` are the items of the
 * catalog its `Configuration` names when the source is `Referenced`, and otherwise (`ItemFields`,
 * or no entry) records `{ Id, Name }` derived from the product items' fields. The service, the
 * client (which checks `q` before sending) and the console all read a kind through this module.
 */
import { catalogArgumentProblems, loadCatalog, type Catalog } from '../catalog/index.js';
import { QueryError, throwBadArgument } from '../diagnostics/index.js';

/** The four item kinds of the `{item}` path parameter. */
export type ItemKind = 'product' | 'brand' | 'category' | 'merchant';

/** The item kinds, in the specification's order. */
export const ITEM_KINDS: readonly ItemKind[] = ['product', 'brand', 'category', 'merchant'];

/** A kind other than `product`. */
export type DerivedKind = Exclude<ItemKind, 'product'>;

const CONFIG_KEY = { brand: 'Brands', category: 'Categories', merchant: 'Merchants' } as const;

/** Where a kind's items come from (see the module comment). */
export type KindSource = { readonly type: 'Primary' } | { readonly type: 'Referenced'; readonly referenceId: number } | { readonly type: 'ItemFields' };

/** The source of `kind` in `catalog`. */
export function kindSource(catalog: Catalog, kind: ItemKind): KindSource {
  checkKindArguments('kindSource', catalog, kind);
  if (kind === 'product') return { type: 'Primary' };
  const config = catalog.Configuration?.[CONFIG_KEY[kind]];
  return config?.Source === 'Referenced' ? { type: 'Referenced', referenceId: config.ReferenceId } : { type: 'ItemFields' };
}

const derived = new WeakMap<Catalog, Map<DerivedKind, Catalog>>();

/**
 * The catalog of a derived kind's `{ Id, Name }` records, what `q` is checked against for them:
 * `Id` searchable as a Referenced attribute (so `5` finds the id `"5"` too, as in item catalogs)
 * and `Name` as a String. Made once per catalog and kind.
 */
export function derivedRecordsCatalog(catalog: Catalog, kind: DerivedKind): Catalog {
  checkKindArguments('derivedRecordsCatalog', catalog, kind);
  if ((kind as string) === 'product') throwBadArgument('derivedRecordsCatalog', 'kind', 'a derived kind ("brand" or "category")', kind, 'Products are listed with the catalog itself.');
  let byKind = derived.get(catalog);
  if (!byKind) derived.set(catalog, (byKind = new Map()));
  let records = byKind.get(kind);
  if (!records) {
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
    // The id of a loaded catalog is always a valid ReferenceId, so this holds for every checked catalog.
    if (!loaded.catalog) throw new Error(`catq internal error: the ${kind} records' catalog was refused: ${loaded.diagnostics.map((d) => d.message).join('; ')}`);
    records = loaded.catalog;
    byKind.set(kind, records);
  }
  return records;
}

/** A QueryError (api/bad-argument) for a catalog that is not one (a valid catalog is remembered: cheap) or an unknown kind. */
function checkKindArguments(fn: string, catalog: Catalog, kind: unknown): void {
  const problems = catalogArgumentProblems(fn, catalog);
  if (problems.length) throw new QueryError(problems, `${fn} was called with a bad catalog`);
  if (typeof kind !== 'string' || !(kind === 'product' || hasOwnKey(CONFIG_KEY, kind))) {
    throwBadArgument(fn, 'kind', `one of ${['product', ...Object.keys(CONFIG_KEY)].map((k) => JSON.stringify(k)).join(', ')}`, kind, 'Pass the kind of item listed.');
  }
}

function hasOwnKey(o: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}
