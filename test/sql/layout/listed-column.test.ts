/**
 * The search row's listed column (SearchLayout.listed): the item's listed form as JSON text,
 * which a page sends instead of reading the raw item. Property: on generated catalogs and messy
 * items, the column is the listed form of the stored item, and with other `Uri` numbers
 * (withUriPrefix) it is the listed form of those numbers. And what it leaves out: getters (as
 * toListedItem does), values of the wrong type.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCatalog, type Catalog } from '../../../src/catalog/index.js';
import { listedRawKeys, toListedItem } from '../../../src/listing/index.js';
import { listedUriPrefix, withUriPrefix } from '../../../src/listing/listed-item.js';
import type { Query } from '../../../src/ast/index.js';
import { layoutListSql, layoutPage, layoutPageJson, layoutRow, searchLayout } from '../../../src/sql/index.js';
import { caseArbWith } from '../../support/case-arbitrary.js';
import { propertySeed, propertyRuns } from '../../support/property-runs.js';

const catalog = loadCatalog({
  Id: 500,
  Name: 'listed',
  Type: 'Product',
  Aliases: { Id: 'id', Name: 'title', Image: 'img', Brand: { Id: 'brand_id', Name: 'brand' }, Category: { Id: 'cat', Name: 'cat_name', Categories: 'path' } },
  SearchableAttributes: [{ Attribute: 'title', Type: 'Text', Cardinality: 'One' }],
}).catalog as Catalog;
const layout = searchLayout(catalog);

function columnOf(item: unknown): string {
  const r = layoutRow(layout, item);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.row[layout.listed.column] as string;
}

describe('the listed column', () => {
  it('holds the listed form of the item (null for an item without an id)', () => {
    expect(layout.listed.keys).toEqual(listedRawKeys(catalog));
    const item = { id: 7, title: 'Tent \u{1F3D5}', img: null, brand: 'Acme', path: [1, 'x', { no: 1 }], description: 'x'.repeat(20_000), price: 3 };
    expect(columnOf(item)).toBe('{"Id":7,"Type":"Primary","Uri":"itemdb://0/500/7","Name":"Tent \u{1F3D5}","Brand":{"Name":"Acme"},"Category":{"Categories":[1,"x"]}}');
    expect(JSON.parse(columnOf(item))).toEqual(toListedItem(item, catalog));
    expect(columnOf({ title: 'no id' })).toBe('null');
  });

  it('calls no getter, reads a BigInt as no value, and escapes what PostgreSQL text cannot hold', () => {
    const item = { id: 'a\u0000b', brand: '\uD800' };
    Object.defineProperty(item, 'title', { enumerable: true, get: () => 'from a getter' });
    // The id itself cannot be held by the id's sort key column: the row is refused for that, not for the listed column.
    expect(layoutRow(layout, item).ok).toBe(false);
    const listed = { id: 8, brand: '\uD800', brand_id: 10n };
    Object.defineProperty(listed, 'title', { enumerable: true, get: () => 'from a getter' });
    const text = columnOf(listed);
    expect(text).toBe('{"Id":8,"Type":"Primary","Uri":"itemdb://0/500/8","Name":"8","Brand":{"Name":"\\ud800"}}');
    expect(JSON.parse(text)).toEqual(toListedItem(listed, catalog));
  });

  it('is named for what the listed form depends on: Aliases and the catalog Id, not the attributes', () => {
    const other = (patch: Record<string, unknown>): string => searchLayout(loadCatalog({ ...catalog, ...patch }).catalog as Catalog).listed.column;
    expect(other({ SearchableAttributes: [] })).toBe(layout.listed.column);
    expect(other({ Id: 501 })).not.toBe(layout.listed.column);
    // The same raw keys in other roles: the brand's id read as its name.
    expect(other({ Aliases: { ...catalog.Aliases, Brand: { Id: 'brand', Name: 'brand_id' } } })).not.toBe(layout.listed.column);
  });

  it('a page refuses, naming the row, a row that does not hold a listed form (nothing is spliced into the page)', () => {
    const list = layoutListSql({ kind: 'query', clauses: [] } as Query, layout, { limit: 5 }, { table: 'search', rawTable: 'raw', listedOnly: true });
    const good = { catq_listed: columnOf({ id: 1, title: 'Tent' }) };
    expect(JSON.parse(layoutPageJson(list, [good], false)).Items).toEqual([toListedItem({ id: 1, title: 'Tent' }, catalog)]);
    for (const bad of [{ catq_listed: '"injected"' }, { catq_listed: 'null' }, { catq_listed: null, catq_raw_listed: '{not json' }, { catq_listed: null, catq_raw_listed: '{"title":"no id"}' }]) {
      for (const f of [layoutPage, layoutPageJson]) {
        let thrown: unknown;
        try {
          f(list, [good, bad], false, { networkId: 3 });
        } catch (e) {
          thrown = e;
        }
        expect((thrown as { diagnostics?: { code: string; data: { name: string } }[] }).diagnostics?.map((d) => [d.code, d.data.name])).toEqual([['api/bad-argument', 'rows[1]']]);
      }
    }
  });

  it('with listedFilled, a row whose listed column is NULL is refused with its own diagnostic, never listed', () => {
    const list = layoutListSql({ kind: 'query', clauses: [] } as Query, layout, { limit: 5 }, { table: 'search', rawTable: 'raw', listedOnly: true, listedFilled: true });
    expect(list.sql).not.toContain('catq_raw_listed');
    const good = { catq_listed: columnOf({ id: 1, title: 'Tent' }) };
    for (const f of [layoutPage, layoutPageJson]) {
      let thrown: unknown;
      try {
        f(list, [good, { catq_listed: null }], false);
      } catch (e) {
        thrown = e;
      }
      expect((thrown as { diagnostics?: { code: string; data: { option: string } }[] }).diagnostics?.map((d) => [d.code, d.data.option])).toEqual([['sql/bad-option', 'listedFilled']]);
    }
    // Without it, such a row's listed keys come from the raw table (catq_raw_listed).
    expect(layoutListSql({ kind: 'query', clauses: [] } as Query, layout, { limit: 5 }, { table: 'search', rawTable: 'raw', listedOnly: true }).sql).toContain('catq_raw_listed');
  });

  it('property: the column is the listed form of the stored item, for any Uri numbers', () => {
    fc.assert(
      fc.property(caseArbWith({ maxItems: 12, maxClauses: 1 }), fc.integer({ min: 0, max: 2 ** 31 }), fc.option(fc.integer({ min: 0, max: 2 ** 31 }), { nil: undefined }), (c, networkId, tableId) => {
        const l = searchLayout(c.catalog);
        const numbers = tableId === undefined ? { networkId } : { networkId, tableId };
        for (const item of c.items) {
          // What a database holds: the item's JSON text.
          const stored = JSON.parse(JSON.stringify(item)) as unknown;
          const r = layoutRow(l, stored);
          if (!r.ok) continue; // a string PostgreSQL cannot hold in a searched column: not stored at all
          const text = r.row[l.listed.column] as string;
          const form = toListedItem(stored, c.catalog);
          expect(text).toBe(form === undefined ? 'null' : JSON.stringify(form));
          if (form === undefined) continue;
          const moved = withUriPrefix(text, listedUriPrefix(c.catalog), listedUriPrefix(c.catalog, numbers));
          expect(moved).toBe(JSON.stringify(toListedItem(stored, c.catalog, numbers)));
        }
      }),
      { seed: propertySeed(0x11573d), numRuns: propertyRuns(300) },
    );
  });
});
