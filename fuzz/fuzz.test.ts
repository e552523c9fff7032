/**
 * `npm run fuzz`: FUZZ_RUNS inputs (default 100 000) per untrusted entry point, plus the CLI on
 * as many NDJSON lines, from FUZZ_SEED (default 14). Prints the report table and writes it to
 * test-artifacts/fuzz-report.md. Any throw, failed check or hang fails the run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { fuzzCli } from './cli-target.js';
import { fuzzTarget, reportTable, type FuzzReport } from './run.js';
import { TARGETS } from './targets.js';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 100_000);
const SEED = Number(process.env['FUZZ_SEED'] ?? 14);
const reports: FuzzReport[] = [];

describe(`fuzz: ${RUNS} inputs per entry point, seed ${SEED}`, () => {
  for (const target of TARGETS) {
    it(target.name, async () => {
      const r = await fuzzTarget(target, RUNS, SEED);
      reports.push(r);
      expect(r.failures, `${r.failureCount} failures`).toEqual([]);
      expect(r.hangs).toBe(0);
    });
  }

  it('CLI', () => {
    const processes = Math.max(2, Math.ceil(RUNS / 500));
    const r = fuzzCli(processes, 500, SEED);
    reports.push(r);
    expect(r.failures, `${r.failureCount} failures`).toEqual([]);
  });

  // The table is written whatever failed, so that a failing run still reports what it measured.
  afterAll(() => {
    const table = reportTable(reports);
    console.log(`\n${table}\n`);
    mkdirSync(new URL('../test-artifacts/', import.meta.url), { recursive: true });
    writeFileSync(new URL('../test-artifacts/fuzz-report.md', import.meta.url), `# Fuzz report (${RUNS} inputs per entry point, seed ${SEED})\n\n${table}\n`);
  });
});
