import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { query } from '../../src/ast/index.js';
import type { Catalog } from '../../src/catalog/index.js';
import { buildPage, COMPARISONS, pageOf, type Listing } from '../../src/listing/index.js';
import { StreamPage } from '../../src/cli/stream-page.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

// The CLI pages a stream in O(limit) memory; it must give exactly the page the in-memory
// reference (pageOf) gives, NextQuery and PrevQuery included.
const catalog: Catalog = { Id: 100, Name: 'c', Type: 'Product', Aliases: { Id: 'id', Name: 'name' }, SearchableAttributes: [] };

const nastyId = fc.oneof(
  fc.integer({ min: -50, max: 50 }),
  fc.constantFrom(0, -0, 1e308, -1e308, 5e-324, 1.5, 2 ** 53),
  fc.string({ unit: 'grapheme', maxLength: 4 }),
  fc.constantFrom('__proto__', 'constructor', '😀', 'é', 'Z', 'a', '10', ''),
);
const item = fc.oneof(
  { weight: 8, arbitrary: nastyId.map((id) => ({ id, name: 'x' })) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, 5, 'str', [1], { name: 'no id' }, { id: null }, { id: true }, { id: [1] }) },
);
// Ids are assumed unique (docs/semantics.md section 6): keep the first item of each id.
const items = fc.array(item, { maxLength: 60 }).map((list) => {
  const seen = new Set<string>();
  return list.filter((i) => {
    const id = (i as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' && typeof id !== 'number') return true;
    const key = typeof id + ':' + String(Object.is(id, -0) ? 0 : id);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
});
const listing = fc.record({
  limit: fc.integer({ min: 1, max: 12 }),
  boundary: fc.option(nastyId, { nil: undefined }),
  comparison: fc.constantFrom(...COMPARISONS),
});

describe('StreamPage', () => {
  it('equals the in-memory page for any items, boundary, comparison and limit', () => {
    fc.assert(
      fc.property(items, listing, (list, l) => {
        const lst: Listing =
          l.boundary === undefined
            ? { query: query([]), limit: l.limit, order: 'asc' }
            : { query: query([]), limit: l.limit, order: 'asc', boundary: l.boundary, comparison: l.comparison };
        const page = new StreamPage(lst, catalog);
        for (const it of list) page.offer(it, JSON.stringify(it));
        const { entries, sides } = page.result();
        expect(buildPage(lst, entries.map((e) => e.item), sides, catalog)).toEqual(pageOf(lst, list, catalog));
      }),
      { seed: propertySeed(0x5eed0007), numRuns: propertyRuns(400) },
    );
  });
});
