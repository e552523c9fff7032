/**
 * Generated catalogs, items and queries for the black-box comparisons with the evaluator (the
 * shared generators of the library's own property tests, with fixed seeds).
 */
import fc from 'fast-check';
import type { Catalog, Query } from 'catq';
import { catalogArb } from '../../../../test/support/catalog-arbitrary.js';
import { queryArb } from '../../../../test/support/case-arbitrary.js';
import { itemsArb } from '../../../../test/support/item-arbitrary.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What PostgreSQL's jsonb can hold (the service answers 400 for the rest, tested elsewhere). */
export function storable(item: unknown): boolean {
  const text = JSON.stringify(item);
  return !text.includes('\\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * A string id that is the text of a number cannot travel in a URL as itself: `boundary-id=5`
 * means the number 5 (docs/server.md). Such items are left out of page walks.
 */
export function walkableId(item: Record<string, unknown>, catalog: Catalog): boolean {
  const id = item[catalog.Aliases.Id];
  if (typeof id !== 'string') return true;
  const n = Number(id);
  return !(id !== '' && Number.isFinite(n) && String(n) === id);
}

/** A generated case: a catalog (with a fixed Id), its storable items, some valid queries. */
export interface GeneratedCase {
  readonly catalog: Catalog;
  readonly items: Record<string, unknown>[];
  readonly queries: Query[];
}

export function generatedCases(seed: number, count: number, ids: readonly number[], queries: number): GeneratedCase[] {
  const catalogs = fc.sample(catalogArb, { seed, numRuns: count });
  return catalogs.map((c, k) => {
    const catalog = { ...c, Id: ids[k] as number } as Catalog;
    const keys = (catalog.SearchableAttributes ?? []).map((a) => a.Attribute);
    const [items] = fc.sample(itemsArb(catalog.Aliases.Id, keys, { minLength: 60, maxLength: 90 }), { seed: seed + k, numRuns: 1 });
    const qs = fc.sample(queryArb(catalog, 3, 1), { seed: seed * 7 + k, numRuns: queries });
    return { catalog, items: (items ?? []).filter((it) => storable(it) && walkableId(it, catalog)), queries: qs };
  });
}
