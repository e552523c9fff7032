// Mongo compiler: the one-off cost of the text tables (token class and inverse lower-case map,
// built lazily on the first matches clause), then toMongo compile time for typical queries, and
// filtering 2,000 items on mingo with the compiled filter vs the catq evaluator (mingo is the
// test engine, not a target; the ratio shows what $expr costs an in-process engine).
//   npx tsup --out-dir .build/mongo --no-dts && CATQ_DIST=$PWD/.build/mongo/ node bench/mongo.bench.mjs
// Env: TIME (ms per task, default 300).
import { Query as MingoQuery } from 'mingo';
import { performance } from 'node:perf_hooks';
import { compare, distUrl } from './lib.mjs';

const dist = distUrl();
const { toMongo, toMongoListing } = await import(new URL('mongo.js', dist).href);
const { decode } = await import(new URL('wire.js', dist).href);
const { compile } = await import(new URL('eval.js', dist).href);
const TIME = Number(process.env.TIME ?? 300);

const catalog = {
  Id: 100,
  Name: 'Bench',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'sizes', Type: 'Number', Cardinality: 'Many' },
    { Attribute: 'brand', Type: 'Referenced', Cardinality: 'One', ReferenceId: 100 },
    { Attribute: 'color', Type: 'String', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
  ],
};
const q = (wire) => decode(wire).query;
const simple = q([[['>', 'price'], 10], ['color', 'red']]);
const mixed = q([[['one-of', 'brand'], [5, '7', 'acme']], [['<=', 'sizes'], 42], [['present?', 'color'], true]]);
const text = q([[['matches', 'title'], 'red shoe'], [['matches-phrase', 'title'], 'running shoe']]);

const t0 = performance.now();
toMongo(text, catalog);
const cold = performance.now() - t0;
console.log(`first matches clause (builds the token class and the inverse lower-case map): ${cold.toFixed(1)} ms`);

await compare(
  'toMongo compile time',
  {
    'simple (2 clauses)': () => toMongo(simple, catalog),
    'mixed (3 clauses)': () => toMongo(mixed, catalog),
    'text (2 clauses)': () => toMongo(text, catalog),
    'listing page': () => toMongoListing(simple, catalog, { boundary: 100, comparison: '>', limit: 20 }),
  },
  { time: TIME },
);

let seed = 7;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const words = ['red', 'running', 'shoe', 'blue', 'Shoe', 'boot'];
const items = Array.from({ length: 2000 }, (_, id) => ({
  id,
  price: Math.floor(rnd() * 40),
  sizes: [Math.floor(rnd() * 50), Math.floor(rnd() * 50)],
  brand: rnd() < 0.5 ? Math.floor(rnd() * 10) : String(Math.floor(rnd() * 10)),
  color: rnd() < 0.3 ? 'red' : 'blue',
  title: Array.from({ length: 4 }, () => words[Math.floor(rnd() * words.length)]).join(' '),
}));
for (const [name, query] of [['simple', simple], ['mixed', mixed], ['text', text]]) {
  const m = new MingoQuery(toMongo(query, catalog));
  const p = compile(query, catalog);
  await compare(
    `filter 2,000 items: ${name}`,
    { 'catq evaluator': () => items.filter(p), 'mingo + toMongo filter': () => items.filter((it) => m.test(it)) },
    { baseline: 'catq evaluator', time: TIME },
  );
}
