// The catalog service under load (autocannon on loopback), on a real PostgreSQL, side by side
// with a hand-written baseline (bench/server-baseline.mjs) on the same database and table:
// - List Catalog Items with a three-clause q at 32 connections: requests/s as a ratio to a
//   hand-written route with hand-written SQL for the same page (goal >= 0.8x), p50 / p99;
// - batch upsert in 1000-item batches: items/s as a ratio to a hand-written multi-row
//   INSERT ... ON CONFLICT (goal >= 0.7x);
// - the service's RSS under that load;
// - operations: the same list load with logging (one JSON line per request), metrics and
//   compression on against all three off (goal: on costs <= 10%), each of the three alone, and two
//   service processes on the same database against one. Beside requests/s, the service process's
//   own CPU time per request (Linux /proc) and its ratio (off / on: 0.9 = on costs 11% more CPU),
//   which moves less with the rest of the machine than requests/s.
// Env: BENCH_ITEMS (default 10000; the figure is 100000), DURATION (s per run, default 5), CONNECTIONS (default 32),
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres). Needs `npm run build`.
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { rssMb, startListening, stopChild } from './lib.mjs';

// Standard error (the request log when it is on) goes to /dev/null: the cost measured is writing it.
const startQuiet = (script, args) => startListening(script, args, { stderr: 'ignore' });

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const DURATION = Number(process.env.DURATION ?? 5);
const ADMIN = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KEY = 'bench-key';
const BATCH = 1000;
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);

const catalog = {
  Id: 900,
  Name: 'Bench',
  Type: 'Product',
  Aliases: { Id: 'id', Name: 'title' },
  SearchableAttributes: [
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'tags', Type: 'String', Cardinality: 'Many' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
  ],
};
const COLORS = ['Red', 'Blue', 'Green', 'Black', 'White'];
const item = (g, round = 0) => ({
  id: g,
  title: `${COLORS[g % 5]} trail shoe model ${g}`,
  brand: `brand${g % 50}`,
  price: ((g * 7919 + round) % 100000) / 100,
  tags: [`t${g % 300}`, `t${g % 7}`],
});


async function post(url, body, headers = {}) {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  if (r.status !== 200) throw new Error(`${url}: ${r.status} ${await r.text()}`);
  return r.json();
}

/** Items per second of upserting every item in 1000-item batches, two batches in flight. */
async function upsertRate(url, headers, round) {
  const bodies = [];
  for (let i = 1; i <= ITEMS; i += BATCH) bodies.push(JSON.stringify({ Items: Array.from({ length: Math.min(BATCH, ITEMS - i + 1) }, (_, k) => item(i + k, round)) }));
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < bodies.length) await post(url, bodies[next++], headers);
  };
  await Promise.all([worker(), worker()]);
  return ITEMS / ((performance.now() - t0) / 1000);
}

/**
 * CPU seconds a process has used (user + system, Linux /proc; NaN elsewhere). Requests/s moves
 * with what else the two cores do; the service's own CPU time per request is the steadier
 * measure of what a feature costs.
 */
function cpuSeconds(pid) {
  try {
    // Fields after the command name (which may hold spaces, so split after its closing paren).
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return NaN;
  }
}

/**
 * A short discarded load: a process just started runs its first seconds unoptimized (and opens
 * its pool), which cost it 40% more CPU per request than later (measured), and would be charged
 * to whichever feature that process measures.
 */
function warm(url, headers) {
  return new Promise((resolve, reject) => autocannon({ url, connections: CONNECTIONS, duration: 4, headers }, (err) => (err ? reject(err) : resolve())));
}

function load(url, headers, pid) {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
  const cpu0 = cpuSeconds(pid);
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (err, res) => {
      clearInterval(timer);
      const cpuUs = ((cpuSeconds(pid) - cpu0) * 1e6) / Math.max(1, res?.requests.total ?? 0);
      if (err) reject(err);
      else resolve({ rps: res.requests.average, p50: res.latency.p50, p99: res.latency.p99, non2xx: res.non2xx, errors: res.errors, peak, cpuUs });
    });
  });
}

