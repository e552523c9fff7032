/**
 * `listedRawKeys` names every raw key the listed form reads: an item cut down to those keys has
 * the same listed form as the whole item (what the search layout's `listedOnly` pages rely on).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listedRawKeys, toListedItem } from '../../src/listing/index.js';
import { catalogArb } from '../support/catalog-arbitrary.js';
import { itemsArb, rawValueArb } from '../support/item-arbitrary.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

describe('listedRawKeys', () => {
  it('an item cut to the listed keys lists as the whole item', () => {
    const cases = catalogArb.chain((catalog) => {
      const a = catalog.Aliases;
      const aliased = [a.Id, a.Name, a.Image, a.Brand?.Id, a.Brand?.Name, a.Category?.Id, a.Category?.Name, a.Category?.Categories, a.Merchant?.Id, a.Merchant?.Name];
      const keys = [...new Set([...aliased.filter((k): k is string => typeof k === 'string'), 'description', 'other'])];
      return fc.tuple(fc.constant(catalog), itemsArb(a.Id, keys, { maxLength: 6 }), fc.array(rawValueArb, { maxLength: 3 }));
    });
    fc.assert(
      fc.property(cases, ([catalog, items, categories]) => {
        const keys = listedRawKeys(catalog);
        expect(new Set(keys).size).toBe(keys.length);
        for (const item of items) {
          const cat = catalog.Aliases.Category?.Categories;
          if (cat !== undefined && cat !== catalog.Aliases.Id) item[cat] = categories;
          const cut = Object.fromEntries(Object.entries(item).filter(([k]) => keys.includes(k)));
          expect(toListedItem(cut, catalog)).toEqual(toListedItem(item, catalog));
        }
      }),
      { seed: propertySeed(0x5eed4e75), numRuns: propertyRuns(300) },
    );
  });

  it('names the aliases in order, each once, and nothing else', () => {
    const catalog = {
      Id: 100,
      Name: 'c',
      Type: 'Product' as const,
      Aliases: { Id: 'id', Name: 'title', Brand: { Id: 'brand_id', Name: 'brand' }, Category: { Id: 'cat', Name: 'title', Categories: 'path' }, Image: 'img', Product: { Id: 'p', Name: 'pn' } },
    };
    expect(listedRawKeys(catalog)).toEqual(['id', 'title', 'brand_id', 'brand', 'cat', 'path', 'img']);
  });
});
