/** The assumptions the SQL text matching is built on, checked over all of Unicode. */
import { describe, expect, it } from 'vitest';
import { isTokenCodePoint, lowerPreimages, multiCodePointLowers, tokenCharRanges } from '../../src/sql/unicode-tables.js';
import { tokenPattern } from '../../src/sql/text-match.js';

describe('unicode tables', () => {
  it('token ranges are exactly [\\p{L}\\p{M}\\p{Nd}]', () => {
    for (const cp of [0x41, 0x30, 0x663, 0x301, 0x1d4b3, 0x212a, 0x20, 0x2d, 0x1f600, 0x5f]) {
      expect(isTokenCodePoint(cp)).toBe(/[\p{L}\p{M}\p{Nd}]/u.test(String.fromCodePoint(cp)));
    }
    expect(tokenCharRanges().length).toBeGreaterThan(500);
  });

  it('every token character lower-cases to token characters (so lower-casing never re-cuts tokens)', () => {
    for (const lower of lowerPreimages().keys()) {
      for (const c of lower) expect(isTokenCodePoint(c.codePointAt(0)!)).toBe(true);
    }
  });

  it('lower-casing is idempotent on lower-case forms', () => {
    for (const lower of lowerPreimages().keys()) expect(lower.toLowerCase()).toBe(lower);
  });

  it('only İ lower-cases to several code points', () => {
    expect(multiCodePointLowers()).toEqual(['i\u0307']);
    expect(lowerPreimages().get('i\u0307')).toEqual([0x130]);
  });

  it('final sigma depends only on neighbours whose case properties survive lower-casing', () => {
    // A capital sigma's lower case is decided by cased / case-ignorable neighbours; the pattern
    // builder decides it on the lower-cased token, so each character must keep those properties.
    for (const [lower, cps] of lowerPreimages()) {
      for (const cp of cps) {
        const raw = String.fromCodePoint(cp);
        expect(('Α' + raw + 'Σ').toLowerCase().endsWith('ς')).toBe(('Α' + lower + 'Σ').toLowerCase().endsWith('ς'));
        expect(('ΑΣ' + raw).toLowerCase().startsWith('ας')).toBe(('ΑΣ' + lower).toLowerCase().startsWith('ας'));
      }
    }
  });

  it('token patterns: Kelvin sign, sigma by position, İ', () => {
    expect(tokenPattern('k')).toBe('[Kk\u212A]');
    expect(tokenPattern('ας')).toBe('[Αα][Σς]');
    expect(tokenPattern('σα')).toBe('[Σσ][Αα]');
    expect(tokenPattern('i\u0307')).toBe('(?:[Ii]\u0307|\u0130)');
  });
});
