// Building a query in code with catq/builder (each clause copied and checked against the catalog
// as it is added) against what an SDK does without it: write the wire array by hand, then decode
// and validate it, and against the floor of writing the wire array and JSON.stringify alone
// (no checks at all). Five clauses of mixed types, then the `q` string.
// Usage: npm run bench builder, or CATQ_DIST=$PWD/.build/<name>/ node bench/builder.bench.mjs
import { compare, distUrl } from './lib.mjs';

const dist = distUrl();
const catq = await import(new URL('index.js', dist).href);
const { queryBuilder } = await import(new URL('builder.js', dist).href);

const catalog = catq.loadCatalog({
  Id: 100,
  Name: 'Shoes',
  Type: 'Product',
  Aliases: { Id: 'sku', Name: 'title', Brand: { Id: 'brand_id', Name: 'brand' } },
  SearchableAttributes: [
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'color', Type: 'String', Cardinality: 'Many' },
    { Attribute: 'in_stock', Type: 'Boolean', Cardinality: 'One' },
    { Attribute: 'sku', Type: 'String', Cardinality: 'One' },
  ],
}).catalog;
if (!catalog) throw new Error('bench catalog is invalid');
const base = queryBuilder(catalog);

const wire = () => [
  [['>=', 'price'], 20],
  [['<', 'price'], 80],
  [['matches', 'title'], 'trail running'],
  ['in_stock', true],
  [['one-of', 'color'], ['grey', 'white', 'black']],
];
const built = () =>
  base
    .where('price', '>=', 20)
    .where('price', '<', 80)
    .where('title', 'matches', 'trail running')
    .where('in_stock', '=', true)
    .where('color', 'one-of', ['grey', 'white', 'black']);

// Sanity: the three write the same q.
const floorQ = encodeURIComponent(JSON.stringify(wire()));
if (built().toQ() !== floorQ) throw new Error(`builder writes ${built().toQ()}, expected ${floorQ}`);
const decoded = catq.decode(floorQ);
if (!decoded.query || catq.validate(decoded.query, catalog).some((d) => d.severity === 'error')) throw new Error('wire query does not validate');

await compare(
  'a five-clause query built in code, to its q string',
  {
    'wire array + JSON.stringify (no checks, floor)': () => encodeURIComponent(JSON.stringify(wire())),
    'wire array + decode + validate + encode': () => {
      const r = catq.decode(wire());
      if (!r.query || catq.validate(r.query, catalog).length) throw new Error('invalid');
      return catq.encode(r.query);
    },
    'catq/builder (checked per clause) + toQ': () => built().toQ(),
  },
  { baseline: 'wire array + decode + validate + encode' },
);
