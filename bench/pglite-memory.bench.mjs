// catq-server on embedded PGlite under a write load: does the process's memory stay flat? (issue
// 21: without maintenance it grew from 487 MB to 952 MB in 60 s of load and never came back.)
// A real `catq-server` process on PGlite in memory; four clients upsert the same 5,000 items
// (1000-item batches, prices changed each round, so every write leaves dead row versions) for
// DURATION seconds, then the service idles IDLE seconds. The server's resident memory (VmRSS)
// is sampled every 5 s, with the items written so far. Run only when named: npm run bench pglite-memory.
//
// Env: DURATION (default 60), IDLE (default 15). Needs `npm run build`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalog, generateItems } from '../examples/generate.mjs';
import { rssMb, startListening, stopChild } from './lib.mjs';

const DURATION = Number(process.env.DURATION ?? 60) * 1000;
const IDLE = Number(process.env.IDLE ?? 15) * 1000;
const KEY = 'bench-key';

const dir = mkdtempSync(join(tmpdir(), 'catq-pglite-mem-'));
writeFileSync(join(dir, 'catalog.json'), JSON.stringify(catalog));
const { url, child } = await startListening('packages/server/bin/catq-server.js', ['--port', '0', '--catalog', join(dir, 'catalog.json'), '--api-key', KEY, '--log-level', 'warn']);
try {
  const items = [...generateItems(5000, 3)];
  const endpoint = `${url}/v1/catalog/${catalog.Id}/product/batch/upsert`;
  let written = 0;
  let round = 0;
  const samples = [{ at: 0, phase: 'started', rss: rssMb(child.pid), written }];
  const t0 = performance.now();
  const timer = setInterval(() => samples.push({ at: Math.round((performance.now() - t0) / 1000), phase: performance.now() - t0 < DURATION ? 'load' : 'idle', rss: rssMb(child.pid), written }), 5000);
  const client = async () => {
    while (performance.now() - t0 < DURATION) {
      const r = round++;
      const start = (r % 5) * 1000;
      const batch = items.slice(start, start + 1000).map((it) => ({ ...it, price: Math.round((Number(it.price) || 1) * (1 + (r % 7) / 100) * 100) / 100 }));
      const res = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Service-ApiKey': KEY }, body: JSON.stringify({ Items: batch }) });
      await res.text();
      if (res.status !== 200) throw new Error(`upsert: ${res.status}`);
      written += batch.length;
    }
  };
  await Promise.all([client(), client(), client(), client()]);
  await new Promise((r) => setTimeout(r, IDLE));
  clearInterval(timer);
  samples.push({ at: Math.round((performance.now() - t0) / 1000), phase: 'end', rss: rssMb(child.pid), written });
  console.log(`\ncatq-server on PGlite (in memory): 5,000 items upserted again and again by 4 clients for ${DURATION / 1000} s, then ${IDLE / 1000} s idle; resident memory of the service process`);
  console.table(samples.map((s) => ({ 's': s.at, phase: s.phase, 'RSS MB': Math.round(s.rss), 'items written': s.written })));
  const load = samples.filter((s) => s.phase === 'load');
  const half = load.filter((s) => s.at >= DURATION / 2000);
  if (half.length) {
    const growth = Math.round(Math.max(...half.map((s) => s.rss)) - Math.min(...half.map((s) => s.rss)));
    console.log(`Second half of the load: RSS between ${Math.round(Math.min(...half.map((s) => s.rss)))} and ${Math.round(Math.max(...half.map((s) => s.rss)))} MB (a spread of ${growth} MB) while ${half.at(-1).written - half[0].written} more items were written.`);
  }
} finally {
  await stopChild(child);
  rmSync(dir, { recursive: true, force: true });
}
