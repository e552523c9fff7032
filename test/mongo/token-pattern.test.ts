/**
 * The regex building blocks of `matches` / `matches-phrase`: the literal token class is exactly the
 * tokenizer's class, patterns hold nothing but token characters and regex syntax, fit MongoDB's
 * pattern size limit, and the case expansion rests on facts about Unicode checked exhaustively.
 */
import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/text/index.js';
import { finalSigmaAt, isTokenChar, tokenClass, tokenPattern, tokenRunPattern } from '../../src/mongo/token-pattern.js';

const SYNTAX = new Set(['^', '$', '[', ']', '(', ')', '?', ':', '|', '!', '-', '+']);

function* allChars(): Generator<string> {
  for (let cp = 0; cp <= 0x10ffff; cp++) if (cp < 0xd800 || cp > 0xdfff) yield String.fromCodePoint(cp);
}

describe('token class', () => {
  it('is exactly the tokenizer class, code point by code point', () => {
    const cls = new RegExp('^' + tokenClass() + '$', 'u');
    let mismatches = 0;
    for (const ch of allChars()) if (cls.test(ch) !== (tokenize(ch).length === 1)) mismatches++;
    expect(mismatches).toBe(0);
  });

  it('fits MongoDB\'s 16 kB pattern limit with room to spare', () => {
    expect(Buffer.byteLength(tokenRunPattern(), 'utf8')).toBeLessThan(8000);
  });

  it('contains no escape and no metacharacter between its brackets', () => {
    const body = tokenClass().slice(1, -1);
    for (const ch of body) if (ch !== '-') expect(isTokenChar(ch), JSON.stringify(ch)).toBe(true);
  });
});

describe('token patterns', () => {
  it('hold only token characters and regex syntax (no user text reaches a pattern raw)', () => {
    for (const t of ['a', 'red', 'i\u0307stanbul', 'οδος', '\u{10428}x', 'x200', 'caf\u00e9']) {
      for (const ch of tokenPattern(t)) expect(SYNTAX.has(ch) || isTokenChar(ch), JSON.stringify(ch)).toBe(true);
    }
  });

  it('match every token character by its lower case, for every token character', () => {
    let failures = 0;
    let n = 0;
    for (const ch of allChars()) {
      if (!isTokenChar(ch) || n++ % 5 !== 0) continue; // every 5th: 28k patterns
      const lower = tokenize(ch)[0] as string;
      if (!new RegExp(tokenPattern(lower), 'u').test(ch)) failures++;
    }
    expect(failures).toBe(0);
  });

  it('use literal characters, readable the same on PCRE (no \\u or \\x escapes, no \\p)', () => {
    expect(tokenPattern('k')).toBe('^[Kk\u212A]$');
    expect(tokenRunPattern()).not.toMatch(/\\/);
  });

  it('handle U+0130 as one item character for two lower-case ones', () => {
    const re = new RegExp(tokenPattern('i\u0307'), 'u');
    expect(['\u0130', 'i\u0307', 'I\u0307'].map((s) => re.test(s))).toEqual([true, true, true]);
    expect(re.test('i')).toBe(false);
  });
});

describe('facts the case expansion relies on', () => {
  const CASED = /\p{Cased}/u;
  const IGNORABLE = /\p{Case_Ignorable}/u;
  it('single-character lower-casing keeps Cased and Case_Ignorable', () => {
    const broken: string[] = [];
    for (const ch of allChars()) {
      const lower = ch.toLowerCase();
      if ([...lower].length !== 1) continue;
      if (CASED.test(ch) !== CASED.test(lower) || IGNORABLE.test(ch) !== IGNORABLE.test(lower)) broken.push(ch);
    }
    expect(broken).toEqual([]);
  });

  it('the only multi-code-point lower case is U+0130', () => {
    const multi: string[] = [];
    for (const ch of allChars()) if ([...ch.toLowerCase()].length > 1) multi.push(ch);
    expect(multi).toEqual(['\u0130']);
  });

  it('final sigma context agrees with toLowerCase', () => {
    for (const w of ['ΟΔΟΣ', 'ΣΑ', 'ΑΣ', 'Σ', 'ΑΣ\u0301', 'ΑΣ\u0345Α', '\u02B0Σ', 'Α\u0345Σ', '1Σ', 'ΑΣ1']) {
      const k = [...w].indexOf('Σ');
      const lowered = [...w.toLowerCase()];
      expect(finalSigmaAt(lowered, k), w).toBe(lowered[k] === 'ς');
    }
  });
});
