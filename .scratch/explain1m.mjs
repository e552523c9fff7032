import pg from 'pg';
import { catalog } from '../examples/generate.mjs';
import { SHAPES, WORST } from '../bench/scale-shapes.mjs';
import { loadCatalog } from '../dist/index.js';
import { layoutListSql, searchLayout } from '../dist/sql.js';
import { decode } from '../dist/wire.js';
const db = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/' + (process.env.DB ?? 'catq_s1m'), options: '-c jit=off' });
await db.connect();
const layout = searchLayout(loadCatalog(catalog).catalog);
const want = process.argv[2];
for (const s of [...SHAPES, ...WORST].filter((s) => s.name.includes(want))) {
  const q = decode(encodeURIComponent(JSON.stringify(s.q ?? []))).query;
  const l = layoutListSql(q, layout, { limit: 100 }, { table: `catq_search_${catalog.Id}`, rawTable: `catq_items_${catalog.Id}`, tableRows: 1e6, listedOnly: true });
  console.log('###', s.name, 'W', l.walkRows);
  const show = async (sql, params, seqoff) => {
    if (seqoff) await db.query('BEGIN; SET LOCAL enable_seqscan = off');
    const r = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    if (seqoff) await db.query('COMMIT');
    console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  };
  await show(l.sql, l.params);
  if (process.argv[3] === 'rest') await show(l.rest.sql, l.rest.params, true);
}
await db.end();
