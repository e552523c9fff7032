/**
 * A fixed-seed share of `npm run fuzz` (fuzz/): 400 inputs per untrusted entry point and the CLI
 * on 1 000 NDJSON lines, so that `npm test` catches a regression of totality, a hang or a
 * backend disagreeing with the evaluator. The full run is `npm run fuzz`.
 */
import { describe, expect, it } from 'vitest';
import { fuzzCli } from '../../fuzz/cli-target.js';
import { fuzzTarget } from '../../fuzz/run.js';
import { TARGETS } from '../../fuzz/targets.js';

describe('hostile inputs (a fixed-seed share of npm run fuzz)', () => {
  for (const target of TARGETS) {
    it(`${target.name}: 400 inputs, no throw, no hang, no disagreement`, async () => {
      const r = await fuzzTarget(target, 400, 20_261_123);
      expect(r.failures).toEqual([]);
      expect(r.hangs).toBe(0);
    });
  }

  it('the CLI: 4 runs of 250 lines, only documented exit statuses', () => {
    const r = fuzzCli(4, 250, 20_261_123);
    expect(r.failures).toEqual([]);
  });
});
