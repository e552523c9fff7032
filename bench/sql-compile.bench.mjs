// SQL compiler: compile time of toSql (validation included) for typical queries, side by side
// with react-querybuilder's formatQuery(..., { format: 'parameterized' }) on equivalent rule
// groups (no validation, no type guards, no JSON column), and the one-off cost of the text
// tables (built lazily on the first `matches` clause).
//   npx tsup --out-dir .build/sql --no-dts && CATQ_DIST=$PWD/.build/sql/ node bench/sql-compile.bench.mjs
// Env: TIME (ms per task, default 300).
import { formatQuery } from 'react-querybuilder';
import { performance } from 'node:perf_hooks';
import { compare, geomean, distUrl } from './lib.mjs';

const dist = distUrl();
const { toSql } = await import(new URL('sql.js', dist).href);
const { decode } = await import(new URL('wire.js', dist).href);
const TIME = Number(process.env.TIME ?? 300);

const catalog = {
  Id: 100,
  Name: 'Bench',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 'id', Type: 'Referenced', Cardinality: 'One', ReferenceId: 100 },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'sizes', Type: 'Number', Cardinality: 'Many' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'color', Type: 'String', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
  ],
};

const q = (wire) => decode(wire).query;
// [name, catq query, equivalent react-querybuilder rule group]
const QUERIES = [
  ['equality', q([['brand', 'Acme']]), { combinator: 'and', rules: [{ field: 'brand', operator: '=', value: 'Acme' }] }],
  [
    'range + one-of',
    q([[['<', 'price'], 100], [['one-of', 'color'], ['red', 'blue']]]),
    { combinator: 'and', rules: [{ field: 'price', operator: '<', value: 100 }, { field: 'color', operator: 'in', value: ['red', 'blue'] }] },
  ],
  [
    'three clauses',
    q([['brand', 'Acme'], [['>=', 'price'], 10], [['<', 'price'], 100]]),
    {
      combinator: 'and',
      rules: [
        { field: 'brand', operator: '=', value: 'Acme' },
        { field: 'price', operator: '>=', value: 10 },
        { field: 'price', operator: '<', value: 100 },
      ],
    },
  ],
  ['Many', q([[['>', 'sizes'], 40]]), { combinator: 'and', rules: [{ field: 'sizes', operator: '>', value: 40 }] }],
  ['present?', q([[['present?', 'color'], true]]), { combinator: 'and', rules: [{ field: 'color', operator: 'notNull', value: null }] }],
];

// One-off: the first `matches` builds the token class and the inverse lower-case map.
const t0 = performance.now();
toSql(q([[['matches', 'title'], 'red shoe']]), catalog, { dialect: 'postgres' });
console.log(`first matches compile (builds Unicode tables once): ${(performance.now() - t0).toFixed(1)} ms`);

/** Median µs per call over 41 batches of 200 calls: robust to the GC and scheduler pauses of a shared machine, which dominate tinybench's mean here. */
function medianMicros(fn) {
  const batches = [];
  for (let b = 0; b < 41; b++) {
    const t = performance.now();
    for (let i = 0; i < 200; i++) fn();
    batches.push(((performance.now() - t) * 1000) / 200);
  }
  return batches.sort((x, y) => x - y)[20];
}

const ratios = [];
const medians = [];
for (const [name, query, rules] of QUERIES) {
  const means = await compare(
    `compile "${name}"`,
    {
      'react-querybuilder formatQuery parameterized': () => formatQuery(rules, { format: 'parameterized' }),
      'catq toSql postgres': () => toSql(query, catalog, { dialect: 'postgres' }),
      'catq toSql sqlite': () => toSql(query, catalog, { dialect: 'sqlite' }),
    },
    { baseline: 'react-querybuilder formatQuery parameterized', time: TIME },
  );
  ratios.push(means['react-querybuilder formatQuery parameterized'] / means['catq toSql postgres']);
  const rqb = medianMicros(() => formatQuery(rules, { format: 'parameterized' }));
  const pg = medianMicros(() => toSql(query, catalog, { dialect: 'postgres' }));
  const lite = medianMicros(() => toSql(query, catalog, { dialect: 'sqlite' }));
  medians.push({ query: name, 'formatQuery µs': +rqb.toFixed(2), 'toSql postgres µs': +pg.toFixed(2), 'toSql sqlite µs': +lite.toFixed(2), 'x faster (pg)': +(rqb / pg).toFixed(1) });
}
console.log('\nmedian of batches (robust to pauses):');
console.table(medians);
console.log(`median-based: catq toSql (postgres) is ${geomean(medians.map((m) => m['x faster (pg)'])).toFixed(1)}x faster than formatQuery (geometric mean)`);
await compare('compile "matches" (after the one-off)', { 'catq toSql postgres': () => toSql(q([[['matches', 'title'], 'red shoe']]), catalog, { dialect: 'postgres' }) }, { time: TIME });
console.log(`mean-based (tinybench): catq toSql (postgres) is ${geomean(ratios).toFixed(1)}x faster than formatQuery (geometric mean over ${ratios.length} queries)`);
