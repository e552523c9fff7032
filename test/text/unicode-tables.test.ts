/** The Unicode tables the compilers' text matching is built on, checked over all of Unicode. */
import { describe, expect, it } from 'vitest';
import { isTokenCodePoint, lowerPreimages, multiCodePointLowers, preimagesOf, tokenCharRanges } from '../../src/text/index.js';

describe('unicode tables', () => {
  it('are exactly what testing every code point one by one gives', () => {
    const isToken = /^[\p{L}\p{M}\p{Nd}]$/u;
    const brute = new Map<string, number[]>();
    const ranges: [number, number][] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (!isToken.test(ch)) continue;
      const last = ranges[ranges.length - 1];
      if (last && last[1] === cp - 1) last[1] = cp;
      else ranges.push([cp, cp]);
      const l = ch.toLowerCase();
      brute.set(l, [...(brute.get(l) ?? []), cp]);
    }
    expect(tokenCharRanges()).toEqual(ranges);
    expect(new Map(lowerPreimages())).toEqual(brute);
  });

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

});

describe('preimagesOf', () => {
  it('agrees with the whole inverse map for every lower-case form', () => {
    for (const [lower, cps] of lowerPreimages()) expect(preimagesOf(lower)).toEqual(cps);
    expect(preimagesOf('-')).toEqual([]);
    expect(preimagesOf('K')).toEqual([]); // nothing lower-cases to a capital
    expect(preimagesOf('k')).toEqual([0x4b, 0x6b, 0x212a]);
  });
});
