/**
 * Distinct values of an attribute in a sample of raw items, most frequent first: what
 * completion proposes for a field whose catalog lists no `AllowedValues`.
 */
import type { SearchableAttribute } from '../catalog/index.js';

/** One distinct value seen in the sample, with how many items hold it. */
export interface SampleValue {
  readonly value: string | number | boolean;
  readonly count: number;
}

// Per items array: key `rawKey \0 type \0 cardinality` -> every distinct value, sorted. Items
// arrays are treated as immutable once passed (like catalogs), so the index is built once.
const cache = new WeakMap<readonly unknown[], Map<string, { values: SampleValue[]; items: number }>>();

/**
 * The distinct values of `rawKey` in `items` that an attribute of this declaration can match
 * (docs/semantics.md section 3: a value of another type can never match, so it is not proposed),
 * most frequent first, ties in order of first appearance. Elements of arrays count one by one
 * for cardinality `Many` and for `Array` attributes. Text attributes give none (their values are
 * prose, not something to type in full), nor do Object attributes.
 */
export function sampleValues(items: readonly unknown[], rawKey: string, attribute: SearchableAttribute): { values: readonly SampleValue[]; items: number } {
  let byKey = cache.get(items);
  if (!byKey) {
    byKey = new Map();
    cache.set(items, byKey);
  }
  const key = `${rawKey}\u0000${attribute.Type}\u0000${attribute.Cardinality}`;
  let entry = byKey.get(key);
  if (!entry) {
    entry = collect(items, rawKey, attribute);
    byKey.set(key, entry);
  }
  return entry;
}

function collect(items: readonly unknown[], rawKey: string, a: SearchableAttribute): { values: SampleValue[]; items: number } {
  const counts = new Map<string, { value: string | number | boolean; count: number; first: number }>();
  if (a.Type === 'Text' || a.Type === 'Object') return { values: [], items: items.length };
  let order = 0;
  for (const item of items) {
    if (item === null || typeof item !== 'object' || Array.isArray(item) || !Object.hasOwn(item, rawKey)) continue;
    const raw = (item as Record<string, unknown>)[rawKey];
    const spread = Array.isArray(raw) && (a.Cardinality === 'Many' || a.Type === 'Array');
    const seenHere = new Set<string>();
    for (const v of spread ? (raw as unknown[]) : [raw]) {
      if (!fits(v, a)) continue;
      const k = typeof v + ':' + String(v);
      if (seenHere.has(k)) continue;
      seenHere.add(k);
      const c = counts.get(k);
      if (c) c.count++;
      else counts.set(k, { value: v as string | number | boolean, count: 1, first: order++ });
    }
  }
  const values = [...counts.values()].sort((x, y) => y.count - x.count || x.first - y.first).map(({ value, count }) => ({ value, count }));
  return { values, items: items.length };
}

/** Whether a raw value is one an attribute of this type can match. */
function fits(v: unknown, a: SearchableAttribute): boolean {
  switch (a.Type) {
    case 'Number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'String':
      return typeof v === 'string';
    case 'Referenced':
      return typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
    case 'Boolean':
      return typeof v === 'boolean';
    case 'Array':
      // `=` and `one-of` on an Array attribute take scalar values (element equality).
      return typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
    default:
      return false;
  }
}