let admin;
try {
  admin = new pg.Client({ connectionString: ADMIN });
  await admin.connect();
} catch (e) {
  console.log(`server-http: no PostgreSQL at ${ADMIN} (${e.message}); set DATABASE_URL. Skipped.`);
  process.exitCode = 0;
  admin = undefined;
}
if (admin) {
  const dbName = `catq_bench_${process.pid}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(ADMIN);
  u.pathname = `/${dbName}`;
  const dir = mkdtempSync(join(tmpdir(), 'catq-bench-'));
  writeFileSync(join(dir, 'catalog.json'), JSON.stringify(catalog));
  let service, baseline;
  try {
    const serviceArgs = ['--port', '0', '--catalog', join(dir, 'catalog.json'), '--api-key', KEY, '--database-url', u.toString()];
    // Against the hand-written route (which neither logs nor compresses): the same work only.
    service = await startQuiet('packages/server/bin/catq-server.js', [...serviceArgs, '--log-level', 'silent', '--compression', 'off']);
    const auth = { 'X-Service-ApiKey': KEY };
    const first = await upsertRate(`${service.url}/v1/catalog/900/product/batch/upsert`, auth, 0);
    baseline = await startQuiet('bench/server-baseline.mjs', [u.toString(), 'catq_items_900']);
    // Both overwrite every item (same rows, same indexes), alternating to share the machine's noise.
    const catqUp = [];
    const handUp = [];
    for (let round = 1; round <= 2; round++) {
      catqUp.push(await upsertRate(`${service.url}/v1/catalog/900/product/batch/upsert`, auth, round));
      handUp.push(await upsertRate(`${baseline.url}/upsert`, {}, round + 10));
    }
    const best = (xs) => Math.max(...xs);
    console.log(`\nBatch upsert, ${ITEMS} items in ${BATCH}-item batches on PostgreSQL (first load into the empty table: ${Math.round(first)} items/s)`);
    console.table([
      { contender: 'catq-server POST batch/upsert', 'items/s': Math.round(best(catqUp)), ratio: +(best(catqUp) / best(handUp)).toFixed(2) },
      { contender: 'hand-written INSERT ... ON CONFLICT route', 'items/s': Math.round(best(handUp)), ratio: 1 },
    ]);

    const q = encodeURIComponent(JSON.stringify([['brand', 'brand7'], [['>=', 'price'], 100], [['<', 'price'], 600]]));
    const catqUrl = `${service.url}/v1/catalog/900/product?q=${q}&limit=100`;
    const handUrl = `${baseline.url}/list?brand=brand7&min=100&max=600&limit=100`;
    const a = await (await fetch(catqUrl, { headers: auth })).json();
    const b = await (await fetch(handUrl)).json();
    const ids = (p) => p.Items.map((i) => i.Id).join(',');
    if (ids(a) !== ids(b)) throw new Error(`the two routes disagree:\n${ids(a)}\n${ids(b)}`);
    const catqLoad = await load(catqUrl, auth, service.child.pid);
    const handLoad = await load(handUrl, {}, baseline.child.pid);
    console.log(`\nList Catalog Items, q with 3 clauses, limit 100 (${a.Items.length} items per page), ${CONNECTIONS} connections, ${DURATION} s, ${ITEMS} items`);
    console.table([
      { contender: 'catq-server', 'req/s': Math.round(catqLoad.rps), ratio: +(catqLoad.rps / handLoad.rps).toFixed(2), 'p50 ms': catqLoad.p50, 'p99 ms': catqLoad.p99, 'peak RSS MB': Math.round(catqLoad.peak), 'non-2xx': catqLoad.non2xx + catqLoad.errors },
      { contender: 'hand-written route + SQL', 'req/s': Math.round(handLoad.rps), ratio: 1, 'p50 ms': handLoad.p50, 'p99 ms': handLoad.p99, 'peak RSS MB': Math.round(handLoad.peak), 'non-2xx': handLoad.non2xx + handLoad.errors },
    ]);

    // Operations: logging + metrics + compression on, against off; then two processes.
    await stopChild(service.child);
    service = undefined;
    const off = await startQuiet('packages/server/bin/catq-server.js', [...serviceArgs, '--log-level', 'silent', '--compression', 'off']);
    const on = await startQuiet('packages/server/bin/catq-server.js', [...serviceArgs, '--log-level', 'info', '--metrics-port', '0']);
    const path = `/v1/catalog/900/product?q=${q}&limit=100`;
    const gzip = { ...auth, 'Accept-Encoding': 'gzip' };
    await warm(off.url + path, gzip);
    await warm(on.url + path, gzip);
    const offRuns = [];
    const onRuns = [];
    for (let round = 0; round < 2; round++) {
      offRuns.push(await load(off.url + path, gzip, off.child.pid));
      onRuns.push(await load(on.url + path, gzip, on.child.pid));
    }
    const bestRun = (runs) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
    const o = bestRun(offRuns);
    const n = bestRun(onRuns);
    // Two processes on one database, each loaded with half the connections at the same time.
    const half = (url, pid) =>
      new Promise((resolve, reject) =>
        autocannon({ url, connections: Math.max(1, CONNECTIONS / 2), duration: DURATION, headers: gzip }, (err, res) => (err ? reject(err) : resolve({ rps: res.requests.average, p99: res.latency.p99, non2xx: res.non2xx + res.errors, pid }))),
      );
    await stopChild(off.child);
    const on2 = await startQuiet('packages/server/bin/catq-server.js', [...serviceArgs, '--log-level', 'info', '--metrics-port', '0']);
    await warm(on2.url + path, gzip);
    const [x, y] = await Promise.all([half(on.url + path, on.child.pid), half(on2.url + path, on2.child.pid)]);
    await stopChild(on.child);
    await stopChild(on2.child);
    // Each feature alone, each against a run of the off server just before it (the machine's
    // speed drifts over a minute): what each one costs.
    const alone = [];
    const offAgain = await startQuiet('packages/server/bin/catq-server.js', [...serviceArgs, '--log-level', 'silent', '--compression', 'off']);
    await warm(offAgain.url + path, gzip);
    const br = { ...auth, 'Accept-Encoding': 'br' };
    for (const [what, flags, headers] of [
      ['logging (info) alone', ['--log-level', 'info', '--compression', 'off'], gzip],
      ['metrics alone', ['--log-level', 'silent', '--compression', 'off', '--metrics-port', '0'], gzip],
      ['compression (gzip level 1) alone', ['--log-level', 'silent'], gzip],
      ['compression (brotli quality 1, Accept-Encoding: br) alone', ['--log-level', 'silent'], br],
    ]) {
      const one = await startQuiet('packages/server/bin/catq-server.js', [...serviceArgs, ...flags]);
      await warm(one.url + path, headers);
      const base = await load(offAgain.url + path, headers, offAgain.child.pid);
      const r = await load(one.url + path, headers, one.child.pid);
      await stopChild(one.child);
      alone.push({ run: `1 process, ${what} (against off just before: ${Math.round(base.rps)} req/s, ${Math.round(base.cpuUs)} µs)`, 'req/s': Math.round(r.rps), ratio: +(r.rps / base.rps).toFixed(2), 'p50 ms': r.p50, 'p99 ms': r.p99, 'CPU µs/req': Math.round(r.cpuUs), 'CPU ratio': +(base.cpuUs / r.cpuUs).toFixed(2), 'non-2xx': r.non2xx + r.errors });
    }
    await stopChild(offAgain.child);
    console.log(`\nOperations: the same list load, ${CONNECTIONS} connections, ${DURATION} s (best of 2 alternating runs; Accept-Encoding: gzip where the row does not say)`);
    console.table([
      { run: '1 process, logging + metrics + compression off', 'req/s': Math.round(o.rps), ratio: 1, 'p50 ms': o.p50, 'p99 ms': o.p99, 'CPU µs/req': Math.round(o.cpuUs), 'CPU ratio': 1, 'non-2xx': o.non2xx + o.errors },
      { run: '1 process, logging (info) + metrics + compression on (2-process ratio is against this)', 'req/s': Math.round(n.rps), ratio: +(n.rps / o.rps).toFixed(2), 'p50 ms': n.p50, 'p99 ms': n.p99, 'CPU µs/req': Math.round(n.cpuUs), 'CPU ratio': +(o.cpuUs / n.cpuUs).toFixed(2), 'non-2xx': n.non2xx + n.errors },
      { run: '2 processes (all on) on the same database, half the connections each', 'req/s': Math.round(x.rps + y.rps), ratio: +((x.rps + y.rps) / n.rps).toFixed(2), 'p50 ms': '', 'p99 ms': Math.max(x.p99, y.p99), 'non-2xx': x.non2xx + y.non2xx },
      ...alone,
    ]);
  } finally {
    if (service) await stopChild(service.child);
    if (baseline) await stopChild(baseline.child);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}
