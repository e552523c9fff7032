/**
 * checkLimits skips the tokenizer for values too short to pass any limit (src/check/limits.ts):
 * it must report exactly what cutting every value into words reports (fixed seeds).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { clause, query } from '../../src/ast/index.js';
import type { Diagnostic } from '../../src/diagnostics/index.js';
import { checkLimits, checkLimitsByWords, DEFAULT_QUERY_LIMITS } from '../../src/check/limits.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

// Pieces that grow when lower-cased (U+0130), astral letters, marks, digits and separators.
const piece = fc.constantFrom('İ', 'i', 'A', '𐐀', '😀', 'e\u0301', '9', ' ', '-', 'ß', 'Σ', 'ab', 'İİİİ', '');
const valueArb = fc.array(piece, { maxLength: 40 }).map((p) => p.join(''));
const queryArb = fc.array(fc.tuple(fc.constantFrom('matches', 'matches-phrase', '=') as fc.Arbitrary<'matches' | 'matches-phrase' | '='>, valueArb), { maxLength: 5 })
  .map((cs) => query(cs.map(([op, v], i) => clause(op, `f${i}`, v))));
const limitsArb = fc.record({ maxTokenLength: fc.nat({ max: 40 }), maxTokens: fc.nat({ max: 20 }), maxPatternSize: fc.nat({ max: 120 }) }).map((l) => ({ ...DEFAULT_QUERY_LIMITS, ...l }));

describe('checkLimits', () => {
  test('reports what cutting every value into words reports', () => {
    let reported = 0;
    fc.assert(
      fc.property(queryArb, fc.oneof(limitsArb, fc.constant(DEFAULT_QUERY_LIMITS)), (q, limits) => {
        const fast: Diagnostic[] = [];
        const exact: Diagnostic[] = [];
        checkLimits(q, limits, fast);
        checkLimitsByWords(q, limits, exact);
        expect(fast).toEqual(exact);
        if (exact.length) reported++;
      }),
      { seed: propertySeed(0x20c1), numRuns: propertyRuns(2000) },
    );
    expect(reported).toBeGreaterThan(100); // not vacuous: limits are passed, close to their bound
  });

  test('a value of 50 U+0130 passes no default limit; one more word-length does', () => {
    const at = (n: number) => {
      const out: Diagnostic[] = [];
      checkLimits(query([clause('matches', 't', 'İ'.repeat(n))]), DEFAULT_QUERY_LIMITS, out);
      return out.map((d) => d.code);
    };
    expect(at(50)).toEqual([]);
    expect(at(51)).toEqual(['limit/token-too-long']);
  });
});
