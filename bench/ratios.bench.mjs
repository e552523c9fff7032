// The speed ratios of docs/performance.md in one run: decode (+ validate) and parse against the
// JSON floor, compiled predicates against hand-written filters, with the peers.
//   npm run bench ratios   (QUICK=1 for the shorter run bench:check does)
import { GOALS, measureRatios } from './ratios.mjs';

const { ratios, peers, perQuery } = await measureRatios({ quick: !!process.env.QUICK });
console.log('\nCompiled predicates per query (x hand-written filter; lower is better):');
console.table(perQuery);
console.log('\nRatios (median of rounds, side by side; lower is better):');
console.table(
  Object.fromEntries([
    ...Object.entries(ratios).map(([k, v]) => [k, { ratio: +v.toFixed(2), goal: GOALS[k] ?? '', met: GOALS[k] === undefined ? '' : v <= GOALS[k] }]),
    ...Object.entries(peers).map(([k, v]) => [k, { ratio: +v.toFixed(2), goal: '', met: '' }]),
  ]),
);
