// catq-server on a coordinator and two shard servers (issue 26), beside the same catalog on one
// server, in one run. The bench makes four PostgreSQL 15 servers itself (initdb and pg_ctl as the
// postgres user, free loopback ports, a temporary folder removed afterwards; same settings for
// all): a coordinator, shard 1, shard 2, and "one" (the single-server baseline).
//
//   npm run bench shards                                   # 10 catalogs of 200,000 items
//   BENCH_CATALOGS=4 BENCH_ITEMS=50000 npm run bench shards # a quicker run
//
// 1. Upsert: every catalog is loaded through POST batch/upsert (1000-item batches, 4 in flight),
//    one catalog at a time, into the sharded service; catalog 1042 into the one-server service.
//    Per shard: the mean rate of its catalogs' loads, beside the one server's rate.
// 2. List Catalog Items (limit 100) for every shape of bench/scale-shapes.mjs, first page and five
//    NextQuery pages, RUNS times each, on catalog 1042 through both services: p50 and p99.
// 3. The same first-page statements run on the coordinator through its postgres_fdw foreign
//    tables, beside the shard itself (why the service sends them to the shard directly), and one
//    EXPLAIN VERBOSE of them on the coordinator, with its Remote SQL.
//
// Env: BENCH_CATALOGS (default 10), BENCH_ITEMS (items per catalog, default 200000), BENCH_LONG
// (fraction with a 5–20 KB description, default 0.02), RUNS (default 15). Needs `npm run build`.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { catalog as demo, generateItems } from '../examples/generate.mjs';
import { distUrl, startListening, stopChild } from './lib.mjs';
import { SHAPES } from './scale-shapes.mjs';

const CATALOGS = Math.max(1, Number(process.env.BENCH_CATALOGS ?? 10));
const ITEMS = Number(process.env.BENCH_ITEMS ?? 200_000);
const LONG = Number(process.env.BENCH_LONG ?? 0.02);
const RUNS = Math.max(5, Number(process.env.RUNS ?? 15));
const KEY = 'bench-key';
const BATCH = 1000;
const IN_FLIGHT = 4;
const LIMIT = 100;
const BIN = '/usr/lib/postgresql/15/bin';
const { searchLayout, layoutListItems } = await import(new URL('sql.js', distUrl()).href);

