// The CPU that compression costs catq-server per List request, for two builds of the service side
// by side in one run: the service with --compression off, the build in packages/server and, when
// BEFORE names another build's bin/catq-server.js, that one, each loaded in turn (ROUNDS rounds of
// DURATION s, 32 connections, a 100-item page of about 10 KB) with the clients' Accept-Encoding AE
// (default gzip). CPU µs per request is the service process's own (Linux /proc).
//   (mkdir -p .tmp/old && git archive <commit> packages/server | tar -x -C .tmp/old &&
//    cd .tmp/old/packages/server && npx tsup)
//   BEFORE=.tmp/old/packages/server/bin/catq-server.js AE='gzip, deflate, br' node bench/compression-ab.mjs
// Needs PostgreSQL at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and npm run build.
import { existsSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startListening, stopChild } from './lib.mjs';
const startQuiet = (script, args) => startListening(script, args, { stderr: 'ignore' });
function refuse(message) {
  process.stderr.write(`compression-ab: ${message}\n`);
  process.exit(2);
}
if (process.argv.length > 2) refuse(`unexpected argument "${process.argv[2]}": it takes none (BEFORE, AE, ROUNDS, DURATION and DATABASE_URL are read from the environment)`);
const wholeEnv = (name, fallback) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 1) refuse(`${name}=${process.env[name]} is not usable: give a whole number, such as ${fallback}`);
  return n;
};
if (process.env.BEFORE !== undefined && !existsSync(process.env.BEFORE)) refuse(`BEFORE=${process.env.BEFORE} names no file: give the bin/catq-server.js of another build`);
const ITEMS = 10000, KEY = 'k', DURATION = wholeEnv('DURATION', 5), ROUNDS = wholeEnv('ROUNDS', 3), CONNECTIONS = 32;
const catalog = { Id: 900, Name: 'Bench', Type: 'Product', Aliases: { Id: 'id', Name: 'title' }, SearchableAttributes: [
  { Attribute: 'price', Type: 'Number', Cardinality: 'One' }, { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
  { Attribute: 'tags', Type: 'String', Cardinality: 'Many' }, { Attribute: 'title', Type: 'Text', Cardinality: 'One' } ] };
const COLORS = ['Red', 'Blue', 'Green', 'Black', 'White'];
const item = (g) => ({ id: g, title: `${COLORS[g % 5]} trail shoe model ${g}`, brand: `brand${g % 50}`, price: ((g * 7919) % 100000) / 100, tags: [`t${g % 300}`, `t${g % 7}`] });
function cpuSeconds(pid) { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) / 100; }
const run = (url, headers, duration) => new Promise((res, rej) => autocannon({ url, connections: CONNECTIONS, duration, headers }, (e, r) => (e ? rej(e) : res(r))));
async function load(url, headers, pid) { const c0 = cpuSeconds(pid); const r = await run(url, headers, DURATION); return { rps: r.requests.average, cpuUs: ((cpuSeconds(pid) - c0) * 1e6) / r.requests.total }; }
const ADMIN = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: ADMIN }); await admin.connect();
const dbName = `catq_gzab_${process.pid}`; await admin.query(`CREATE DATABASE ${dbName}`);
const dir = mkdtempSync(join(tmpdir(), 'gzab-')); writeFileSync(join(dir, 'catalog.json'), JSON.stringify(catalog));
const args = ['--port', '0', '--catalog', join(dir, 'catalog.json'), '--api-key', KEY, '--database-url', Object.assign(new URL(ADMIN), { pathname: `/${dbName}` }).toString(), '--log-level', 'silent'];
const servers = [];
try {
  const seed = await startQuiet('packages/server/bin/catq-server.js', [...args, '--compression', 'off']);
  for (let i = 1; i <= ITEMS; i += 1000) {
    const r = await fetch(`${seed.url}/v1/catalog/900/product/batch/upsert`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Service-ApiKey': KEY }, body: JSON.stringify({ Items: Array.from({ length: 1000 }, (_, k) => item(i + k)) }) });
    if (r.status !== 200) throw new Error(await r.text());
  }
  await stopChild(seed.child);
  const q = encodeURIComponent(JSON.stringify([['brand', 'brand7'], [['>=', 'price'], 100], [['<', 'price'], 600]]));
  const path = `/v1/catalog/900/product?q=${q}&limit=100`;
  const headers = { 'X-Service-ApiKey': KEY, 'Accept-Encoding': process.env.AE ?? 'gzip' };
  const named = { off: ['packages/server/bin/catq-server.js', ['--compression', 'off']], ...(process.env.BEFORE ? { before: [process.env.BEFORE, []] } : {}), on: ['packages/server/bin/catq-server.js', []] };
  const procs = {};
  for (const [name, [bin, extra]] of Object.entries(named)) { procs[name] = await startQuiet(bin, [...args, ...extra]); servers.push(procs[name]); }
  const sizes = {};
  for (const name of Object.keys(named)) { const r = await fetch(procs[name].url + path, { headers }); sizes[name] = `${r.headers.get('content-encoding') ?? 'identity'}, ${(await r.arrayBuffer()).byteLength} bytes`; await run(procs[name].url + path, headers, 4); }
  console.log(`Accept-Encoding: ${headers['Accept-Encoding']}; the page, decoded: ${JSON.stringify(sizes)}`);
  const rows = Object.fromEntries(Object.keys(named).map((k) => [k, []]));
  for (let round = 0; round < ROUNDS; round++) for (const name of Object.keys(named)) rows[name].push(await load(procs[name].url + path, headers, procs[name].child.pid));
  for (const [name, rs] of Object.entries(rows)) console.log(name.padEnd(7), 'CPU µs/request', rs.map((r) => Math.round(r.cpuUs)).join(' '), '  req/s', rs.map((r) => Math.round(r.rps)).join(' '));
} finally { for (const s of servers) await stopChild(s.child); await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`); await admin.end(); rmSync(dir, { recursive: true, force: true }); }
