// The shoe catalog and ten realistic queries (percent-encoded wire text) that the decode and
// list-page benchmarks share, so their ratios are measured on the same workload.
export const catalog = {
  Id: 100,
  Name: 'Shoes',
  Type: 'Product',
  Aliases: { Id: 'sku', Name: 'title', Brand: { Id: 'brand_id', Name: 'brand' }, Category: { Id: 'cat_id', Name: 'category', Categories: 'categories' } },
  SearchableAttributes: [
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'description', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'brand_id', Type: 'Referenced', Cardinality: 'One', ReferenceId: 200 },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'sizes', Type: 'Number', Cardinality: 'Many' },
    { Attribute: 'color', Type: 'String', Cardinality: 'Many' },
    { Attribute: 'in_stock', Type: 'Boolean', Cardinality: 'One' },
    { Attribute: 'categories', Type: 'Array', Cardinality: 'One' },
    { Attribute: 'specs', Type: 'Object', Cardinality: 'One' },
    { Attribute: 'sku', Type: 'String', Cardinality: 'One' },
  ],
};

export const queries = [
  [['brand', 'Acme']],
  [['brand', 'Acme'], [['<', 'price'], 100]],
  [[['matches', 'title'], 'red running shoe']],
  [[['one-of', 'color'], ['red', 'blue', 'green', 'black']], [['>=', 'sizes'], 42]],
  [[['present?', 'specs'], true], ['in_stock', true], [['<=', 'price'], 59.99]],
  [[['matches-phrase', 'description'], 'waterproof leather upper'], ['Brand.Name', 'Zoë & Co'], [['>', 'price'], 10]],
  [['Brand.Id', 12345], ['categories', 'Men'], [['one-of', 'sku'], ['A-1', 'A-2', 'A-3', 'B-1', 'B-2', 'B-3', 'C-1', 'C-2']]],
  [[['>=', 'price'], 20], [['<', 'price'], 80], [['matches', 'title'], 'trail'], ['in_stock', true], [['one-of', 'color'], ['grey', 'white']]],
  [[['matches', 'title'], 'chaussure été 😀'], [['present?', 'brand'], false]],
  [['brand', 'Acme "Pro" 100%'], [['<', 'brand'], 'N'], [['one-of', 'sizes'], [38, 39, 40, 41, 42, 43, 44, 45, 46]], [['present?', 'description'], true]],
].map((q) => encodeURIComponent(JSON.stringify(q)));