const quantile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
};
const ms = (x) => (x === undefined ? '–' : x < 10 ? +x.toFixed(2) : Math.round(x));
const asPostgres = (cmd, args) => execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' });
const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Loads `count` items of `seed` into a catalog through the service; items/s. */
async function load(url, seed) {
  const gen = generateItems(ITEMS, seed, { longDescriptions: LONG });
  const nextBody = () => {
    const items = [];
    for (let k = 0; k < BATCH; k++) {
      const n = gen.next();
      if (n.done) break;
      items.push(n.value);
    }
    return items.length ? JSON.stringify({ Items: items }) : undefined;
  };
  const t0 = performance.now();
  const worker = async () => {
    for (let body = nextBody(); body; body = nextBody()) {
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Service-ApiKey': KEY }, body });
      const text = await r.text();
      if (r.status !== 200) throw new Error(`${url}: ${r.status} ${text.slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return ITEMS / ((performance.now() - t0) / 1000);
}

async function listPage(base, params) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) qs.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const r = await fetch(`${base}?${qs}`, { headers: { 'X-Service-ApiKey': KEY } });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`list ${qs}: ${r.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** First page and five NextQuery pages, each RUNS times; every time in ms, and the ids seen. */
async function measure(base, q) {
  const times = [];
  const ids = [];
  let params = { limit: String(LIMIT), ...(q ? { q: JSON.stringify(q) } : {}) };
  for (let p = 0; p < 6 && params; p++) {
    let page;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      page = await listPage(base, params);
      times.push(performance.now() - t);
    }
    ids.push(page.Items.map((i) => i.Id));
    params = page.NextQuery ? { ...page.NextQuery } : undefined;
  }
  return { times, ids };
}

const dir = mkdtempSync(join(tmpdir(), 'catq-shards-bench-'));
chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
const names = ['coordinator', 'shard1', 'shard2', 'one'];
const ports = {};
const started = [];
const services = [];
const clients = [];
try {
  asPostgres(join(BIN, 'initdb'), ['-D', join(dir, 'coordinator'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  for (const n of names.slice(1)) asPostgres('cp', ['-a', join(dir, 'coordinator'), join(dir, n)]);
  for (const n of names) {
    ports[n] = await freePort();
    asPostgres(join(BIN, 'pg_ctl'), ['-D', join(dir, n), '-l', join(dir, `${n}.log`), '-w', '-t', '60', '-o', `-p ${ports[n]} -k ${dir} -c listen_addresses=127.0.0.1`, 'start']);
    started.push(n);
  }
  const url = (n) => `postgres://postgres@127.0.0.1:${ports[n]}/postgres`;
  const connect = async (n) => {
    const c = new pg.Client({ connectionString: url(n), options: '-c jit=off' });
    await c.connect();
    clients.push(c);
    return c;
  };
  const catalogs = Array.from({ length: CATALOGS }, (_, i) => ({ ...demo, Id: demo.Id + i, Name: `${demo.Name} ${i}` }));
  const args = [];
  for (const c of catalogs) {
    writeFileSync(join(dir, `c${c.Id}.json`), JSON.stringify(c));
    args.push('--catalog', join(dir, `c${c.Id}.json`));
  }
  const common = ['packages/server/bin/catq-server.js', ['--port', '0', '--api-key', KEY, '--log-level', 'warn']];
  const sharded = await startListening(common[0], [...common[1], ...args, '--database-url', url('coordinator'), '--shard-url', url('shard1'), '--shard-url', url('shard2')]);
  services.push(sharded);
  const one = await startListening(common[0], [...common[1], '--catalog', join(dir, `c${demo.Id}.json`), '--database-url', url('one')]);
  services.push(one);

  const coord = await connect('coordinator');
  const placement = new Map((await coord.query(`SELECT p.catalog_id::int AS id, s.port FROM catq_placement p JOIN catq_shards s ON s.name = p.shard`)).rows.map((r) => [r.id, names.find((n) => ports[n] === r.port)]));

  // 1. Upsert throughput.
  console.log(`Loading ${CATALOGS} catalogs of ${ITEMS} items (${LONG * 100}% long descriptions) into the sharded service, one catalog at a time, and catalog ${demo.Id} into the one-server service`);
  const oneRate = await load(`${one.url}/v1/catalog/${demo.Id}/product/batch/upsert`, 42);
  process.stderr.write(`  one server: ${Math.round(oneRate)} items/s\n`);
  const rates = { shard1: [], shard2: [] };
  for (const [i, c] of catalogs.entries()) {
    const r = await load(`${sharded.url}/v1/catalog/${c.Id}/product/batch/upsert`, 42 + i);
    rates[placement.get(c.Id)].push(r);
    process.stderr.write(`  catalog ${c.Id} on ${placement.get(c.Id)}: ${Math.round(r)} items/s\n`);
  }
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`\n## Upsert throughput (POST batch/upsert, ${BATCH}-item batches, ${IN_FLIGHT} in flight, one catalog at a time)`);
  console.table([
    { where: 'one server', catalogs: 1, 'items/s': Math.round(oneRate), 'x one server': 1 },
    ...['shard1', 'shard2'].map((s) => ({ where: s, catalogs: rates[s].length, 'items/s': Math.round(mean(rates[s])), 'x one server': +(mean(rates[s]) / oneRate).toFixed(2) })),
  ]);

  for (const n of ['shard1', 'shard2', 'one']) {
    const c = await connect(n);
    for (const { relname } of (await c.query(`SELECT relname FROM pg_stat_user_tables WHERE relname LIKE 'catq%'`)).rows) await c.query(`VACUUM ANALYZE "${relname}"`);
  }

  // 2. List Catalog Items through the two services, catalog 1042 on both.
  const rows = [];
  for (const shape of SHAPES) {
    const s = await measure(`${sharded.url}/v1/catalog/${demo.Id}/product`, shape.q);
    const o = await measure(`${one.url}/v1/catalog/${demo.Id}/product`, shape.q);
    const p50 = quantile(s.times, 0.5);
    const op50 = quantile(o.times, 0.5);
    rows.push({
      shape: shape.name,
      'shards p50': ms(p50),
      'shards p99': ms(quantile(s.times, 0.99)),
      'one p50': ms(op50),
      'one p99': ms(quantile(o.times, 0.99)),
      ratio: +(p50 / op50).toFixed(2),
      'goal met': p50 <= 1.5 * op50 || p50 <= op50 + 2 ? 'yes' : 'NO',
      'same ids': JSON.stringify(s.ids) === JSON.stringify(o.ids) ? 'yes' : 'no',
    });
    process.stderr.write(`  ${shape.name}: shards p50 ${ms(p50)} / one ${ms(op50)}\n`);
  }
  console.log(`\n## List Catalog Items, catalog ${demo.Id} (${ITEMS} items, on ${placement.get(demo.Id)}), limit ${LIMIT}: first page and five NextQuery pages, each ${RUNS} times (ms over HTTP)`);
  console.log('Goal: p50 <= 1.5 x one server, or <= 2 ms more.');
  console.table(rows);

  // 3. The same statements on the coordinator, through its foreign tables, beside the shard.
  const layout = searchLayout(demo);
  const listOptions = {
    table: `catq_search_${demo.Id}`,
    rawTable: `catq_items_${demo.Id}`,
    backfilled: new Set(layout.attributes.map((a) => a.rawKey)),
    tableRows: ITEMS,
    numericStrings: true,
  };
  const shardClient = await connect(placement.get(demo.Id));
  // (a few runs: through the coordinator some of these read the whole table)
  const viaStatements = async (client, q) => {
    const times = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const r = await layoutListItems((sql, params) => client.query(sql, [...params]).then((x) => x.rows), layout, { limit: String(LIMIT), ...(q ? { q: JSON.stringify(q) } : {}) }, listOptions);
      if (!r.response) throw new Error(JSON.stringify(r.diagnostics));
      times.push(performance.now() - t);
    }
    return quantile(times, 0.5);
  };
  const fdwRows = [];
  for (const shape of SHAPES) {
    const c = await viaStatements(coord, shape.q);
    const d = await viaStatements(shardClient, shape.q);
    fdwRows.push({ shape: shape.name, 'coordinator (postgres_fdw) p50': ms(c), 'shard directly p50': ms(d), ratio: +(c / d).toFixed(1) });
  }
  console.log(`\n## First page's statements (pg client, no HTTP): on the coordinator through its foreign tables, and on the shard directly (ms, median of 3)`);
  console.table(fdwRows);

  let captured;
  await layoutListItems(
    async (sql, params) => {
      captured ??= { sql, params: [...params] };
      return (await coord.query(sql, [...params])).rows;
    },
    layout,
    { limit: String(LIMIT), q: JSON.stringify([['brand', 'Acme']]) },
    listOptions,
  );
  const plan = await coord.query(`EXPLAIN (VERBOSE, COSTS OFF) ${captured.sql}`, captured.params);
  console.log(`\n## EXPLAIN VERBOSE on the coordinator of List Catalog Items ${demo.Id}, q=[["brand","Acme"]], limit ${LIMIT} (first statement)\n`);
  console.log(`-- parameters: ${JSON.stringify(captured.params)}\n${captured.sql}\n`);
  console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  // The same page written plainly on the search table alone (one keyset page of the id order):
  // postgres_fdw sends its WHERE, ORDER BY and LIMIT to the shard.
  const brand = layout.byRawKey.get('brand').columns.str;
  const inStock = layout.byRawKey.get('in_stock').columns.bool;
  const plain = `SELECT item_key FROM "catq_search_${demo.Id}" WHERE "${inStock}" = $1 AND "${brand}" <> ALL($2::text[]) ORDER BY id_kind, id_num, id_str LIMIT ${LIMIT + 1}`;
  // Foreign tables have no statistics until ANALYZE samples them (autovacuum does not): without
  // them the coordinator prices a remote sort and limit wrongly and does them itself.
  await coord.query(`ANALYZE "catq_search_${demo.Id}"`);
  const plainPlan = await coord.query(`EXPLAIN (VERBOSE, COSTS OFF) ${plain}`, [true, ['Acme']]);
  console.log(`\n## EXPLAIN VERBOSE on the coordinator of the same page written plainly (in_stock = true and brand not Acme)\n\n${plain}\n`);
  console.log(plainPlan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  const t = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await coord.query(plain, [true, ['Acme']]);
    t.push(performance.now() - t0);
  }
  const d = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await shardClient.query(plain, [true, ['Acme']]);
    d.push(performance.now() - t0);
  }
  console.log(`\nThat statement: p50 ${ms(quantile(t, 0.5))} ms on the coordinator, ${ms(quantile(d, 0.5))} ms on the shard directly.`);
} finally {
  for (const s of services) await stopChild(s.child);
  for (const c of clients) await c.end().catch(() => {});
  for (const n of started.reverse()) {
    try {
      asPostgres(join(BIN, 'pg_ctl'), ['-D', join(dir, n), '-m', 'fast', '-w', 'stop']);
    } catch {
      /* already stopped */
    }
  }
  rmSync(dir, { recursive: true, force: true });
}
