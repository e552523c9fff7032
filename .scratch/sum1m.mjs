import pg from 'pg';
import { catalog } from '../examples/generate.mjs';
import { SHAPES, WORST } from '../bench/scale-shapes.mjs';
import { loadCatalog } from '../dist/index.js';
import { layoutListSql, searchLayout } from '../dist/sql.js';
import { decode } from '../dist/wire.js';
const db = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/' + (process.env.DB ?? 'catq_s1m'), options: '-c jit=off' });
await db.connect();
const layout = searchLayout(loadCatalog(catalog).catalog);
const an = async (sql, params, seqoff) => {
  if (seqoff) await db.query('BEGIN; SET LOCAL enable_seqscan = off');
  const r = await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
  if (seqoff) await db.query('COMMIT');
  const p = r.rows[0]['QUERY PLAN'][0];
  return { ms: +p['Execution Time'].toFixed(1), rows: p.Plan['Actual Rows'] };
};
const out = [];
for (const s of [...SHAPES, ...WORST]) {
  const q = decode(encodeURIComponent(JSON.stringify(s.q ?? []))).query;
  const l = layoutListSql(q, layout, { limit: 100 }, { table: `catq_search_${catalog.Id}`, rawTable: `catq_items_${catalog.Id}`, tableRows: 1e6, listedOnly: true });
  await an(l.sql, l.params);
  const w = await an(l.sql, l.params);
  let r = {};
  if (w.rows <= 100 || process.env.REST) { await an(l.rest.sql, l.rest.params, true); r = await an(l.rest.sql, l.rest.params, true); const m = await db.query(l.rest.sql, l.rest.params); r.matches = m.rows[0]?.catq_matches; }
  out.push({ shape: s.name.slice(0, 45), walkMs: w.ms, walkRows: w.rows, restMs: r.ms, matches: r.matches });
}
console.table(out);
await db.end();
