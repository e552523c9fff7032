/**
 * The seed and the number of runs of every property test. By default each property runs its own
 * fixed seed and count, so CI is repeatable. Two environment variables explore other cases:
 *
 * - `CATQ_PROPERTY_SEED=<integer>`: every property runs from its seed XOR this number;
 * - `CATQ_PROPERTY_RUNS=<factor>`: every property runs that many times its usual count.
 *
 * `CATQ_PROPERTY_SEED=$RANDOM CATQ_PROPERTY_RUNS=4 npm test` is how the counterexamples kept in
 * test/sql/regressions.ts and beside the properties were found. A failure prints fast-check's
 * seed and path; keep the counterexample as a regression case (README, "Development").
 */

function numberFromEnv(name: string, fallback: number, usable: (n: number) => boolean, example: string): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!usable(n)) throw new Error(`${name}=${JSON.stringify(text)} is not usable: give ${example}.`);
  return n;
}

const shift = numberFromEnv('CATQ_PROPERTY_SEED', 0, Number.isSafeInteger, 'an integer such as 12345') | 0;
// At least 1: some properties also check that their cases did enough (walked so many pages).
const factor = numberFromEnv('CATQ_PROPERTY_RUNS', 1, (n) => Number.isFinite(n) && n >= 1, 'a factor of 1 or more, such as 4');

/** The seed a property runs from: its own, or its own XOR `CATQ_PROPERTY_SEED`. */
export function propertySeed(fixed: number): number {
  return shift === 0 ? fixed : (fixed ^ shift) >>> 0;
}

/** How many cases a property runs: its own count times `CATQ_PROPERTY_RUNS` (at least one). */
export function propertyRuns(fixed: number): number {
  return Math.max(1, Math.round(fixed * factor));
}
