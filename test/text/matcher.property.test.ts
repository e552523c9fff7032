/**
 * The evaluator's token-comparing matchers equal the shared tokenizer (src/text) on texts built
 * from the characters where tokenizers and case mapping usually differ (astral letters, lone
 * surrogates, combining marks, other scripts' digits, the Kelvin sign, sigma, dotted capital I,
 * sharp s, title case), for query words short and long, ASCII and not, with repeats.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phraseMatcher, SEARCH_TERM_MAX, termsMatcher } from '../../src/text/matcher.js';
import { tokenize } from '../../src/text/index.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

// The meaning of docs/semantics.md section 4, written plainly over the tokenizer's output: the
// reference the one text matcher (src/text/matcher.ts) is held against.
function matchesAll(text: string, terms: readonly string[]): boolean {
  if (terms.length === 0) return false;
  const tokens = new Set(tokenize(text));
  return terms.every((t) => tokens.has(t));
}

function containsPhrase(text: string, phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  const tokens = tokenize(text);
  for (let i = 0; i + phrase.length <= tokens.length; i++) if (phrase.every((p, j) => tokens[i + j] === p)) return true;
  return false;
}

const ALPHABET = [
  'a', 'A', 'b', 'k', 'K', '\u212A', 's', 'S', '\u017F', 'i', 'I', '\u0130', '\u0131', '\u0307', '\u0301',
  '\u03A3', '\u03C3', '\u03C2', '\u0391', '\u03B1', '\u00DF', '\u1E9E', '\u01C5', '\u01C4', '\u01C6',
  '\u0663', '7', '\u{1D4B3}', '\u{10400}', '\u{10428}', '\u02B0', '\u0345', '\uD800', '\uDC00',
  ' ', ' ', '-', '&', '\u{1F600}', '\u00A0', '_', '.',
];
const textArb = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 24 }).map((cs) => cs.join(''));
/** Long ASCII words around the search-path limit, so both paths are exercised. */
const longWordArb = fc.integer({ min: SEARCH_TERM_MAX - 2, max: SEARCH_TERM_MAX + 3 }).map((n) => 'ab'.repeat(n).slice(0, n));

/** Query tokens: taken from the text (so matches happen), from other texts, or long words. */
const caseArb = fc.tuple(textArb, textArb, longWordArb, fc.boolean()).chain(([text, other, long, withLong]) => {
  const pool = [...tokenize(text), ...tokenize(other), ...(withLong ? [long] : [])];
  const textWithLong = withLong ? `${text} ${long.toUpperCase()} ${text}` : text;
  return fc.record({
    text: fc.constantFrom(text, textWithLong),
    tokens: pool.length ? fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 4 }) : fc.constant(['a']),
  });
});

describe('evaluator text matchers equal src/text', () => {
  it('matches (2,000 cases)', () => {
    let hits = 0;
    fc.assert(
      fc.property(caseArb, ({ text, tokens }) => {
        const want = matchesAll(text, tokens);
        if (want) hits++;
        expect(termsMatcher(tokens)(text)).toBe(want);
      }),
      { seed: propertySeed(0x5eed7a1), numRuns: propertyRuns(2000) },
    );
    expect(hits).toBeGreaterThan(200);
  });

  it('matches-phrase (2,000 cases), phrases with repeated words included', () => {
    let hits = 0;
    fc.assert(
      fc.property(caseArb, ({ text, tokens }) => {
        const want = containsPhrase(text, tokens);
        if (want) hits++;
        expect(phraseMatcher(tokens)(text)).toBe(want);
      }),
      { seed: propertySeed(0x5eed7a2), numRuns: propertyRuns(2000) },
    );
    expect(hits).toBeGreaterThan(100);
  });

  it('a matcher gives the same answers however often it is reused, in any order', () => {
    const m = termsMatcher(['red', 'σοφια']);
    const texts = ['red ΣΟΦΙΑ', 'red', 'ΣΟΦΙΑ RED', 'blue'];
    const once = texts.map((t) => m(t));
    for (let i = 0; i < 3; i++) expect([...texts].reverse().map((t) => m(t)).reverse()).toEqual(once);
    expect(once).toEqual([true, false, true, false]);
  });

  it('phrases use the whole run (KMP restarts correctly on partial matches)', () => {
    const m = phraseMatcher(['a', 'a', 'b']);
    expect(m('a a a b')).toBe(true);
    expect(m('a a c a b')).toBe(false);
    expect(phraseMatcher(['x', 'y', 'x', 'z'])('x y x y x z')).toBe(true);
  });
});
