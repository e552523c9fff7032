// What the search table's indexes cost PostgreSQL on a write (docs/server.md, "Writes are bound
// by the CPU"): the service's upsert statement for 1000 items of examples/generate.mjs, run by
// node-postgres into a fresh search table of the sample layout (catq's layoutDdl), 12 batches
// each with every index, then without the description's GIN index, without any GIN index, and
// without any secondary index (the primary key only). The table grows from batch to batch, the
// same for every step. Not a benchmark of bench/run.mjs (no peer): run it by hand after
// `npm run build`:
//
//   node bench/upsert-indexes.mjs
//
// Env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres). It takes no arguments.
import pg from 'pg';
import { catalog, generateItems } from '../examples/generate.mjs';
import { distUrl } from './lib.mjs';

if (process.argv.length > 2) {
  process.stderr.write(`upsert-indexes: unexpected argument "${process.argv[2]}": it takes none (DATABASE_URL names the server)\n`);
  process.exit(2);
}
const sql = await import(new URL('sql.js', distUrl()).href);
const ADMIN = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PER_STEP = 12;
const dbName = `catq_upsert_indexes_${process.pid}`;
const admin = new pg.Client({ connectionString: ADMIN });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(ADMIN);
url.pathname = `/${dbName}`;
const db = new pg.Client({ connectionString: url.toString() });
try {
  await db.connect();
  const layout = sql.searchLayout(catalog);
  for (const statement of sql.layoutDdl(layout, { table: 'search' })) await db.query(statement);
  const indexes = (await db.query(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'search' AND indexname <> 'search_pkey'`)).rows;
  const items = [...generateItems(1000 * (4 * PER_STEP + 2), 7, { longDescriptions: 0.02 })];
  const statements = [];
  for (let i = 0; i < items.length; i += 1000) {
    statements.push(sql.layoutUpsert(layout, { table: 'search' }, items.slice(i, i + 1000).map((item) => ({ key: String(item.id), item }))).statement);
  }
  let next = 0;
  const run = async (n) => {
    let ms = 0;
    for (let k = 0; k < n; k++, next++) {
      const t = performance.now();
      await db.query(statements[next].sql, statements[next].params);
      ms += performance.now() - t;
    }
    return ms / n;
  };
  await run(2); // untimed: the first statements plan and warm the caches
  const isGin = (r) => /USING gin/.test(r.indexdef);
  const isDescription = (r) => /description/.test(r.indexdef);
  const drop = async (rows) => {
    for (const r of rows) await db.query(`DROP INDEX ${r.indexname}`);
  };
  const rows = [];
  const step = async (what, count) => rows.push({ indexes: what, 'secondary indexes': count, 'ms per 1000 items': +(await run(PER_STEP)).toFixed(1) });
  await step('all', indexes.length);
  await drop(indexes.filter((r) => isGin(r) && isDescription(r)));
  await step('without the description GIN', indexes.filter((r) => !(isGin(r) && isDescription(r))).length);
  await drop(indexes.filter((r) => isGin(r) && !isDescription(r)));
  await step('without any GIN', indexes.filter((r) => !isGin(r)).length);
  await drop(indexes.filter((r) => !isGin(r)));
  await step('primary key only', 0);
  console.log(`The upsert statement of 1000 items into the search table (${PER_STEP} batches per step, the table growing from 2,000 to ${(2 + 4 * PER_STEP) * 1000} rows), timed from node-postgres:`);
  console.table(rows);
} finally {
  await db.end().catch(() => {});
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
