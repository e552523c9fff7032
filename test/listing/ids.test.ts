import { describe, expect, it } from 'vitest';
import { compareIds, itemId, toListedItem, itemUri } from '../../src/listing/index.js';
import type { Catalog } from '../../src/catalog/index.js';

const catalog: Catalog = {
  Id: 123,
  Name: 'c',
  Type: 'Product',
  Aliases: { Id: 'sku', Name: 'title', Image: 'img', Brand: { Id: 'bid', Name: 'bname' }, Category: { Id: 'cid', Name: 'cname', Categories: 'cats' } },
};

describe('item ids', () => {
  it('orders numbers numerically before strings by code point', () => {
    const ids = ['b', '\u{1F600}', '\uFFFD', 10, -1, 2, 'B', '', 1e21, -0];
    const sorted = [...ids].sort(compareIds);
    expect(sorted).toEqual([-1, -0, 2, 10, 1e21, '', 'B', 'b', '\uFFFD', '\u{1F600}']);
    expect(compareIds(0, -0)).toBe(0);
  });

  it('reads the id through Aliases.Id, own properties only', () => {
    expect(itemId({ sku: 5 }, catalog)).toBe(5);
    expect(itemId({ sku: 'x' }, catalog)).toBe('x');
    for (const bad of [null, 5, [], { sku: null }, { sku: true }, { sku: [1] }, { sku: NaN }, { id: 1 }, Object.create({ sku: 1 })]) {
      expect(itemId(bad, catalog)).toBeUndefined();
    }
  });
});

describe('toListedItem', () => {
  it('builds the listed form through Aliases, omitting absent or ill-typed parts', () => {
    const item = { sku: 'a/b', title: 'Shoe', img: 'http://x', bid: 7, bname: 5, cats: [1, 'two', null, [3]], other: 1 };
    expect(toListedItem(item, catalog)).toEqual({
      Id: 'a/b',
      Type: 'Primary',
      Uri: 'itemdb://0/123/a%2Fb',
      Name: 'Shoe',
      Brand: { Id: 7 },
      Category: { Categories: [1, 'two'] },
      Image: 'http://x',
    });
    expect(toListedItem({ sku: 1 }, catalog)).toEqual({ Id: 1, Type: 'Primary', Uri: 'itemdb://0/123/1', Name: '1' });
    expect(toListedItem({ title: 'no id' }, catalog)).toBeUndefined();
    expect(itemUri(5, catalog, { networkId: 9, tableId: 42 })).toBe('itemdb://9/42/5');
  });

  it('Name is required by the interface: the id as text when absent, and at most 100 code points', () => {
    const long = '😀'.repeat(99) + 'éx' + 'y'.repeat(10);
    const listed = toListedItem({ sku: 'n', title: long, bname: long }, catalog);
    expect(listed?.Name).toBe('😀'.repeat(99) + 'é');
    expect(Array.from(listed?.Name ?? '')).toHaveLength(100);
    expect(listed?.Brand?.Name).toBe('😀'.repeat(99) + 'é');
    expect(toListedItem({ sku: 'n', title: 'x'.repeat(100) }, catalog)?.Name).toBe('x'.repeat(100));
    expect(toListedItem({ sku: 12.5, title: null }, catalog)?.Name).toBe('12.5');
  });
});
