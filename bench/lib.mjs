// Shared helpers for the benchmarks: measure several contenders on the same workload in the
// same run with tinybench, and print times as ratios to a baseline.
import { pathToFileURL } from 'node:url';
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
