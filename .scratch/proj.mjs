import pg from 'pg';
import { catalog } from '../examples/generate.mjs';
import { SHAPES } from '../bench/scale-shapes.mjs';
import { loadCatalog } from '../dist/index.js';
import { listedRawKeys } from '../dist/listing.js';
import { layoutListSql, searchLayout } from '../dist/sql.js';
import { decode } from '../dist/wire.js';
const db = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/catq_s1m', options: '-c jit=off' });
await db.connect();
const cat = loadCatalog(catalog).catalog;
const layout = searchLayout(cat);
const keys = listedRawKeys(cat);
for (const s of SHAPES.filter((s) => /description|Lumen/.test(s.name))) {
  const q = decode(encodeURIComponent(JSON.stringify(s.q ?? []))).query;
  const l0 = layoutListSql(q, layout, { limit: 100 }, { table: `catq_search_${catalog.Id}`, rawTable: `catq_items_${catalog.Id}`, tableRows: 1e6 }); const l = (await db.query(l0.sql, l0.params)).rows.length > 100 ? l0 : { sql: l0.rest.sql.replace(', catq_page.catq_matches::float8 AS catq_matches', ''), params: l0.rest.params };
  const m = l.sql.match(/^SELECT (catq_raw\."data") AS "data"/);
  const perKey = l.sql.replace(m[0], 'SELECT ' + keys.map((k, i) => `catq_raw."data" -> '${k}' AS k${i}`).join(', '));
  const built = l.sql.replace(m[0], `SELECT jsonb_build_object(${keys.map((k) => `'${k}', catq_raw."data" -> '${k}'`).join(', ')}) AS "data"`);
  for (const [name, sql] of [['whole', l.sql], ['per key', perKey], ['build_object', built], ['whole', l.sql], ['per key', perKey], ['build_object', built]]) {
    for (let i = 0; i < 5; i++) await db.query(sql, l.params);
    const t0 = performance.now(); for (let i = 0; i < 40; i++) await db.query(sql, l.params); const t = (performance.now() - t0) / 40;
    console.log(s.name, name, t.toFixed(2));
  }
}
await db.end();
