/**
 * Field resolution, remembered per catalog: `validate` resolves every clause's field, and an
 * alias path costs several own-property reads of the catalog's `Aliases` each time. Catalogs are
 * not meant to change once in use (`loadCatalog` returns frozen ones; the catalog stage indexes
 * attributes once per catalog object on the same assumption), so the answer for a field is
 * kept for as long as the catalog object lives. The last catalog is kept apart from the
 * WeakMap: a service checks every query against the same one.
 */
import { resolveField, type Catalog, type FieldResolution } from '../catalog/index.js';

const byCatalog = new WeakMap<Catalog, Map<string, FieldResolution>>();
let lastCatalog: Catalog | undefined;
let lastMap: Map<string, FieldResolution> | undefined;

/** How many fields are remembered per catalog (a query may name any string; this bounds the memory). */
const MAX_FIELDS = 1024;

/** {@link resolveField}, remembered per catalog object. */
export function resolveFieldCached(catalog: Catalog, field: string): FieldResolution {
  let map: Map<string, FieldResolution> | undefined;
  if (catalog === lastCatalog) map = lastMap;
  else {
    map = byCatalog.get(catalog);
    if (!map) {
      map = new Map();
      byCatalog.set(catalog, map);
    }
    lastCatalog = catalog;
    lastMap = map;
  }
  const known = map?.get(field);
  if (known) return known;
  const r = resolveField(catalog, field);
  if (map && map.size < MAX_FIELDS) map.set(field, r);
  return r;
}
