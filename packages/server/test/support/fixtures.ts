/** The catalogs of the black-box suite: every item kind's source (Primary, ItemFields, Referenced, absent). */
export const PRODUCTS = {
  Id: 500,
  Name: 'Test products',
  Type: 'Product',
  Aliases: {
    Id: 'id',
    Name: 'title',
    Image: 'img',
    Brand: { Id: 'brand_id', Name: 'brand' },
    Category: { Id: 'cat_id', Name: 'cat', Categories: 'cat_path' },
    Merchant: { Id: 'm_id', Name: 'm' },
    Product: { Id: 'sku', Name: 'title' },
  },
  SearchableAttributes: [
    { Attribute: 'id', Type: 'Referenced', ReferenceId: 500, Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'tags', Type: 'String', Cardinality: 'Many' },
    { Attribute: 'in_stock', Type: 'Boolean', Cardinality: 'One' },
    { Attribute: 'sizes', Type: 'Array', Cardinality: 'One' },
    { Attribute: 'meta', Type: 'Object', Cardinality: 'One' },
    { Attribute: 'cat_id', Type: 'Referenced', ReferenceId: 600, Cardinality: 'One' },
  ],
  Configuration: { Brands: { Source: 'ItemFields' }, Categories: { Source: 'Referenced', ReferenceId: 600 } },
} as const;

export const CATEGORIES = {
  Id: 600,
  Name: 'Test categories',
  Type: 'Product',
  Aliases: { Id: 'cid', Name: 'cname' },
  SearchableAttributes: [{ Attribute: 'cname', Type: 'String', Cardinality: 'One' }],
} as const;

/** A third catalog that references a catalog nobody loaded. */
export const DANGLING = {
  Id: 700,
  Name: 'Dangling reference',
  Type: 'Product',
  Aliases: { Id: 'id' },
  Configuration: { Merchants: { Source: 'Referenced', ReferenceId: 999 } },
} as const;
