// Runs every benchmark in bench/ against the built package (dist/), one after the other, so
// each compares catq with its peers in the same process and run. Usage: npm run bench [name...]
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
// Benchmarks that load a million items into a database run only when named (npm run bench scale).
const ON_REQUEST = ['scale.bench.mjs', 'pglite-memory.bench.mjs', 'shards.bench.mjs'];
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => (wanted.length === 0 ? !ON_REQUEST.includes(f) : wanted.some((w) => f.startsWith(w))))
  .sort((a, b) => Number(b.startsWith('ratios')) - Number(a.startsWith('ratios')) || a.localeCompare(b));
const unknown = wanted.filter((w) => !readdirSync(here).some((f) => f.endsWith('.bench.mjs') && f.startsWith(w)));
if (unknown.length) {
  process.stderr.write(`bench: no benchmark named ${unknown.map((w) => `"${w}"`).join(', ')} (names: ${readdirSync(here).filter((f) => f.endsWith('.bench.mjs')).map((f) => f.replace('.bench.mjs', '')).join(', ')})\n`);
  process.exit(2);
}
for (const f of files) {
  console.log(`\n### ${f}\n`);
  await import(pathToFileURL(join(here, f)).href);
}
