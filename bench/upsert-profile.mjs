// Where catq-server's CPU goes during a batch upsert load (docs/server.md, "Writes are bound by
// the CPU"): a real `catq-server --database-url` process started with `--cpu-prof`, loaded with
// 60 batches of 1000 items of examples/generate.mjs (4 in flight) into a fresh database, then its
// CPU profile summed by function (self time). Not a benchmark of bench/run.mjs (no peer): run it
// by hand after `npm run build`:
//
//   node bench/upsert-profile.mjs
//
// Env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres). It takes no arguments.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { catalog, generateItems } from '../examples/generate.mjs';

if (process.argv.length > 2) {
  process.stderr.write(`upsert-profile: unexpected argument "${process.argv[2]}": it takes none (DATABASE_URL names the server)\n`);
  process.exit(2);
}
const ADMIN = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ITEMS = 60_000;
const dbName = `catq_upsert_profile_${process.pid}`;
const admin = new pg.Client({ connectionString: ADMIN });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(ADMIN);
url.pathname = `/${dbName}`;
const dir = mkdtempSync(join(tmpdir(), 'catq-upsert-profile-'));
try {
  writeFileSync(join(dir, 'catalog.json'), JSON.stringify(catalog));
  const child = spawn(
    process.execPath,
    ['--cpu-prof', '--cpu-prof-dir', dir, 'packages/server/bin/catq-server.js', '--port', '0', '--catalog', join(dir, 'catalog.json'), '--api-key', 'k', '--log-level', 'warn', '--database-url', url.toString()],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const base = await new Promise((resolve, reject) => {
    let out = '';
    child.on('close', (code) => reject(new Error(`catq-server ended (${code}) before listening`)));
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
  });
  const bodies = [];
  let batch = [];
  for (const it of generateItems(ITEMS, 42, { longDescriptions: 0.02 })) {
    batch.push(it);
    if (batch.length === 1000) {
      bodies.push(JSON.stringify({ Items: batch }));
      batch = [];
    }
  }
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    [0, 1, 2, 3].map(async () => {
      while (next < bodies.length) {
        const r = await fetch(`${base}/v1/catalog/${catalog.Id}/product/batch/upsert`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Service-ApiKey': 'k' }, body: bodies[next++] });
        if (r.status !== 200) throw new Error(`upsert: ${r.status} ${(await r.text()).slice(0, 300)}`);
        await r.text();
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  child.kill('SIGINT'); // the profile is written as the process exits
  await new Promise((resolve) => child.on('close', resolve));
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  const prof = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let total = 0;
  prof.samples.forEach((id, k) => {
    const f = byId.get(id).callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;
    const dt = prof.timeDeltas[k] ?? 0;
    total += dt;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  const idle = self.get('(idle) :0') ?? 0;
  const busy = total - idle;
  console.log(`${ITEMS} items in ${seconds.toFixed(1)} s (${Math.round(ITEMS / seconds)} items/s); the service busy ${(busy / 1000).toFixed(0)} ms, ${((busy / ITEMS)).toFixed(0)} µs of CPU per item`);
  console.table(
    [...self]
      .filter(([k]) => !k.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([fn, us]) => ({ function: fn, 'ms (self)': Math.round(us / 1000), 'share of busy': `${((us / busy) * 100).toFixed(1)}%` })),
  );
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
}
