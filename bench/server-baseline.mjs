// The hand-written baseline of bench/server-http.bench.mjs: a bare Fastify route running
// hand-written SQL on the same table (no validation, no warnings, no catq), and a hand-written
// multi-row INSERT ... ON CONFLICT for batches. Prints `listening on URL`.
//   node bench/server-baseline.mjs DATABASE_URL TABLE
import Fastify from 'fastify';
import pg from 'pg';

const [url, table] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 16 });
const t = `"${table}"`;
// Indexes a hand-written service would add for its own SQL.
await pool.query(`CREATE INDEX IF NOT EXISTS bench_hand_brand ON ${t} ((data ->> 'brand'))`);
await pool.query(`CREATE INDEX IF NOT EXISTS bench_hand_price ON ${t} (((data ->> 'price')::float8))`);
await pool.query(`CREATE INDEX IF NOT EXISTS bench_hand_id ON ${t} (((data ->> 'id')::float8))`);

const app = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024 });
app.get('/list', async (req) => {
  const { brand, min, max, limit = '100' } = req.query;
  const n = Number(limit);
  const { rows } = await pool.query(
    `SELECT data FROM ${t} WHERE data ->> 'brand' = $1 AND (data ->> 'price')::float8 >= $2 AND (data ->> 'price')::float8 < $3 ORDER BY (data ->> 'id')::float8 LIMIT $4`,
    [brand, Number(min), Number(max), n + 1],
  );
  const items = rows.slice(0, n).map(({ data }) => ({ Id: data.id, Type: 'Primary', Uri: `itemdb://1/900/${data.id}`, Name: data.title }));
  const page = { Items: items, Metadata: { Scope: { limit: n, order: 'asc' } } };
  if (rows.length > n) page.NextQuery = { 'boundary-id': items[items.length - 1].Id, comparison: '>', limit: n, order: 'asc' };
  return page;
});
app.post('/upsert', async (req) => {
  const items = req.body.Items;
  const values = [];
  const params = [];
  for (const it of items) {
    params.push(JSON.stringify(it.id), JSON.stringify(it));
    values.push(`($${params.length - 1}, $${params.length}::jsonb)`);
  }
  await pool.query(`INSERT INTO ${t} (id_key, data) VALUES ${values.join(', ')} ON CONFLICT (id_key) DO UPDATE SET data = EXCLUDED.data`, params);
  return {};
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening on http://127.0.0.1:${app.server.address().port}`);
const stop = () => app.close().then(() => pool.end()).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
