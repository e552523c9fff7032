import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/catalog/index.js';

/** A catalog using every part of the format, valid. */
function sample(): Record<string, unknown> {
  return {
    Id: 100,
    Name: 'Shoes',
    Type: 'Product',
    Aliases: {
      Id: 'sku',
      Name: 'title',
      Image: 'img',
      Brand: { Id: 'brand_id', Name: 'brand' },
      Category: { Id: 'cat_id', Name: 'cat', Categories: 'cats' },
      Merchant: { Id: 'm_id', Name: 'm' },
      Product: { Id: 'p_id', Name: 'p' },
    },
    SearchableAttributes: [
      { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
      { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
      { Attribute: 'brand_id', Type: 'Referenced', Cardinality: 'Many', ReferenceId: 200 },
      { Attribute: 'tags', Type: 'Array', Cardinality: 'Many' },
    ],
    UIConfiguration: [
      { Key: 'price', Order: 1, Label: 'Price', FilterByRange: true, DisplayColumn: true },
      { Key: 'brand_id', AllowedValues: [1, 2], HideReferenceIds: false, Typeahead: true },
      { Key: 'tags', AllowedValues: ['a', 'b'], AncestorsKey: 'cats', DisplayFilter: true, FilterByOne: false },
    ],
    Configuration: { Categories: { Source: 'ItemFields' }, Brands: { Source: 'Referenced', ReferenceId: 300 } },
  };
}

/** [code, path] of every diagnostic. */
function found(json: unknown): [string, string | undefined][] {
  const r = loadCatalog(json);
  const errors = r.diagnostics.some((d) => d.severity === 'error');
  expect(r.catalog === undefined).toBe(errors);
  return r.diagnostics.map((d) => [d.code, d.path]);
}

/** The sample with `edit` applied to it. */
function withEdit(edit: (c: Record<string, any>) => void): Record<string, unknown> {
  const c = sample();
  edit(c);
  return c;
}

describe('loadCatalog', () => {
  it('accepts a valid catalog and returns it deep-frozen and equal', () => {
    const r = loadCatalog(sample());
    expect(r.diagnostics).toEqual([]);
    expect(r.catalog).toEqual(sample());
    expect(Object.isFrozen(r.catalog)).toBe(true);
    expect(Object.isFrozen(r.catalog!.Aliases.Brand)).toBe(true);
    expect(Object.isFrozen(r.catalog!.SearchableAttributes![0])).toBe(true);
  });

  it('accepts the minimal catalog', () => {
    expect(found({ Id: 100, Name: '', Type: 'Product', Aliases: { Id: 'id' } })).toEqual([]);
  });

  it('catalog/not-an-object: the catalog and each part that must be an object', () => {
    for (const v of [null, [], 'x', 5, undefined, new Date()]) expect(found(v)).toEqual([['catalog/not-an-object', '']]);
    expect(found(withEdit((c) => (c.Aliases.Brand = ['x'])))).toEqual([['catalog/not-an-object', '/Aliases/Brand']]);
    expect(found(withEdit((c) => (c.SearchableAttributes[1] = 'title')))).toEqual([['catalog/not-an-object', '/SearchableAttributes/1']]);
    expect(found(withEdit((c) => (c.UIConfiguration[0] = null)))).toEqual([['catalog/not-an-object', '/UIConfiguration/0']]);
    expect(found(withEdit((c) => (c.Configuration.Brands = 'Referenced')))).toEqual([['catalog/not-an-object', '/Configuration/Brands']]);
  });

  it('catalog/missing-field: every required field, by path', () => {
    expect(found({})).toEqual([
      ['catalog/missing-field', '/Id'],
      ['catalog/missing-field', '/Name'],
      ['catalog/missing-field', '/Type'],
      ['catalog/missing-field', '/Aliases'],
    ]);
    expect(
      found(
        withEdit((c) => {
          delete c.Aliases.Id;
          delete c.Aliases.Category.Categories;
          delete c.SearchableAttributes[2].ReferenceId;
          delete c.SearchableAttributes[3].Cardinality;
          delete c.Configuration.Brands.ReferenceId;
        }),
      ),
    ).toEqual([
      ['catalog/missing-field', '/Aliases/Id'],
      ['catalog/missing-field', '/Aliases/Category/Categories'],
      ['catalog/missing-field', '/SearchableAttributes/2/ReferenceId'],
      ['catalog/missing-field', '/SearchableAttributes/3/Cardinality'],
      ['catalog/missing-field', '/Configuration/Brands/ReferenceId'],
    ]);
  });

  it('catalog/wrong-type: strings, numbers, booleans, arrays', () => {
    expect(
      found(
        withEdit((c) => {
          c.Id = '100';
          c.Name = 5;
          c.Aliases.Name = null;
          c.SearchableAttributes[0].Attribute = ['price'];
          c.UIConfiguration[0].Order = '1';
          c.UIConfiguration[0].Label = false;
          c.UIConfiguration[0].FilterByRange = 'yes';
          c.Configuration.Brands.ReferenceId = Number.NaN;
        }),
      ),
    ).toEqual([
      ['catalog/wrong-type', '/Id'],
      ['catalog/wrong-type', '/Name'],
      ['catalog/wrong-type', '/Aliases/Name'],
      ['catalog/wrong-type', '/SearchableAttributes/0/Attribute'],
      ['catalog/wrong-type', '/UIConfiguration/0/Label'],
      ['catalog/wrong-type', '/UIConfiguration/0/Order'],
      ['catalog/wrong-type', '/UIConfiguration/0/FilterByRange'],
      ['catalog/wrong-type', '/Configuration/Brands/ReferenceId'],
    ]);
    expect(found(withEdit((c) => (c.SearchableAttributes = {})))).toEqual([['catalog/wrong-type', '/SearchableAttributes']]);
  });

  it('catalog/wrong-type: AllowedValues must be all numbers or all strings', () => {
    expect(
      found(
        withEdit((c) => {
          c.UIConfiguration[1].AllowedValues = [1, 'two', 3];
          c.UIConfiguration[2].AllowedValues = ['a', 2];
          c.UIConfiguration[0].AllowedValues = [true];
        }),
      ),
    ).toEqual([
      ['catalog/wrong-type', '/UIConfiguration/0/AllowedValues/0'],
      ['catalog/wrong-type', '/UIConfiguration/1/AllowedValues/1'],
      ['catalog/wrong-type', '/UIConfiguration/2/AllowedValues/1'],
    ]);
    expect(found(withEdit((c) => (c.UIConfiguration[1].AllowedValues = 'a')))).toEqual([['catalog/wrong-type', '/UIConfiguration/1/AllowedValues']]);
    expect(found(withEdit((c) => (c.UIConfiguration[1].AllowedValues = [])))).toEqual([]);
  });

  it('catalog/bad-value: Type, attribute Type and Cardinality, Source', () => {
    expect(
      found(
        withEdit((c) => {
          c.Type = 'product';
          c.SearchableAttributes[0].Type = 'Integer';
          c.SearchableAttributes[3].Cardinality = 'Few';
          c.SearchableAttributes[2].Cardinality = 'one';
          c.Configuration.Categories.Source = 'Items';
        }),
      ),
    ).toEqual([
      ['catalog/bad-value', '/Type'],
      ['catalog/bad-value', '/SearchableAttributes/0/Type'],
      ['catalog/bad-value', '/SearchableAttributes/2/Cardinality'],
      ['catalog/bad-value', '/SearchableAttributes/3/Cardinality'],
      ['catalog/bad-value', '/Configuration/Categories/Source'],
    ]);
  });

  it('catalog/too-long: counts code points against 100 and 50', () => {
    expect(found(withEdit((c) => (c.Name = '😀'.repeat(100))))).toEqual([]);
    expect(
      found(
        withEdit((c) => {
          c.Name = 'n'.repeat(101);
          c.Aliases.Id = 'a'.repeat(51);
          c.Aliases.Product.Name = 'é'.repeat(51);
          c.SearchableAttributes[0].Attribute = 'p'.repeat(51);
          c.UIConfiguration[0].Key = 'k'.repeat(51);
        }),
      ),
    ).toEqual([
      ['catalog/too-long', '/Name'],
      ['catalog/too-long', '/Aliases/Id'],
      ['catalog/too-long', '/Aliases/Product/Name'],
      ['catalog/too-long', '/SearchableAttributes/0/Attribute'],
      ['catalog/too-long', '/UIConfiguration/0/Key'],
    ]);
    expect(found(withEdit((c) => (c.Aliases.Id = 'a'.repeat(50))))).toEqual([]);
  });

  it('catalog/out-of-range: Id and ReferenceId at least 100', () => {
    expect(
      found(
        withEdit((c) => {
          c.Id = 99;
          c.SearchableAttributes[2].ReferenceId = 99.5;
          c.Configuration.Brands.ReferenceId = -1;
        }),
      ),
    ).toEqual([
      ['catalog/out-of-range', '/Id'],
      ['catalog/out-of-range', '/SearchableAttributes/2/ReferenceId'],
      ['catalog/out-of-range', '/Configuration/Brands/ReferenceId'],
    ]);
  });

  it('catalog/text-cardinality: a Text attribute with any Cardinality but One', () => {
    for (const bad of ['Many', 'one', 5]) {
      expect(found(withEdit((c) => (c.SearchableAttributes[1].Cardinality = bad)))).toEqual([['catalog/text-cardinality', '/SearchableAttributes/1/Cardinality']]);
    }
    expect(found(withEdit((c) => delete c.SearchableAttributes[1].Cardinality))).toEqual([['catalog/missing-field', '/SearchableAttributes/1/Cardinality']]);
  });

  it('catalog/duplicate-attribute: each later declaration, pointing back at the first', () => {
    const c = withEdit((x) => x.SearchableAttributes.push({ Attribute: 'price', Type: 'String', Cardinality: 'One' }, { Attribute: 'price', Type: 'Boolean', Cardinality: 'Many' }));
    expect(found(c)).toEqual([
      ['catalog/duplicate-attribute', '/SearchableAttributes/4/Attribute'],
      ['catalog/duplicate-attribute', '/SearchableAttributes/5/Attribute'],
    ]);
    expect(loadCatalog(c).diagnostics[0]?.related?.[0]?.path).toBe('/SearchableAttributes/0/Attribute');
  });

  it('catalog/unknown-key: a warning, and the key is left out of the catalog', () => {
    const json = withEdit((c) => {
      c.Extra = 1;
      Object.defineProperty(c.Aliases, '__proto__', { value: 'x', enumerable: true });
      c.SearchableAttributes[0].ReferenceId = 100;
      c.Configuration.Categories.ReferenceId = 100;
      c.UIConfiguration[0]['a/b~c'] = true;
    });
    expect(found(json)).toEqual([
      ['catalog/unknown-key', '/Extra'],
      ['catalog/unknown-key', '/Aliases/__proto__'],
      ['catalog/unknown-key', '/SearchableAttributes/0/ReferenceId'],
      ['catalog/unknown-key', '/UIConfiguration/0/a~1b~0c'],
      ['catalog/unknown-key', '/Configuration/Categories/ReferenceId'],
    ]);
    const r = loadCatalog(json);
    expect(r.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
    expect(r.catalog).toEqual(sample());
  });

  it('never throws on a getter or proxy that throws', () => {
    const trap = new Proxy({}, { ownKeys: () => { throw new Error('no'); }, getPrototypeOf: () => Object.prototype });
    expect(found(trap)).toEqual([['catalog/not-an-object', '']]);
  });

  it('reports all problems of a badly broken catalog at once', () => {
    const codes = found({ Id: 1, Name: 2, Type: 3, Aliases: {}, SearchableAttributes: [{}, 1], UIConfiguration: 'x', Configuration: [] }).map((c) => c[0]);
    expect(codes).toEqual([
      'catalog/out-of-range',
      'catalog/wrong-type',
      'catalog/bad-value',
      'catalog/missing-field',
      'catalog/missing-field',
      'catalog/missing-field',
      'catalog/missing-field',
      'catalog/not-an-object',
      'catalog/wrong-type',
      'catalog/not-an-object',
    ]);
  });
});
