/**
 * The evaluator's conformance table (expected ids written by hand from docs/semantics.md) run through
 * toMongo on mingo: every row must select exactly the expected ids, with the items as whole
 * documents and with the items under a `data` prefix (where non-object items also occur).
 *
 * Two runs per row: plain mingo, and mingo under MongoDB's string order (code point order, via
 * the order-isomorphic rewrite of mingo-harness.ts) for rows without text patterns. Plain mingo
 * orders strings by UTF-16 code unit, so rows that order strings may differ there, and only
 * there (a documented mingo difference).
 */
import { describe, expect, it } from 'vitest';
import { compareIds } from '../../src/listing/index.js';
import { toMongo } from '../../src/mongo/index.js';
import { CONFORMANCE_CATALOG, CONFORMANCE_ITEMS, CONFORMANCE_ROWS, IDLESS_ITEMS } from '../fixtures/conformance.js';
import { hasTextPattern, idsOf, imageOfFilter, imageOfValue, mingoMatches, ordersStrings, prefixedDocs, toDocumentValue, wireQuery } from './mingo-harness.js';

const catalog = CONFORMANCE_CATALOG;
const objectItems = [...CONFORMANCE_ITEMS, ...IDLESS_ITEMS.filter((i) => i !== null && typeof i === 'object' && !Array.isArray(i))];
const allItems = [...CONFORMANCE_ITEMS, ...IDLESS_ITEMS];

const setups = [
  { name: 'documents are items', items: objectItems, docs: objectItems.map((d) => toDocumentValue(d)), options: {} },
  { name: 'items under "data"', items: allItems, docs: prefixedDocs(allItems), options: { prefix: 'data' } },
] as const;

describe('conformance table on mingo', () => {
  for (const row of CONFORMANCE_ROWS) {
    for (const s of setups) {
      it(`${row.name} (${s.name})`, () => {
        const q = wireQuery(row.query);
        const filter = toMongo(q, catalog, s.options);
        const ids = (filter2: Parameters<typeof mingoMatches>[0], docs: readonly unknown[]) =>
          idsOf(s.items, mingoMatches(filter2, docs), catalog, compareIds);
        if (!hasTextPattern(filter)) {
          expect(ids(imageOfFilter(filter) as typeof filter, s.docs.map(imageOfValue)), 'MongoDB string order').toEqual(row.expectedIds);
        }
        if (!ordersStrings(q)) expect(ids(filter, s.docs), 'plain mingo').toEqual(row.expectedIds);
      });
    }
  }

  it('plain mingo differs only on string order rows, and does differ on some (the trap is exercised)', () => {
    let differing = 0;
    for (const row of CONFORMANCE_ROWS) {
      const q = wireQuery(row.query);
      const got = idsOf(objectItems, mingoMatches(toMongo(q, catalog), objectItems.map((d) => toDocumentValue(d))), catalog, compareIds);
      if (JSON.stringify(got) !== JSON.stringify(row.expectedIds)) {
        expect(ordersStrings(q), row.name).toBe(true);
        differing++;
      }
    }
    expect(differing).toBeGreaterThan(0);
  });

  it('filters are plain JSON (round-trip through JSON.stringify unchanged)', () => {
    for (const row of CONFORMANCE_ROWS) {
      const filter = toMongo(wireQuery(row.query), catalog, { prefix: 'data' });
      expect(JSON.parse(JSON.stringify(filter))).toEqual(filter);
    }
  });
});
