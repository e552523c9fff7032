/**
 * The test tool the MongoDB-order runs rest on: the code point image is an order-isomorphism
 * (JavaScript's code-unit order on images equals code point order on originals) and injective,
 * for well-formed strings (the only ones MongoDB can store).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodePoints } from '../../src/text/index.js';
import { codePointImage } from './mingo-harness.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

// Well-formed strings only: MongoDB stores UTF-8, where a lone surrogate cannot exist.
const charArb = fc.oneof(
  fc.constantFrom('a', 'b', '\u00e9', '\uD7FF', '\uE000', '\uFFFD', '\uFFFF', '\u{10000}', '\u{1F600}', '\u{10FFFF}', ''),
  fc.string({ unit: 'grapheme', maxLength: 2 }),
);
const strArb = fc.array(charArb, { maxLength: 6 }).map((cs) => cs.join(''));

describe('codePointImage', () => {
  it('orders images by code unit exactly as originals by code point', () => {
    fc.assert(
      fc.property(strArb, strArb, (a, b) => {
        const x = codePointImage(a);
        const y = codePointImage(b);
        expect(Math.sign(x < y ? -1 : x > y ? 1 : 0)).toBe(Math.sign(compareCodePoints(a, b)));
      }),
      { seed: propertySeed(0x5eed0b1e), numRuns: propertyRuns(2000) },
    );
  });

  it('is the case that needs it: UTF-16 order and code point order disagree without it', () => {
    expect('\uFFFD' < '\u{1F600}').toBe(false);
    expect(codePointImage('\uFFFD') < codePointImage('\u{1F600}')).toBe(true);
  });
});
