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

  it('writes a lone surrogate of an id as U+FFFD in the Uri, with or without String.prototype.toWellFormed', () => {
    const ids = ['a\udc00b', '\ud800', 'x\ud83d', '😀\udfff', 'ok😀'];
    const expected = ['a%EF%BF%BDb', '%EF%BF%BD', 'x%EF%BF%BD', '%F0%9F%98%80%EF%BF%BD', 'ok%F0%9F%98%80'].map((e) => `itemdb://0/123/${e}`);
    expect(ids.map((id) => itemUri(id, catalog))).toEqual(expected);
    const proto = String.prototype as { toWellFormed?: unknown };
    const native = proto.toWellFormed;
    delete proto.toWellFormed; // an older runtime: the regular expression does it
    try {
      expect(ids.map((id) => itemUri(id, catalog))).toEqual(expected);
      expect(toListedItem({ sku: ids[0] }, catalog)?.Uri).toBe(expected[0]);
    } finally {
      proto.toWellFormed = native;
    }
  });

  it('builds the category from its Id, Name and Categories keys alone or together', () => {
    const cat = catalog;
    expect(toListedItem({ sku: 1, cid: 4 }, cat)?.Category).toEqual({ Id: 4 });
    expect(toListedItem({ sku: 1, cname: 'Shoes', cats: [] }, cat)?.Category).toEqual({ Name: 'Shoes', Categories: [] });
    expect(toListedItem({ sku: 1, cid: 'c', cname: 'S', cats: [2, 'x', {}] }, cat)?.Category).toEqual({ Id: 'c', Name: 'S', Categories: [2, 'x'] });
    expect(Object.keys(toListedItem({ sku: 1, cid: 'c', cname: 'S', cats: [2] }, cat)?.Category ?? {})).toEqual(['Id', 'Name', 'Categories']);
    expect(toListedItem({ sku: 1, cats: 'not a list' }, cat)?.Category).toBeUndefined();
    expect(toListedItem({ sku: 1, get cid() { throw new Error('a getter is never called'); } }, cat)?.Category).toBeUndefined();
  });
});
