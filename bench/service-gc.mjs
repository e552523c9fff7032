// The service's garbage-collection pauses under a steady List load, on a database that
// `npm run bench scale` loaded and kept (BENCH_DB): catq-server runs with `--trace-gc-nvp`, and
// one client asks for `N` List pages one after the other (`brand = "Acme"`, 100 items, the first
// page and five NextQuery pages, again and again). Prints, per run: the requests' p50, p99 and
// how many took over 10 ms, and from V8's trace the young-generation collections (scavenges):
// how many, their mean pause, the heap that survived each one on average, and how many
// old-generation collections (mark-compact) ran. Objects that outlive their request survive
// scavenges, make them longer and fill the old generation: those pauses are a request's p99.
//   BENCH_DB=catq_s1m node bench/service-gc.mjs
//   BENCH_DB=catq_s1m OTHER=/path/to/other/checkout node bench/service-gc.mjs   # alternate two builds
// Env: BENCH_DB (required), DATABASE_URL (the server, default postgres://postgres@127.0.0.1:5432),
// N (pages per run, default 4000), ROUNDS (default 2), OTHER (a checkout whose
// packages/server/bin/catq-server.js, built, runs alternately with this one's). Needs `npm run build`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalog } from '../examples/generate.mjs';
import { keptDatabaseUrl, stopChild, timedGet } from './lib.mjs';

const { db, url: server } = keptDatabaseUrl('bench/service-gc.mjs');
const N = Number(process.env.N ?? 4000);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const builds = { this: 'packages/server/bin/catq-server.js', ...(process.env.OTHER ? { other: join(process.env.OTHER, 'packages/server/bin/catq-server.js') } : {}) };

const dir = mkdtempSync(join(tmpdir(), 'catq-gc-'));
writeFileSync(join(dir, 'catalog.json'), JSON.stringify(catalog));

/** One run: the server started with the GC trace, N pages, the trace summed up. */
async function run(bin) {
  const args = ['--trace-gc-nvp', bin, '--port', '0', '--catalog', join(dir, 'catalog.json'), '--api-key', 'k', '--log-level', 'silent', '--database-url', server.toString()];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  const lines = [];
  const url = await new Promise((resolve, reject) => {
    let buf = '';
    child.once('exit', (code) => reject(new Error(`${bin} exited with ${code}`)));
    child.stdout.on('data', (d) => {
      buf += d;
      const parts = buf.split('\n');
      buf = parts.pop();
      for (const l of parts) {
        lines.push(l);
        const m = /listening on (\S+)/.exec(l);
        if (m) resolve(m[1]);
      }
    });
  });
  const from = lines.length;
  const q = encodeURIComponent(JSON.stringify([['brand', 'Acme']]));
  const first = `${url}/v1/catalog/${catalog.Id}/product?q=${q}&limit=100`;
  const headers = { 'X-Service-ApiKey': 'k' };
  // One untimed first page: the process's very first request compiles its code paths.
  await timedGet(first, headers);
  const ms = [];
  let next = first;
  for (let i = 0; i < N; i++) {
    const r = await timedGet(next, headers);
    if (r.status !== 200) throw new Error(`${r.status}: ${r.text.slice(0, 200)}`);
    ms.push(r.ms);
    const nq = i % 6 !== 5 ? JSON.parse(r.text).NextQuery : undefined;
    next = nq ? `${first}&boundary-id=${encodeURIComponent(nq['boundary-id'])}&comparison=${encodeURIComponent(nq.comparison ?? '>')}` : first;
  }
  await stopChild(child);
  let scavenges = 0;
  let pause = 0;
  let survived = 0;
  let markCompacts = 0;
  for (const l of lines.slice(from)) {
    const kind = /gc=(\w+)/.exec(l)?.[1];
    if (kind === 's') {
      scavenges++;
      pause += Number(/pause=([0-9.]+)/.exec(l)?.[1] ?? 0);
      survived += Number(/new_space_survived=(\d+)/.exec(l)?.[1] ?? 0);
    } else if (kind === 'mc') markCompacts++;
  }
  ms.sort((a, b) => a - b);
  return {
    'p50 ms': +ms[N >> 1].toFixed(2),
    'p99 ms': +ms[Math.floor(N * 0.99)].toFixed(2),
    'over 10 ms': ms.filter((x) => x > 10).length,
    scavenges,
    'scavenge pause ms (mean)': scavenges ? +(pause / scavenges).toFixed(2) : 0,
    'survived MB (mean)': scavenges ? +(survived / scavenges / 1e6).toFixed(2) : 0,
    'mark-compacts': markCompacts,
  };
}

try {
  const rows = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, bin] of Object.entries(builds)) rows.push({ build: name, round, ...(await run(bin)) });
  }
  console.log(`catq-server on ${db}: ${N} List pages one after the other (brand = "Acme", 100 items, pages 1-6), GC from --trace-gc-nvp`);
  console.table(rows);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
