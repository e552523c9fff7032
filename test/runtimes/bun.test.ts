/**
 * catq runs in Bun: program.mjs against the built package and a real
 * catq-server, its results equal Node's and the evaluator's (support/runtime-suite.ts).
 * `npm test` builds dist/ first; by hand: `npm run build && npx vitest run test/runtimes/bun.test.ts`.
 */
import { runtimeSuite } from './support/runtime-suite.js';

runtimeSuite('bun');
