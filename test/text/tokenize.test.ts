import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodePoints, containsPhrase, hasToken, matchesAll, tokenize } from '../../src/text/index.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

describe('tokenize', () => {
  it('splits on everything but letters, marks and decimal digits', () => {
    expect(tokenize('Red&Shoe, size-42!')).toEqual(['red', 'shoe', 'size', '42']);
    expect(tokenize('café naïve')).toEqual(['café', 'naïve']);
    expect(tokenize('e\u0301t\u00e9')).toEqual(['e\u0301t\u00e9']); // combining acute stays in the token
    expect(tokenize('١٢٣ abc')).toEqual(['١٢٣', 'abc']); // Arabic-Indic digits are Nd
    expect(tokenize('x²y')).toEqual(['x', 'y']); // superscript two is No, not Nd
    expect(tokenize('\u{10400}\u{1D400} 😀 ok')).toEqual(['\u{10428}\u{1D400}', 'ok']); // astral letters: Deseret lower-cases, math bold has no case; emoji separate
    expect(tokenize('İstanbul')).toEqual(['i̇stanbul']);
    expect(tokenize('___')).toEqual([]);
  });

  it('lower-cases locale-independently, token by token', () => {
    expect(tokenize('STRASSE Straße ΣΊΣΥΦΟΣ')).toEqual(['strasse', 'straße', 'σίσυφος']);
    expect(tokenize('\u212A')).toEqual(['k']); // Kelvin sign
  });

  it('answers matches and matches-phrase', () => {
    expect(matchesAll('Red running shoe', tokenize('shoe & red'))).toBe(true);
    expect(matchesAll('Red running shoe', tokenize('shoes'))).toBe(false);
    expect(containsPhrase('The red, running shoe', tokenize('RED running'))).toBe(true);
    expect(containsPhrase('The red, running shoe', tokenize('red shoe'))).toBe(false);
    expect(containsPhrase('a b a b c', tokenize('a b c'))).toBe(true);
    expect(matchesAll('anything', [])).toBe(false);
    expect(hasToken(' & - ')).toBe(false);
    expect(hasToken('a')).toBe(true);
    expect(hasToken('a')).toBe(true); // the shared regex must not keep state between calls
  });

  it('finds every token of the text itself (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const tokens = tokenize(s);
        expect(matchesAll(s, tokens) || tokens.length === 0).toBe(true);
        expect(containsPhrase(s, tokens) || tokens.length === 0).toBe(true);
      }),
      { seed: propertySeed(0x5eed0002), numRuns: propertyRuns(300) },
    );
  });
});

describe('compareCodePoints', () => {
  const byCodePoints = (a: string, b: string) => {
    const x = [...a].map((c) => c.codePointAt(0) as number);
    const y = [...b].map((c) => c.codePointAt(0) as number);
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
    return x.length - y.length;
  };

  it('orders astral characters after U+FFFF, unlike UTF-16', () => {
    expect('😀' < '\uffff').toBe(true); // JavaScript compares code units
    expect(compareCodePoints('😀', '\uffff')).toBeGreaterThan(0);
    expect(compareCodePoints('a', 'b')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'a')).toBeGreaterThan(0);
    expect(compareCodePoints('x', 'x')).toBe(0);
  });

  it('puts a lone surrogate at its own code point: below U+E000 and below every code point above U+FFFF', () => {
    expect(compareCodePoints('\udc00', '\ue000')).toBeLessThan(0);
    expect(compareCodePoints('\ud800', '\ue000')).toBeLessThan(0);
    expect(compareCodePoints('\udc00', '😀')).toBeLessThan(0);
    expect(compareCodePoints('\ud83d', '😀')).toBeLessThan(0); // the high half alone, then the pair
    expect(compareCodePoints('\ud800\udbff\udfff', '\ud800\udc00')).toBeLessThan(0); // lone U+D800 then U+10FFFF, against U+10000
    expect(compareCodePoints('\ud83d\ue000', '😀')).toBeLessThan(0); // a high surrogate left alone by the unit after it
    expect(compareCodePoints('a\udfff', 'a\ud800')).toBeGreaterThan(0);
    expect(compareCodePoints('\ud800', '\ud7ff')).toBeGreaterThan(0);
  });

  it('agrees in sign with comparing code point arrays, lone surrogates included (property)', () => {
    // Pieces that pair up when adjacent (a high then a low surrogate) as well as whole characters.
    const str = fc.string({
      unit: fc.oneof(
        fc.constantFrom('a', '\ue000', '\uffff', '😀', '𝐀', '\u00e9', '\ud800', '\udbff', '\ud83d', '\udc00', '\ude00', '\udfff', '\ud7ff'),
        fc.integer({ min: 0, max: 0x10ffff }).map((c) => (c >= 0xd800 && c <= 0xdfff ? String.fromCharCode(c) : String.fromCodePoint(c))),
      ),
    });
    fc.assert(
      fc.property(str, str, (a, b) => {
        expect(Math.sign(compareCodePoints(a, b))).toBe(Math.sign(byCodePoints(a, b)));
      }),
      { seed: propertySeed(0x5eed0003), numRuns: propertyRuns(500) },
    );
  });
});
