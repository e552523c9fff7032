// Shared helpers for the benchmarks: measure several contenders on the same workload in the
// same run with tinybench, and print times as ratios to a baseline.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Bench } from 'tinybench';

/**
 * Runs `tasks` ({ name: fn }) and prints a table of mean time per call and the ratio to the
 * task named `baseline`. Returns { name: meanMs }.
 */
export async function compare(title, tasks, { baseline, time = 300, warmupTime = 100, iterations, warmupIterations } = {}) {
  const bench = new Bench({ time, warmupTime, ...(iterations ? { iterations } : {}), ...(warmupIterations !== undefined ? { warmupIterations } : {}) });
  for (const [name, fn] of Object.entries(tasks)) bench.add(name, fn);
  await bench.run();
  const means = {};
  for (const t of bench.tasks) means[t.name] = t.result?.latency?.mean ?? t.result?.mean ?? NaN;
  const base = means[baseline ?? Object.keys(tasks)[0]];
  console.log(`\n${title}`);
  const rows = Object.entries(means).map(([name, ms]) => ({
    contender: name,
    'mean µs': +(ms * 1000).toFixed(3),
    [`x ${baseline ?? Object.keys(tasks)[0]}`]: +(ms / base).toFixed(2),
  }));
  console.table(rows);
  return means;
}

/** The geometric mean of positive numbers. */
export function geomean(xs) {
  return Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
}

/**
 * The URL (ending in /) of the build to measure: `CATQ_DIST` (a path or a file: URL) when set,
 * else the repository's dist/.
 */
export function distUrl() {
  const given = process.env.CATQ_DIST;
  if (!given) return new URL('../dist/', import.meta.url).href;
  if (/^[a-z]+:\/\//i.test(given)) return given.endsWith('/') ? given : given + '/';
  return pathToFileURL(given.endsWith('/') ? given : given + '/').href;
}

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * Starts a Node script of the repository (`packages/server/bin/catq-server.js`, a baseline
 * server) and resolves to `{ url, child }` once it prints `listening on URL`. `stderr`: `inherit`
 * or `ignore` (what a request log costs is writing it, so a log can go to /dev/null).
 */
export function startListening(script, args, { stderr = 'inherit' } = {}) {
  const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', stderr] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${out}`)));
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve({ url: m[1], child });
    });
  });
}

/** SIGTERM, resolved when the process has exited. */
export function stopChild(child) {
  return new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM'))));
}

/** The resident memory of a process in MB (Linux), NaN when it cannot be read. */
export function rssMb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return NaN;
  }
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One GET over a kept-alive connection, timed as HTTP load tools time it: from sending the
 * request to the last byte of the response, as a browser would ask for it (`Accept-Encoding:
 * gzip, deflate, br`). The body is decoded and read after the clock stops. (Node's `fetch`
 * added 1.0 ms to a 26 KB page on this machine, its streams and decoding, and 0.36 ms to a Get
 * Catalog Item: a client's cost, not the service's.) Returns { ms, status, text }.
 */
export function timedGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = request(url, { agent: keepAlive, headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const ms = performance.now() - t;
        try {
          const body = Buffer.concat(chunks);
          const enc = res.headers['content-encoding'];
          const raw = enc === 'br' ? brotliDecompressSync(body) : enc === 'gzip' ? gunzipSync(body) : enc === 'deflate' ? inflateSync(body) : body;
          resolve({ ms, status: res.statusCode, text: raw.toString('utf8') });
        } catch (e) {
          reject(e); // a body that does not decode fails the bench, with its cause
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The URL of the database a `BENCH_DB=<name> npm run bench scale` run loaded and kept, for the
 * scripts that measure the service on it (`script`: their path, for the messages). They take no
 * arguments; a missing BENCH_DB or an argument ends the process with status 2 and one line.
 * DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432).
 */
export function keptDatabaseUrl(script) {
  if (process.argv.length > 2) {
    console.error(`${script} takes no arguments (got ${process.argv.slice(2).join(' ')}); set BENCH_DB to a database that npm run bench scale kept.`);
    process.exit(2);
  }
  const db = process.env.BENCH_DB;
  if (!db) {
    console.error(`${script}: set BENCH_DB to a database that \`BENCH_DB=<name> npm run bench scale\` loaded and kept.`);
    process.exit(2);
  }
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432');
  server.pathname = `/${db}`;
  return { db, url: server };
}
