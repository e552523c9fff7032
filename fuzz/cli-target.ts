/**
 * The CLI under fuzz: each run is one `catq run` process on a generated query and an NDJSON file
 * of generated and mutated lines (the inputs counted are the lines). The documented exit
 * statuses are 0, 1 and 2; 3 (an internal error) or a stack trace is a failure.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONFORMANCE_ITEMS, INFIX_SEEDS } from './corpus.js';
import { mutateText } from './mutate.js';
import { Rng } from './rng.js';
import type { FuzzReport } from './run.js';

// The built CLI: CATQ_CLI when set (as for test/cli), else dist/cli.js (npm run fuzz builds it first).
const CLI = process.env['CATQ_CLI'] ?? new URL('../dist/cli.js', import.meta.url).pathname;

function line(rng: Rng): string {
  const item = rng.pick(CONFORMANCE_ITEMS);
  // Odd lines that are still one JSON value each (a hostile JavaScript value cannot be written
  // to a file as it is; JSON.stringify of a huge sparse array would even abort the process).
  const odd = ['null', '[]', '"x"', '{"id":null}', '{"id":""}', '{"id":"\\ud800"}', '{"__proto__":{"id":1}}', '{"id":1e400}', '{"id":-0}', '[{"id":1}]'];
  const s = rng.chance(0.1) ? rng.pick(odd) : (JSON.stringify(item) ?? 'null');
  return rng.chance(0.3) ? mutateText(rng, s).replace(/\n/g, ' ') : s;
}

/** Runs `processes` CLI calls of `linesPerRun` NDJSON lines each. */
export function fuzzCli(processes: number, linesPerRun: number, seed: number): FuzzReport {
  const rng = new Rng(seed);
  const dir = mkdtempSync(join(tmpdir(), 'catq-fuzz-'));
  const failures: string[] = [];
  let failureCount = 0;
  let hangs = 0;
  let slowest = { usPerByte: 0, ms: 0, bytes: 0 };
  const start = performance.now();
  try {
    for (let n = 0; n < processes; n++) {
      const lines = Array.from({ length: linesPerRun }, () => line(rng));
      const body = Buffer.from(lines.join(rng.chance(0.5) ? '\n' : '\r\n'));
      // Now and then invalid UTF-8 in the middle of a line.
      const bytes = rng.chance(0.2) ? Buffer.concat([body.subarray(0, body.length >> 1), Buffer.from([0xc3, 0x28]), body.subarray(body.length >> 1)]) : body;
      const file = join(dir, `items-${n}.ndjson`);
      writeFileSync(file, bytes);
      const query = rng.chance(0.7) ? rng.pick(['price < 100', 'brand = "Acme"', 'title matches "shoe"', 'tags one-of ["a"]']) : mutateText(rng, rng.pick(INFIX_SEEDS));
      // A command-line argument cannot hold NUL (the OS ends it there): replace it.
      const argQuery = query.replace(/\u0000/g, ' ');
      const args = ['run', '--items', file, ...(rng.chance(0.5) ? ['--skip-bad-lines'] : []), ...(rng.chance(0.3) ? ['--output', 'listed'] : []), ...(rng.chance(0.2) ? ['--limit', '3'] : []), '--', argQuery];
      const t0 = performance.now();
      const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1', CATQ_DEBUG: '' } });
      const ms = performance.now() - t0;
      let problem: string | undefined;
      if (r.error) problem = `did not finish: ${r.error.message}`;
      else if (r.status === null || ![0, 1, 2].includes(r.status)) problem = `exit ${String(r.status)}: ${r.stderr.slice(0, 300)}`;
      else if (/\n\s+at .+:\d+:\d+\)?\n/.test(r.stderr)) problem = `stack trace: ${r.stderr.slice(0, 300)}`;
      if (ms > 30_000) hangs++;
      if (problem) {
        failureCount++;
        if (failures.length < 10) failures.push(`#${n}: ${problem}`);
      }
      const usPerByte = (ms * 1000) / bytes.length;
      if (usPerByte > slowest.usPerByte) slowest = { usPerByte, ms, bytes: bytes.length };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { target: `CLI (${processes} runs)`, inputs: processes * linesPerRun, failures, failureCount, hangs, slowest, totalMs: performance.now() - start };
}
