/** A small catalog for the lint and completion tests. */
import type { Catalog } from '../../src/catalog/index.js';

export const catalog: Catalog = {
  Id: 100,
  Name: 'Shoes',
  Type: 'Product',
  Aliases: { Id: 'id', Name: 'title', Brand: { Id: 'brand_id', Name: 'brand' } },
  SearchableAttributes: [
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'in_stock', Type: 'Boolean', Cardinality: 'One' },
    { Attribute: 'color', Type: 'String', Cardinality: 'Many' },
    { Attribute: 'size (EU)', Type: 'Number', Cardinality: 'Many' },
    { Attribute: 'specs', Type: 'Object', Cardinality: 'One' },
  ],
  UIConfiguration: [
    { Key: 'color', AllowedValues: ['red', 'blue'], Label: 'Colour' },
    { Key: 'size (EU)', AllowedValues: [40, 41] },
  ],
};
