/**
 * The catalog a kind's `q` is checked against, as the service checks it (src/listing/kinds.ts):
 * the catalog itself for `product`, the referenced catalog when the client knows it, or the
 * derived `{ Id, Name }` records.
 */
import type { Catalog } from '../catalog/index.js';
import { derivedRecordsCatalog, kindSource, type ItemKind } from '../listing/kinds.js';

/**
 * The catalog `q` of `kind` in catalog `catalogId` is checked against, among the catalogs the
 * client knows; undefined when that catalog is not known (the service then checks `q` alone).
 */
export function kindCatalog(known: ReadonlyMap<number, Catalog>, catalogId: number, kind: ItemKind): Catalog | undefined {
  const catalog = known.get(catalogId);
  if (!catalog || kind === 'product') return catalog;
  const source = kindSource(catalog, kind);
  return source.type === 'Referenced' ? known.get(source.referenceId) : derivedRecordsCatalog(catalog, kind);
}
