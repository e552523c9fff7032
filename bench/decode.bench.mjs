// Decoding `q`: catq's decode (percent-decoding, JSON with exact spans, the wire shape) and
// decode + validate, against the floor JSON.parse(decodeURIComponent(q)) on ten realistic
// queries. Goal (issue 2): decode plus validate within 3x of the floor.
// Usage: npm run bench decode, or CATQ_DIST=$PWD/.build/<name>/ node bench/decode.bench.mjs
import { compare, distUrl } from './lib.mjs';

const dist = distUrl();
const catq = await import(new URL('index.js', dist).href);

const catalog = {
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

const queries = [
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

const loaded = catq.loadCatalog(catalog);
if (!loaded.catalog) throw new Error(`bench catalog is invalid: ${JSON.stringify(loaded.diagnostics)}`);
const checked = loaded.catalog;

// Sanity: every query decodes, and validates without errors.
for (const q of queries) {
  const r = catq.decode(q);
  if (!r.query) throw new Error(`does not decode: ${q}: ${JSON.stringify(r.diagnostics)}`);
  if (typeof catq.validate === 'function') {
    const errors = catq.validate(r.query, checked).filter((d) => d.severity === 'error');
    if (errors.length) throw new Error(`does not validate: ${decodeURIComponent(q)}: ${errors.map((d) => d.code)}`);
  }
}

let sink = 0;
const tasks = {
  'floor: JSON.parse(decodeURIComponent(q))': () => {
    for (const q of queries) sink += JSON.parse(decodeURIComponent(q)).length;
  },
  'catq decode(q)': () => {
    for (const q of queries) sink += catq.decode(q).query.clauses.length;
  },
};
if (typeof catq.validate === 'function') {
  tasks['catq decode(q) + validate'] = () => {
    for (const q of queries) sink += catq.validate(catq.decode(q).query, checked).length;
  };
} else console.log('validate is not exported yet: decode alone is measured');

await compare('decode: 10 percent-encoded queries per call', tasks, { baseline: 'floor: JSON.parse(decodeURIComponent(q))', time: 1000 });
if (sink === 0.5) console.log(sink);
