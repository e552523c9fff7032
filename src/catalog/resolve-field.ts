import { argumentError, throwBadArgument } from '../diagnostics/index.js';
import { ALIAS_PATHS, type AliasPath, type Aliases, type Catalog, type SearchableAttribute } from './types.js';

/** How a query field resolved against a catalog. */
export type FieldResolution =
  /** A declared attribute (directly, or through an alias path whose raw key is declared). */
  | {
      readonly ok: true;
      readonly attribute: SearchableAttribute;
      /** The top-level key of the raw item data that holds the value. */
      readonly rawKey: string;
      /** The alias path used, when the field was one. */
      readonly alias?: AliasPath;
    }
  /** Neither a declared attribute nor an alias path. */
  | { readonly ok: false; readonly reason: 'unknown-field' }
  /** An alias path the catalog's `Aliases` does not define. */
  | { readonly ok: false; readonly reason: 'alias-undefined'; readonly alias: AliasPath }
  /** An alias path whose raw key is not a declared searchable attribute. */
  | { readonly ok: false; readonly reason: 'alias-not-searchable'; readonly alias: AliasPath; readonly rawKey: string };

const aliasSet: ReadonlySet<string> = new Set(ALIAS_PATHS);

/** Whether `field` is one of the standard alias paths. */
export function isAliasPath(field: string): field is AliasPath {
  return aliasSet.has(field);
}

/**
 * The own data property `key` of `obj`: never an inherited value (a polluted
 * `Object.prototype.Brand` must not define an alias), never a getter's.
 */
export function ownValue(obj: unknown, key: string): unknown {
  if (obj === null || typeof obj !== 'object') return undefined;
  const desc = Object.getOwnPropertyDescriptor(obj, key);
  return desc && 'value' in desc ? desc.value : undefined;
}

/** The raw key an alias path maps to in `aliases` (own properties only), if the catalog defines it. */
export function aliasRawKey(aliases: Aliases, path: AliasPath): string | undefined {
  const dot = path.indexOf('.');
  const v = dot < 0 ? ownValue(aliases, path) : ownValue(ownValue(aliases, path.slice(0, dot)), path.slice(dot + 1));
  return typeof v === 'string' ? v : undefined;
}

/** The catalog's own `SearchableAttributes` (none when it is absent or not an array). */
export function searchableAttributes(catalog: Catalog): readonly SearchableAttribute[] {
  const v = ownValue(catalog, 'SearchableAttributes');
  return Array.isArray(v) ? (v as SearchableAttribute[]) : [];
}

// Attribute name -> first declaration, built once per catalog object (catalogs are not meant to
// change once in use; loadCatalog returns frozen ones). A Map, not an object, so that names
// such as `__proto__` are ordinary keys.
const indexes = new WeakMap<Catalog, Map<string, SearchableAttribute>>();

function attributeIndex(catalog: Catalog): Map<string, SearchableAttribute> {
  let index = indexes.get(catalog);
  if (!index) {
    index = new Map();
    for (const a of searchableAttributes(catalog)) if (a && typeof a.Attribute === 'string' && !index.has(a.Attribute)) index.set(a.Attribute, a);
    indexes.set(catalog, index);
  }
  return index;
}

/** Looks up a declared attribute by its exact name (the first declaration, if there are several). */
export function findAttribute(catalog: Catalog, name: string): SearchableAttribute | undefined {
  return attributeIndex(catalog).get(name);
}

/**
 * Resolves a query field: a declared attribute name wins; otherwise an alias path resolves
 * through `Aliases` to a raw key that must itself be declared (docs/semantics.md section 2).
 */
export function resolveField(catalog: Catalog, field: string): FieldResolution {
  try {
    if (typeof catalog !== 'object' || catalog === null) throwBadArgument('resolveField', 'catalog', 'a catalog object', catalog, 'Pass the catalog returned by loadCatalog(json).');
    if (typeof field !== 'string') throwBadArgument('resolveField', 'field', 'a string', field, 'Pass the field name as written in the query.');
    const direct = findAttribute(catalog, field);
    if (direct) return { ok: true, attribute: direct, rawKey: field };
    if (!isAliasPath(field)) return { ok: false, reason: 'unknown-field' };
    const rawKey = aliasRawKey(ownValue(catalog, 'Aliases') as Aliases, field);
    if (rawKey === undefined) return { ok: false, reason: 'alias-undefined', alias: field };
    const target = findAttribute(catalog, rawKey);
    if (!target) return { ok: false, reason: 'alias-not-searchable', alias: field, rawKey };
    return { ok: true, attribute: target, rawKey, alias: field };
  } catch (e) {
    throw argumentError('resolveField', e);
  }
}

/** Every name a query may use as a field in this catalog: declared attributes, then alias paths that resolve. */
export function fieldNames(catalog: Catalog): string[] {
  try {
    if (typeof catalog !== 'object' || catalog === null) throwBadArgument('fieldNames', 'catalog', 'a catalog object', catalog, 'Pass the catalog returned by loadCatalog(json).');
    const names = searchableAttributes(catalog).map((a) => a.Attribute);
    for (const p of ALIAS_PATHS) if (resolveField(catalog, p).ok && !names.includes(p)) names.push(p);
    return names;
  } catch (e) {
    throw argumentError('fieldNames', e);
  }
}
