/** The catalog's searchable attributes as a table: name, type, cardinality, label, alias paths. */
import { ALIAS_PATHS, resolveField, type Catalog } from 'catq';
import { h } from './dom.js';

/** One row per searchable attribute. */
export function renderAttributes(catalog: Catalog): HTMLElement[] {
  const aliases = new Map<string, string[]>();
  for (const path of ALIAS_PATHS) {
    const r = resolveField(catalog, path);
    if (r.ok) aliases.set(r.rawKey, [...(aliases.get(r.rawKey) ?? []), path]);
  }
  const labels = new Map((catalog.UIConfiguration ?? []).map((u) => [u.Key, u.Label]));
  return (catalog.SearchableAttributes ?? []).map((a) =>
    h(
      'tr',
      { 'data-attribute': a.Attribute },
      h('td', {}, h('code', {}, a.Attribute)),
      h('td', {}, a.Type),
      h('td', {}, a.Cardinality),
      h('td', {}, labels.get(a.Attribute) ?? ''),
      h('td', {}, (aliases.get(a.Attribute) ?? []).join(', ')),
    ),
  );
}
