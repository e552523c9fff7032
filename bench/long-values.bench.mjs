// Long values in the search layout: writing items that each have a 5–20 KB description
// (examples/generate.mjs --long-descriptions 1) with PostgreSQL's TOAST compression pglz (its
// default) against lz4 (layoutDdl's `compression` option), side by side: the same batches of
// 500, written into fresh tables of each kind in turn, three rounds. Per item: the raw item
// (`jsonb`), layoutUpsert in JavaScript, and its statement; then the tables' size. Docs:
// docs/sql.md, "Long values".
// Env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres). Needs `npm run build`.
import pg from 'pg';
import { distUrl } from './lib.mjs';
import { catalog, generateItems } from '../examples/generate.mjs';

const { searchLayout, layoutDdl, layoutUpsert } = await import(new URL('sql.js', distUrl()).href);
const ADMIN = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ITEMS = 4000;
const BATCH = 500;
const ROUNDS = 3;

const layout = searchLayout(catalog);
const items = [...generateItems(ITEMS, 42, { longDescriptions: 1 })];
const admin = new pg.Client({ connectionString: ADMIN });
await admin.connect();
const name = `catq_bench_long_${process.pid}`;
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(ADMIN);
url.pathname = `/${name}`;
const db = new pg.Client({ connectionString: url.toString() });
await db.connect();
try {
  const lz4 = (await db.query(`SELECT 'lz4' = ANY(enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`)).rows[0]?.lz4 === true;
  if (!lz4) {
    console.log('This PostgreSQL server is not built with lz4: nothing to compare.');
  } else {
    const kinds = ['pglz', 'lz4'];
    const sums = Object.fromEntries(kinds.map((k) => [k, { raw: [], js: [], search: [], bytes: 0 }]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of kinds) {
        await db.query('DROP TABLE IF EXISTS search; DROP TABLE IF EXISTS raw');
        await db.query(`CREATE TABLE raw (id_key text COLLATE "C" PRIMARY KEY, data jsonb COMPRESSION ${kind} NOT NULL)`);
        for (const s of layoutDdl(layout, { table: 'search' }, { compression: kind })) await db.query(s);
        let raw = 0;
        let js = 0;
        let search = 0;
        for (let k = 0; k < items.length; k += BATCH) {
          const batch = items.slice(k, k + BATCH);
          let t = performance.now();
          await db.query(`INSERT INTO raw (id_key, data) SELECT e ->> 0, e -> 1 FROM jsonb_array_elements($1::jsonb) AS e`, [JSON.stringify(batch.map((i) => [String(i.id), i]))]);
          raw += performance.now() - t;
          t = performance.now();
          const up = layoutUpsert(layout, { table: 'search' }, batch.map((i) => ({ key: String(i.id), item: i })));
          js += performance.now() - t;
          t = performance.now();
          await db.query(up.statement.sql, up.statement.params);
          search += performance.now() - t;
        }
        const s = sums[kind];
        s.raw.push((raw / ITEMS) * 1000);
        s.js.push((js / ITEMS) * 1000);
        s.search.push((search / ITEMS) * 1000);
        s.bytes = Number((await db.query(`SELECT pg_table_size('raw') + pg_table_size('search') AS b`)).rows[0].b);
      }
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(`${ITEMS} items with a 5–20 KB description, batches of ${BATCH}, median of ${ROUNDS} rounds (µs per item):`);
    console.table(
      Object.fromEntries(
        kinds.map((k) => [k, { 'raw item': +median(sums[k].raw).toFixed(0), 'layoutUpsert (JS)': +median(sums[k].js).toFixed(0), 'search statement': +median(sums[k].search).toFixed(0), 'tables MB': +(sums[k].bytes / 1e6).toFixed(1) }]),
      ),
    );
    const ratio = (f) => (median(sums.lz4[f]) / median(sums.pglz[f])).toFixed(2);
    console.log(`lz4 / pglz: raw item ${ratio('raw')}, search statement ${ratio('search')}, size ${(sums.lz4.bytes / sums.pglz.bytes).toFixed(2)}`);
  }
} finally {
  await db.end();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
