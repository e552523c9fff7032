import type { Catalog } from 'catq';
import { derivedRecordsCatalog, kindSource, type ItemKind } from 'catq/listing';
import { derivedView, itemsTable } from './store/schema.js';

export { ITEM_KINDS, type ItemKind } from 'catq/listing';

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

/**
 * Resolves `{catalogId}/{item}` to where its items are. A kind without an entry in
 * `Configuration` is `ItemFields` (derived). A `Referenced` kind whose catalog is not loaded (or
 * belongs to another network) is a 404.
 */
export function resolveKind(catalog: Catalog, kind: ItemKind, catalogs: ReadonlyMap<number, Catalog>): KindResolution {
  if (kind === 'product') return { source: { type: 'Primary', catalog, table: itemsTable(catalog.Id), tableId: catalog.Id } };
  const source = kindSource(catalog, kind);
  if (source.type === 'Referenced') {
    const ref = catalogs.get(source.referenceId);
    if (!ref) return { notFound: `Catalog ${catalog.Id} takes its ${kind} items from catalog ${source.referenceId}, which does not exist.` };
    return { source: { type: 'Referenced', catalog: ref, table: itemsTable(ref.Id), tableId: ref.Id } };
  }
  return { source: { type: 'ItemFields', catalog: derivedRecordsCatalog(catalog, kind), table: derivedView(catalog.Id, kind), tableId: catalog.Id } };
}
