// `catq run` over 1,000,000 generated items (NDJSON) against jq running the equivalent
// `select(...)` filter on the same file, in the same run; prints items per second and the ratio.
// Also times the start-up of a few CLI calls against `node -e 0` (median of 20 spawns).
//
//   npm run build && node bench/cli-run.bench.mjs
//   CATQ_DIST=$PWD/.build/cli/ node bench/cli-run.bench.mjs      # another build
//   CATQ_BENCH_ITEMS=200000 node bench/cli-run.bench.mjs          # a smaller file
//
// The items are generated once into bench/.data/ (git-ignored), seeded, by examples/generate.mjs.
// Both tools write their matches to a pipe that this script reads and counts, and the counts
// must agree (the jq filters spell out the rules of docs/semantics.md: type checks, Many as any element,
// tokens for `matches`).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateItems } from '../examples/generate.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const distEnv = process.env.CATQ_DIST;
// CATQ_DIST may be a file URL or a plain path (with its trailing slash).
const dist = distEnv === undefined ? new URL('../dist/', import.meta.url).href : /^file:/.test(distEnv) ? distEnv : pathToFileURL(distEnv.endsWith('/') ? distEnv : distEnv + '/').href;
const cli = fileURLToPath(new URL('cli.js', dist));
const count = Number(process.env.CATQ_BENCH_ITEMS ?? 1_000_000);
const seed = 20261121;
const jq = process.env.JQ ?? '/usr/bin/jq';
const catalog = join(root, 'examples', 'catalog.json');

const queries = [
  {
    name: 'equality + range',
    catq: 'brand = "Acme" and price < 50',
    jq: 'select(.brand == "Acme" and (.price | type) == "number" and .price < 50)',
  },
  {
    name: 'one-of on a Many attribute + boolean',
    catq: 'tags one-of ["sale", "clearance"] and in_stock = true',
    jq: 'select(.in_stock == true and ((.tags | if type == "array" then . elif type == "string" then [.] else [] end) | any(.[]; . == "sale" or . == "clearance")))',
  },
  {
    name: 'full text (matches) + range',
    catq: 'title matches "waterproof jacket" and price >= 100',
    jq: 'select((.price | type) == "number" and .price >= 100 and (.title | type) == "string" and ([.title | scan("[\\\\p{L}\\\\p{M}\\\\p{Nd}]+") | ascii_downcase] | any(.[]; . == "waterproof") and any(.[]; . == "jacket")))',
  },
];

async function ensureData() {
  const file = join(here, '.data', `items-${count}-${seed}.ndjson`);
  if (existsSync(file)) return file;
  mkdirSync(dirname(file), { recursive: true });
  const tmp = file + '.tmp';
  const out = createWriteStream(tmp);
  let buf = '';
  const started = Date.now();
  for (const item of generateItems(count, seed)) {
    buf += JSON.stringify(item) + '\n';
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await new Promise((r) => out.once('drain', r));
      buf = '';
    }
  }
  out.write(buf);
  await new Promise((r, j) => out.end((e) => (e ? j(e) : r())));
  renameSync(tmp, file);
  console.log(`generated ${count} items into ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return file;
}

/** Runs a command, counting the lines it writes; resolves with seconds and the line count. */
function timed(cmd, args) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let lines = 0;
    let err = '';
    child.stdout.on('data', (b) => {
      for (let i = b.indexOf(10); i !== -1; i = b.indexOf(10, i + 1)) lines++;
    });
    child.stderr.on('data', (b) => (err += b));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      if (code !== 0) reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${err}`));
      else resolve({ seconds, lines });
    });
  });
}

function startup() {
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const cases = [
    ['node -e 0', ['-e', '0']],
    ['catq --version', [cli, '--version']],
    ['catq fmt (wire)', [cli, 'fmt', '[["brand","Acme"],[["<","price"],20]]']],
    ['catq fmt (infix)', [cli, 'fmt', 'brand = "Acme" and price < 20']],
    ['catq lint (infix)', [cli, 'lint', 'brand = "Acme" and price < 20']],
    ['catq lint (wire)', [cli, 'lint', '[["brand","Acme"],[["<","price"],20]]']],
  ];
  const rows = [];
  let base;
  for (const [name, args] of cases) {
    const times = [];
    for (let i = 0; i < 22; i++) {
      const t = process.hrtime.bigint();
      spawnSync(process.execPath, args, { stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } });
      if (i >= 2) times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    const m = med(times);
    base ??= m;
    rows.push({ command: name, 'median ms': +m.toFixed(1), 'min ms': +Math.min(...times).toFixed(1), 'added to node start, ms': +(m - base).toFixed(1) });
  }
  console.log('\nCLI start-up (20 spawns each, median wall time)');
  console.table(rows);
}

startup();
const file = await ensureData();
console.log(`\ncatq run vs jq select over ${count} items (${file})`);
const rows = [];
for (const q of queries) {
  // Alternate the order so neither tool always gets the warmer page cache.
  const a = await timed(process.execPath, [cli, 'run', '--catalog', catalog, '--items', file, '--output', 'raw', '--no-progress', q.catq]);
  const b = await timed(jq, ['-c', q.jq, file]);
  if (a.lines !== b.lines) console.warn(`!! ${q.name}: catq printed ${a.lines} matches, jq ${b.lines}; the filters differ`);
  rows.push({
    query: q.name,
    matches: a.lines,
    'catq s': +a.seconds.toFixed(2),
    'jq s': +b.seconds.toFixed(2),
    'catq items/s': Math.round(count / a.seconds),
    'jq items/s': Math.round(count / b.seconds),
    'jq time / catq time': +(b.seconds / a.seconds).toFixed(2),
  });
}
console.table(rows);
