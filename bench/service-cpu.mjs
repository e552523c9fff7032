// The service's own CPU time per List request, on a database that `npm run bench scale` loaded
// and kept (BENCH_DB): catq-server is started on it with logging and compression off, loaded
// for 4 s (discarded: a process just started runs unoptimized), then twice for 4 s at 16
// connections with `brand = "Acme"`, 100 items a page. Prints requests/s and the service
// process's CPU µs per request (Linux /proc) of each run. Requests/s on a 2-core machine moves
// with PostgreSQL and the load generator; CPU per request is what the service's code costs.
//   BENCH_DB=catq_s1m node bench/service-cpu.mjs
// Env: BENCH_DB (required), DATABASE_URL (the server, default postgres://postgres@127.0.0.1:5432),
// Q (a wire `q`, default [["brand","Acme"]]). Needs `npm run build`. Takes no arguments.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { catalog } from '../examples/generate.mjs';
import { keptDatabaseUrl, startListening, stopChild } from './lib.mjs';

const { db, url: server } = keptDatabaseUrl('bench/service-cpu.mjs');
const q = process.env.Q ?? JSON.stringify([['brand', 'Acme']]);

/** CPU seconds a process has used (user + system; /proc fields 14 and 15 in ticks of 1/100 s). */
const cpuSeconds = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};

const dir = mkdtempSync(join(tmpdir(), 'catq-cpu-'));
writeFileSync(join(dir, 'catalog.json'), JSON.stringify(catalog));
const service = await startListening('packages/server/bin/catq-server.js', ['--port', '0', '--catalog', join(dir, 'catalog.json'), '--api-key', 'k', '--log-level', 'silent', '--compression', 'off', '--database-url', server.toString()], { stderr: 'ignore' });
try {
  const url = `${service.url}/v1/catalog/${catalog.Id}/product?q=${encodeURIComponent(q)}&limit=100`;
  const check = await fetch(url, { headers: { 'X-Service-ApiKey': 'k' } });
  if (check.status !== 200) throw new Error(`${check.status}: ${(await check.text()).slice(0, 300)}`);
  const run = (seconds) => new Promise((resolve, reject) => autocannon({ url, connections: 16, duration: seconds, headers: { 'X-Service-ApiKey': 'k' } }, (e, r) => (e ? reject(e) : resolve(r))));
  await run(4);
  const rows = [];
  for (let i = 0; i < 2; i++) {
    const c0 = cpuSeconds(service.child.pid);
    const r = await run(4);
    rows.push({ run: i + 1, 'req/s': Math.round(r.requests.average), 'CPU µs per request': Math.round(((cpuSeconds(service.child.pid) - c0) * 1e6) / r.requests.total), 'non-2xx': r.non2xx + r.errors });
  }
  console.log(`catq-server on ${db}, q=${q}, limit 100, 16 connections, 4 s per run (after 4 s discarded)`);
  console.table(rows);
} finally {
  await stopChild(service.child);
  rmSync(dir, { recursive: true, force: true });
}
