/**
 * The fuzz loop: `count` inputs per target from one seed; every throw, failed check and hang is
 * recorded with its input number (rerun with the same seed to get it back), and the slowest
 * input's time per byte is reported.
 */
import { Rng } from './rng.js';
import type { Target } from './targets.js';

/** An input taking longer than this is a hang (synchronous code cannot be interrupted, only timed). */
export const HANG_MS = 1000;

/** What one target's run found. */
export interface FuzzReport {
  readonly target: string;
  readonly inputs: number;
  /** Inputs that threw, failed a check, or hung: `#n: problem`. The first 10 are kept. */
  readonly failures: readonly string[];
  readonly failureCount: number;
  readonly hangs: number;
  /** The slowest input per byte: microseconds per byte, its time and size. */
  readonly slowest: { readonly usPerByte: number; readonly ms: number; readonly bytes: number };
  readonly totalMs: number;
}

/** Runs `count` inputs of `target` from `seed`. */
export async function fuzzTarget(target: Target, count: number, seed: number): Promise<FuzzReport> {
  const rng = new Rng(seed);
  const failures: string[] = [];
  let failureCount = 0;
  let hangs = 0;
  let slowest = { usPerByte: 0, ms: 0, bytes: 0 };
  await target.setup?.();
  const start = performance.now();
  try {
    for (let n = 0; n < count; n++) {
      let input;
      try {
        input = target.input(rng);
      } catch (e) {
        throw new Error(`the fuzz generator of ${target.name} failed on input #${n}: ${String(e)}`);
      }
      const t0 = performance.now();
      let problem: string | undefined;
      try {
        problem = await target.run(input.value);
      } catch (e) {
        problem = `threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
      }
      const ms = performance.now() - t0;
      if (ms > HANG_MS) {
        hangs++;
        problem ??= `hung (${ms.toFixed(0)} ms for ${input.bytes} bytes)`;
      }
      if (problem) {
        failureCount++;
        if (failures.length < 10) failures.push(`#${n}: ${problem.slice(0, 500)}`);
      }
      const usPerByte = (ms * 1000) / input.bytes;
      // Very small inputs measure timer noise; rank by time per byte among inputs of 64 bytes or more.
      if (input.bytes >= 64 && usPerByte > slowest.usPerByte) slowest = { usPerByte, ms, bytes: input.bytes };
    }
  } finally {
    await target.teardown?.();
  }
  return { target: target.name, inputs: count, failures, failureCount, hangs, slowest, totalMs: performance.now() - start };
}

/** The report as a Markdown table. */
export function reportTable(reports: readonly FuzzReport[]): string {
  const head = '| entry point | inputs | throws / failed checks | hangs | slowest per byte (µs/B, ms, bytes) | total s |\n|---|---:|---:|---:|---|---:|';
  const rows = reports.map(
    (r) => `| ${r.target} | ${r.inputs} | ${r.failureCount} | ${r.hangs} | ${r.slowest.usPerByte.toFixed(2)} (${r.slowest.ms.toFixed(2)} ms, ${r.slowest.bytes} B) | ${(r.totalMs / 1000).toFixed(1)} |`,
  );
  return [head, ...rows].join('\n');
}
