// What a GIN index's pending list costs the searches through it (docs/sql.md, "GIN indexes and
// their pending list"): 40 batches of 1000 items of examples/generate.mjs written by the service's
// upsert statement (catq's layoutUpsert) into a fresh search table of the sample layout, once per
// setting of the GIN indexes (PostgreSQL's default bound of 4 MB, catq's 256 kB, 64 kB, no pending
// list, the default and catq's 256 kB each with gin_clean_pending_list after each batch, as
// catq-server does); then `tags && ARRAY[...]`
// through the tags index (sequential scans off) with 1000 and 10 values, median of 7, and the
// entries left pending. Not a benchmark of bench/run.mjs (no peer): run it by hand after
// `npm run build`:
//
//   node bench/gin-pending.mjs
//
// Env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BATCHES (default 40).
// It makes one database per setting (with the pgstattuple extension, to count pending entries) and drops it.
import pg from 'pg';
import { catalog, generateItems } from '../examples/generate.mjs';
import { distUrl } from './lib.mjs';

if (process.argv.length > 2) {
  process.stderr.write(`gin-pending: unexpected argument "${process.argv[2]}": it takes none (DATABASE_URL names the server, BATCHES the batches)\n`);
  process.exit(2);
}
const BATCHES = Number(process.env.BATCHES ?? 40);
if (!Number.isInteger(BATCHES) || BATCHES < 1) {
  process.stderr.write(`gin-pending: BATCHES=${process.env.BATCHES} is not usable: give a whole number of batches of 1000 items, such as 40\n`);
  process.exit(2);
}
const sql = await import(new URL('sql.js', distUrl()).href);
const ADMIN = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const items = [...generateItems(1000 * BATCHES, 7, { longDescriptions: 0.02 })];
const layout = sql.searchLayout(catalog);
const statements = [];
for (let i = 0; i < items.length; i += 1000) {
  statements.push(sql.layoutUpsert(layout, { table: 'search' }, items.slice(i, i + 1000).map((item) => ({ key: String(item.id), item }))).statement);
}
/** Each setting: the storage parameter set on every GIN index (after catq's DDL), or `clean`. */
const SETTINGS = {
  "PostgreSQL's default (4 MB)": 'gin_pending_list_limit = 4096',
  '256 kB (catq)': '',
  '64 kB': 'gin_pending_list_limit = 64',
  'no pending list (fastupdate = off)': 'fastupdate = off',
  'default, merged after each batch': 'clean',
  '256 kB, merged after each batch (catq-server)': 'clean256',
};
const admin = new pg.Client({ connectionString: ADMIN });
await admin.connect();
const rows = [];
try {
  for (const [name, setting] of Object.entries(SETTINGS)) {
    const dbName = `catq_gin_pending_${process.pid}`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(ADMIN);
    url.pathname = `/${dbName}`;
    const db = new pg.Client({ connectionString: url.toString() });
    try {
      await db.connect();
      await db.query('CREATE EXTENSION pgstattuple');
      for (const s of sql.layoutDdl(layout, { table: 'search' })) await db.query(s);
      const gins = (await db.query(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'search' AND indexdef LIKE '%USING gin%'`)).rows;
      const clean = setting.startsWith('clean');
      if (setting === 'clean') for (const g of gins) await db.query(`ALTER INDEX ${g.indexname} SET (gin_pending_list_limit = 4096)`);
      else if (setting && !clean) for (const g of gins) await db.query(`ALTER INDEX ${g.indexname} SET (${setting})`);
      const t0 = performance.now();
      for (const s of statements) {
        await db.query(s.sql, s.params);
        if (clean) for (const g of gins) await db.query(`SELECT gin_clean_pending_list($1::regclass)`, [g.indexname]);
      }
      const write = (performance.now() - t0) / BATCHES;
      const tags = gins.find((g) => /tags\w*_sk/.test(g.indexdef));
      const column = /\(([^)]+)\)/.exec(tags.indexdef)[1];
      await db.query('SET enable_seqscan = off');
      const values = Array.from({ length: 1000 }, (_, i) => `v${i}`);
      const median = async (n) => {
        const ts = [];
        for (let i = 0; i < 7; i++) {
          const t = performance.now();
          await db.query(`SELECT count(*) FROM search WHERE ${column} && $1::text[]`, [values.slice(0, n)]);
          ts.push(performance.now() - t);
        }
        return +ts.sort((a, b) => a - b)[3].toFixed(1);
      };
      const pending = (await db.query(`SELECT sum((pgstatginindex(indexname::regclass)).pending_tuples)::int AS n FROM pg_indexes WHERE tablename = 'search' AND indexdef LIKE '%USING gin%'`)).rows[0].n;
      rows.push({ 'GIN indexes': name, 'pending entries': pending, 'one-of 1000 values, ms': await median(1000), 'one-of 10 values, ms': await median(10), 'write, ms per 1000 items': +write.toFixed(0) });
    } finally {
      await db.end().catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    }
  }
} finally {
  await admin.end();
}
console.log(`${BATCHES} batches of 1000 items written, then a one-of on tags through its GIN index:`);
console.table(rows);
