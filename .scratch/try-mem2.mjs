import pg from 'pg';
import { catalog } from '../examples/generate.mjs';
import { loadCatalog } from '../dist/index.js';
import { layoutListItems, searchLayout, ListingMemory } from '../dist/sql.js';
const db = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/catq_s1m', options: '-c jit=off' });
const layout = searchLayout(loadCatalog(catalog).catalog);
const memory = new ListingMemory();
const q = JSON.stringify([[['matches', 'description'], 'rugged pot seams']]);
for (let i = 0; i < 6; i++) {
  const log = [];
  const t = performance.now();
  const run = async (sql, p) => { const t0 = performance.now(); const r = (await db.query(sql, [...p])).rows; log.push(`${/count\(\*\) OVER/.test(sql) ? 'rest' : 'walk'} ${(performance.now() - t0).toFixed(1)}`); return r; };
  const out = await layoutListItems(run, layout, { q, limit: '100' }, { table: 'catq_search_1042', rawTable: 'catq_items_1042', tableRows: 1e6, numericStrings: true, memory });
  console.log((performance.now() - t).toFixed(1), log.join(', '), out.response?.Items.length, memory.size);
}
await db.end();
