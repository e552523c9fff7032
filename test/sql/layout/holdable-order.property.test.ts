/**
 * holdableOrder restates `x op value` for a value PostgreSQL cannot bind (U+0000, a lone
 * surrogate) as an order against a value it can: for every string x PostgreSQL can hold, the
 * restated order must say what the evaluator's code point order says of the original.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdableOrder, pgHolds } from '../../../src/sql/layout/safe-text.js';
import { compareCodePoints } from '../../../src/text/index.js';
import { propertyRuns, propertySeed } from '../../support/property-runs.js';

const OPS = ['<', '<=', '>', '>='] as const;
const holds = (c: number, op: (typeof OPS)[number]): boolean => (op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0);

/** Characters around every boundary the restatement uses (U+0000, the surrogates, U+E000) and outside the BMP. */
const near = ['\u0000', '\u0001', 'a', 'b', '\uD7FF', '\uE000', '\uE001', '\uFFFF', '\u{10000}', '\u{1F600}', '\u{10FFFF}'];
const wellFormed = fc.string({ unit: fc.oneof(fc.constantFrom(...near.slice(1)), fc.integer({ min: 1, max: 0x10ffff }).filter((c) => c < 0xd800 || c > 0xdfff).map((c) => String.fromCodePoint(c))), maxLength: 5 });
const anyUnits = fc.string({ unit: fc.oneof(fc.constantFrom(...near, '\uD800', '\uDBFF', '\uD83D', '\uDC00', '\uDE00', '\uDFFF'), fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c))), maxLength: 5 });

describe('holdableOrder', () => {
  it('gives the evaluator answer for every string PostgreSQL can hold (property)', () => {
    fc.assert(
      fc.property(wellFormed, anyUnits, fc.constantFrom(...OPS), (x, value, op) => {
        fc.pre(pgHolds(x));
        const h = holdableOrder(op, value);
        expect(pgHolds(h.value)).toBe(true);
        expect(holds(compareCodePoints(x, h.value), h.op)).toBe(holds(compareCodePoints(x, value), op));
      }),
      { seed: propertySeed(0x5eed0771), numRuns: propertyRuns(2000) },
    );
  });

  it('restates a lone surrogate as the least code point above the surrogates, U+E000', () => {
    expect(holdableOrder('<', 'a\uDC00b')).toEqual({ op: '<', value: 'a\uE000' });
    expect(holdableOrder('>=', 'a\uD83D')).toEqual({ op: '>=', value: 'a\uE000' });
    expect(holdableOrder('<=', 'a\u0000')).toEqual({ op: '<=', value: 'a' });
    expect(holdableOrder('>', 'ab')).toEqual({ op: '>', value: 'ab' });
  });
});
