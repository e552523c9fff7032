// The regression guard: reruns the ratios of bench/ratios.mjs (the quick run) on the build in
// dist/ (or CATQ_DIST) and fails when one is worse than bench/record.json's by more than
// MARGIN (1.5x). Ratios, not times: the machine's speed and load cancel out.
//   npm run build && npm run bench:check            check
//   npm run bench:check -- --update                 write the record from this run
// A ratio over its margin is measured once more before the check fails (a burst of load on one
// side of a round is the usual cause of a single outlier).
import { readFileSync, writeFileSync } from 'node:fs';
import { measureRatios } from './ratios.mjs';

const MARGIN = 1.5;
const recordFile = new URL('./record.json', import.meta.url);
const update = process.argv.includes('--update');
const t0 = performance.now();

async function run() {
  return (await measureRatios({ quick: true })).ratios;
}

let ratios = await run();
if (update) {
  const record = { note: 'Written by `npm run bench:check -- --update` (bench/check.mjs); see docs/performance.md.', node: process.version, ratios: Object.fromEntries(Object.entries(ratios).map(([k, v]) => [k, +v.toFixed(3)])) };
  writeFileSync(recordFile, JSON.stringify(record, null, 2) + '\n');
  console.log('bench/record.json written:');
  console.table(record.ratios);
  process.exit(0);
}

const record = JSON.parse(readFileSync(recordFile, 'utf8')).ratios;
const over = (rs) => Object.keys(record).filter((k) => !(rs[k] <= record[k] * MARGIN));
if (over(ratios).length) {
  console.log(`over the margin (${over(ratios).join(', ')}): measuring again`);
  const again = await run();
  ratios = Object.fromEntries(Object.keys(ratios).map((k) => [k, Math.min(ratios[k], again[k])]));
}
const rows = Object.fromEntries(Object.keys(record).map((k) => [k, { recorded: record[k], now: +ratios[k].toFixed(3), limit: +(record[k] * MARGIN).toFixed(3), ok: ratios[k] <= record[k] * MARGIN }]));
console.table(rows);
const failed = over(ratios);
console.log(`bench:check ${failed.length ? 'FAILED' : 'passed'} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
if (failed.length) {
  console.error(`Worse than recorded by more than ${MARGIN}x: ${failed.join(', ')}. If the slowdown is intended, run npm run bench:check -- --update and commit bench/record.json.`);
  process.exit(1);
}
