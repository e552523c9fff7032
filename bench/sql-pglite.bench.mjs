// SQL on a real PostgreSQL (PGlite, WebAssembly, in process): ITEMS items (default 100,000), the
// fixed query set, compiled with toSql / listSql, run on two databases with the same rows, one
// plain (sequential scans) and one with indexSql's DDL applied (queries compiled with
// { indexed: true }). Prints the EXPLAIN plan of each indexed query (scan lines only; the
// spelled-out token class is elided) and the time per query.
//   npx tsup --out-dir .build/sql --no-dts && CATQ_DIST=$PWD/.build/sql/ node bench/sql-pglite.bench.mjs
// Env: ITEMS (default 100000), TIME (ms per task, default 300).
import { PGlite } from '@electric-sql/pglite';
import { performance } from 'node:perf_hooks';
import { compare, distUrl } from './lib.mjs';

const dist = distUrl();
const { toSql, listSql, indexSql } = await import(new URL('sql.js', dist).href);
const { decode } = await import(new URL('wire.js', dist).href);
const ITEMS = Number(process.env.ITEMS ?? 100_000);
const TIME = Number(process.env.TIME ?? 300);

const catalog = {
  Id: 100,
  Name: 'Bench',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 'id', Type: 'Referenced', Cardinality: 'One', ReferenceId: 100 },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'tags', Type: 'String', Cardinality: 'Many' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
  ],
};

const FILL = `
INSERT INTO items
SELECT jsonb_build_object(
  'id', g,
  'price', ((g * 7919) % 100000) / 100.0,
  'brand', 'brand' || (g % 1000),
  'tags', jsonb_build_array('t' || (g % 300), 't' || (g % 7)),
  'title', (ARRAY['Red','Blue','Green','Black','White','Grey','Pink'])[1 + g % 7] || ' ' ||
           (ARRAY['running','walking','trail','city','tennis','hiking','dance','beach','winter','summer','kids'])[1 + (g / 7) % 11] ||
           ' shoe model' || (g % 5000) || CASE WHEN g % 3 = 0 THEN ' ΣΟΦΙΑΣ İstanbul' ELSE '' END)
FROM generate_series(1, ${ITEMS}) AS g`;

async function database(withIndexes) {
  const pg = new PGlite();
  await pg.exec('CREATE TABLE items (data jsonb)');
  await pg.exec(FILL);
  if (withIndexes) {
    const t = performance.now();
    await pg.exec(indexSql(catalog, { table: 'items' }).sql);
    console.log(`indexSql DDL on ${ITEMS} items: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  await pg.exec('ANALYZE items');
  return pg;
}

const t0 = performance.now();
const plain = await database(false);
const indexed = await database(true);
console.log(`two databases of ${ITEMS} items ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const q = (wire) => decode(wire).query;
const QUERIES = [
  ['equality (Number One)', q([['price', 923.98]])],
  ['one-of (String One)', q([[['one-of', 'brand'], ['brand7', 'brand42', 'brand999']]])],
  ['range (Number One)', q([[['<', 'price'], 2]])],
  ['equality (String Many, containment)', q([['tags', 't123']])],
  ['matches (Text)', q([[['matches', 'title'], 'red model4242']])],
  ['matches-phrase (Text)', q([[['matches-phrase', 'title'], 'walking shoe model4242']])],
  ['three clauses', q([[['>=', 'price'], 100], [['<', 'price'], 110], [['one-of', 'tags'], ['t3', 't4']]])],
];

const planLines = (rows) =>
  rows
    .map((r) => r['QUERY PLAN'])
    .filter((l) => /Scan|Index Cond|BitmapOr|Limit|Sort/.test(l))
    .map((l) => l.replace(/\[\^?[^\]]{200,}\]/g, '[…token class…]').replace(/'[^']{300,}'/g, "'…'").slice(0, 200));

for (const [name, query] of QUERIES) {
  const a = toSql(query, catalog, { dialect: 'postgres' });
  const b = toSql(query, catalog, { dialect: 'postgres', indexed: true });
  const ra = await plain.query(a.sql, a.params);
  const rb = await indexed.query(b.sql, b.params);
  if (ra.rows.length !== rb.rows.length) throw new Error(`${name}: ${ra.rows.length} rows without indexes, ${rb.rows.length} with`);
  console.log(`\n${name}: ${rb.rows.length} rows. EXPLAIN (indexed):\n  ` + planLines((await indexed.query('EXPLAIN ' + b.sql, b.params)).rows).join('\n  '));
  await compare(
    `query "${name}" on ${ITEMS} items`,
    { 'no index (seq scan)': () => plain.query(a.sql, a.params), 'indexSql + indexed: true': () => indexed.query(b.sql, b.params) },
    { baseline: 'no index (seq scan)', time: TIME, warmupTime: 0 },
  );
}

// Listing: the page after a boundary, keyset on the id index.
const l = listSql(q([]), catalog, { 'boundary-id': Math.floor(ITEMS / 2), limit: 100 }, { dialect: 'postgres' });
console.log(`\nlisting page (limit 100 after id ${Math.floor(ITEMS / 2)}). EXPLAIN (indexed):\n  ` + planLines((await indexed.query('EXPLAIN ' + l.sql, l.params)).rows).join('\n  '));
await compare(
  `listing page on ${ITEMS} items`,
  { 'no index (seq scan)': () => plain.query(l.sql, l.params), 'indexSql': () => indexed.query(l.sql, l.params) },
  { baseline: 'no index (seq scan)', time: TIME, warmupTime: 0 },
);
await plain.close();
await indexed.close();
