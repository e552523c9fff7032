#!/usr/bin/env node
/**
 * Times `npm start` until the service says "listening": `node scripts/measure-start.mjs [--fresh] [--runs N]`.
 * --fresh first removes what `npm start` builds or caches (dist/, packages/server/dist,
 * packages/playground/dist, node_modules/.cache/catq-demo, catq-server's saved empty cluster), as
 * on a fresh clone after `npm ci --ignore-scripts` (a plain `npm ci` builds, in its `prepare`
 * script: to time the first start after it, remove node_modules/.cache/catq-demo and
 * packages/server/node_modules/.cache/catq-server only).
 * Prints one line per run, with `node -e 0` on the same machine for scale.
 */
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const fresh = args.includes('--fresh');
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 1;
if (!Number.isInteger(runs) || runs < 1 || args.some((a, i) => a !== '--fresh' && a !== '--runs' && args[i - 1] !== '--runs')) {
  process.stderr.write('usage: node scripts/measure-start.mjs [--fresh] [--runs N]\n');
  process.exit(2);
}

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

function once() {
  return new Promise(async (resolve, reject) => {
    const port = await freePort();
    const t = performance.now();
    const child = spawn('npm', ['start', '--silent'], { cwd: root, env: { ...process.env, PORT: String(port) }, detached: true });
    let out = '';
    const onData = (d) => {
      out += d;
      if (out.includes('listening on')) {
        const ms = performance.now() - t;
        process.kill(-child.pid, 'SIGINT'); // as Ctrl-C in a terminal
        resolve({ ms, out });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => reject(new Error(`npm start ended (${code}) before listening:\n${out}`)));
  });
}

const t0 = performance.now();
spawnSync(process.execPath, ['-e', '0']);
const floor = performance.now() - t0;
for (let i = 0; i < runs; i++) {
  if (fresh) for (const d of ['dist', 'packages/server/dist', 'packages/playground/dist', 'node_modules/.cache/catq-demo', 'packages/server/node_modules/.cache/catq-server']) rmSync(root + d, { recursive: true, force: true });
  const { ms, out } = await once();
  if (i === 0) process.stdout.write(out.split('\n').map((l) => `  | ${l}`).join('\n') + '\n');
  process.stdout.write(`${fresh ? 'fresh' : 'again'} start ${i + 1}: ready after ${(ms / 1000).toFixed(2)} s (node -e 0: ${floor.toFixed(0)} ms)\n`);
}
