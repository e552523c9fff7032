/**
 * The search row's listed column (SearchLayout.listed): the JSON of the keys the listed form
 * reads, which a page returns instead of the raw item. Property: on generated catalogs and messy
 * items, the listed form made from the column is the listed form made from the stored item.
 * And what it leaves out or refuses: getters (as toListedItem does), values that are not JSON.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCatalog, type Catalog } from '../../../src/catalog/index.js';
import { listedRawKeys, toListedItem } from '../../../src/listing/index.js';
import { layoutRow, searchLayout } from '../../../src/sql/index.js';
import { caseArbWith } from '../../support/case-arbitrary.js';

const catalog = loadCatalog({
  Id: 500,
  Name: 'listed',
  Type: 'Product',
  Aliases: { Id: 'id', Name: 'title', Image: 'img', Brand: { Id: 'brand_id', Name: 'brand' }, Category: { Id: 'cat', Name: 'cat_name', Categories: 'path' } },
  SearchableAttributes: [{ Attribute: 'title', Type: 'Text', Cardinality: 'One' }],
}).catalog as Catalog;
const layout = searchLayout(catalog);

function listedOf(item: unknown): unknown {
  const r = layoutRow(layout, item);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return JSON.parse(r.row[layout.listed.column] as string);
}

describe('the listed column', () => {
  it('holds the listed keys the item has, and no other', () => {
    expect(layout.listed.keys).toEqual(listedRawKeys(catalog));
    const item = { id: 7, title: 'Tent \u{1F3D5}', img: null, brand: 'Acme', path: [1, 'x', { no: 1 }], description: 'x'.repeat(20_000), price: 3 };
    expect(listedOf(item)).toEqual({ id: 7, title: 'Tent \u{1F3D5}', img: null, brand: 'Acme', path: [1, 'x', { no: 1 }] });
    expect(listedOf({ title: 'no id' })).toEqual({ title: 'no id' });
  });

  it('leaves out a getter (toListedItem never calls one) and keeps strings PostgreSQL text cannot hold, escaped', () => {
    const item = { id: 'a\u0000b', brand: '\uD800' };
    Object.defineProperty(item, 'title', { enumerable: true, get: () => 'from a getter' });
    const r = layoutRow(layout, item);
    // The id itself cannot be held by the id's sort key column: the row is refused for that, not for the listed column.
    expect(r.ok).toBe(false);
    const listed = { id: 8, brand: '\uD800' };
    Object.defineProperty(listed, 'title', { enumerable: true, get: () => 'from a getter' });
    const row = layoutRow(layout, listed);
    expect(row.ok).toBe(true);
    const text = (row as { row: Record<string, unknown> }).row[layout.listed.column] as string;
    expect(text).toBe('{"id":8,"brand":"\\ud800"}');
    expect(toListedItem(JSON.parse(text), catalog)).toEqual(toListedItem(listed, catalog));
  });

  it('refuses, naming the key, a listed value that is not JSON (a BigInt)', () => {
    const r = layoutRow(layout, { id: 9, brand: 10n });
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.problems).toEqual([{ field: 'brand', reason: expect.stringMatching(/not JSON/) }]);
  });

  it('property: the listed form from the column is the listed form from the stored item', () => {
    fc.assert(
      fc.property(caseArbWith({ maxItems: 12, maxClauses: 1 }), (c) => {
        const l = searchLayout(c.catalog);
        for (const item of c.items) {
          // What a database holds: the item's JSON text.
          const stored = JSON.parse(JSON.stringify(item)) as unknown;
          const r = layoutRow(l, stored);
          if (!r.ok) continue; // a string PostgreSQL cannot hold in a searched column: not stored at all
          const fromColumn = JSON.parse(r.row[l.listed.column] as string) as unknown;
          expect(toListedItem(fromColumn, c.catalog, { networkId: 3 })).toEqual(toListedItem(stored, c.catalog, { networkId: 3 }));
        }
      }),
      { seed: 0x11573d, numRuns: 300 },
    );
  });
});
