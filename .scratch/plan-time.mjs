import pg from 'pg';
import { catalog } from '../examples/generate.mjs';
import { SHAPES } from '../bench/scale-shapes.mjs';
import { loadCatalog } from '../dist/index.js';
import { layoutListSql, searchLayout } from '../dist/sql.js';
import { decode } from '../dist/wire.js';
const db = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/catq_s1m', options: '-c jit=off' });
await db.connect();
const layout = searchLayout(loadCatalog(catalog).catalog);
for (const s of SHAPES.slice(0, 4)) {
  const q = decode(encodeURIComponent(JSON.stringify(s.q ?? []))).query;
  const l = layoutListSql(q, layout, { limit: 100 }, { table: `catq_search_${catalog.Id}`, rawTable: `catq_items_${catalog.Id}`, tableRows: 1e6, listedOnly: process.env.LO !== '0' });
  const pt = [];
  for (let i = 0; i < 5; i++) {
    const r = await db.query(`EXPLAIN (ANALYZE, FORMAT JSON, SUMMARY) ${l.sql}`, l.params);
    const p = r.rows[0]['QUERY PLAN'][0];
    pt.push(`${p['Planning Time'].toFixed(2)}/${p['Execution Time'].toFixed(2)}`);
  }
  const t0 = performance.now(); for (let i = 0; i < 20; i++) await db.query(l.sql, l.params); const t = (performance.now() - t0) / 20;
  console.log(s.name, 'plan/exec ms:', pt.join(' '), ' client round trip:', t.toFixed(2));
}
await db.end();
