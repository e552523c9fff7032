/**
 * The fast path of `parse` (src/syntax/fast-parse.ts) against the full parser: whatever text the
 * fast path reads, the full parser reads as the same query, spans included, with no diagnostic;
 * and the fast path reads every canonical query (fixed seeds).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { format } from '../../src/syntax/format.js';
import { fastParse } from '../../src/syntax/fast-parse.js';
import { MAX_NESTING, parse, parseFull } from '../../src/syntax/parse.js';
import { queryArb } from '../support/query-arbitrary.js';
import { readCorpus } from './corpus.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

/** Holds the fast path to the full parser on `text`; returns whether the fast path read it. */
function agrees(text: string): boolean {
  const fast = fastParse(text, MAX_NESTING);
  const full = parseFull(text);
  if (fast === undefined) return false;
  expect(full.diagnostics).toEqual([]);
  expect(fast).toEqual(full.query);
  // -0 and 0 apart, and the same keys in the same order (toEqual allows either difference)
  expect(JSON.stringify(fast, (_k, v: unknown) => (Object.is(v, -0) ? '-0' : v))).toBe(JSON.stringify(full.query, (_k, v: unknown) => (Object.is(v, -0) ? '-0' : v)));
  // and parse itself gives the fast path's result
  expect(parse(text)).toEqual({ query: fast, partial: fast, diagnostics: [] });
  return true;
}

const PIECES = [
  'a', 'price', 'Brand.Id', 'vendor/brand-id', 'é', 'prix_été', '𝒜b', '_x', 'andy', 'isbn', 'in', 'inx', 'one-of', 'one-off', 'present?', 'present', 'absent', 'is',
  'matches', 'matches-phrase', 'matches-phrasex', 'not', 'or', 'and', 'AND', 'TRUE', '`x`', '`a``b`', '`', '``', '```', '=', '<', '<=', '>', '>=', '!=', '<>', '=>',
  '(', ')', '[', ']', '{', '}', ',', ':', '"s"', "'s'", '"', "'", '"\\q"', '"\\u00e9"', '"\\u00"', "'\\''", '"\\"', '"a\\"b"', '"\t"',
  '1', '-1', '-0', '0', '01', '.5', '1.', '1.5', '-1.5e2', '1e', '1e+', '1e999', '-', '.', 'true', 'truex', 'null', 'false', '#', '||', '&&', '😀', '\uD800', '\\', '\n', '\r\n', '\t', '\v', '\u00A0', '\u2028', '\uFEFF', ' ',
];
const soupArb = fc.array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom('', ' ', ' ', '\n')), { maxLength: 16 }).map((p) => p.map(([a, b]) => a + b).join(''));

/** A canonical query text with one small edit: a character inserted, removed or replaced. */
const editedArb = fc
  .tuple(queryArb, fc.nat(), fc.constantFrom(...PIECES, ''), fc.nat({ max: 2 }))
  .map(([q, at, piece, cut]) => {
    const text = format(q);
    const i = text.length ? at % text.length : 0;
    return text.slice(0, i) + piece + text.slice(i + cut);
  });

/** Clauses in a row, valid and nearly valid. */
const CLAUSES = ['a = 1', 'price < 20', 'b in ["x", "y"]', 'c is present', 'd is absent', 'e present? true', 'f = {"k": [1, {"__proto__": null}], "k": 2}', '`g h` matches "x"', 'h = []', 'i = {}', 'j = [[[]]]', 'k = -0', 'l = "\\ud800"'];
const rowArb = fc.array(fc.tuple(fc.constantFrom(...CLAUSES), fc.constantFrom(' and ', 'and ', ' and', ' ', ' or ', ' AND ', '\tand\n')), { minLength: 1, maxLength: 6 }).map((p) => p.map(([c, j]) => c + j).join('').replace(/(?: and |and | and| | or | AND |\tand\n)$/, ''));

describe('the fast path of parse', () => {
  test('reads every canonical query', () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        expect(agrees(format(q))).toBe(true);
      }),
      { seed: propertySeed(0x20fa01), numRuns: propertyRuns(400) },
    );
  });

  test('agrees with the full parser on soups of tokens, edited queries and rows of clauses', () => {
    let read = 0;
    let runs = 0;
    fc.assert(
      fc.property(fc.oneof(soupArb, editedArb, rowArb, fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 })), (text) => {
        runs++;
        if (agrees(text)) read++;
      }),
      { seed: propertySeed(0x20fa02), numRuns: propertyRuns(3000) },
    );
    // not vacuous: a good share of the texts are valid and read by the fast path
    expect(read).toBeGreaterThan(runs / 10);
  });

  test('agrees with the full parser on the corpus', () => {
    const valid = readCorpus('valid');
    let read = 0;
    for (const e of valid) if (agrees(e.text)) read++;
    for (const e of readCorpus('invalid')) expect(agrees(e.text)).toBe(false);
    expect(read).toBeGreaterThan(valid.length / 2);
  });

  test('gives way to the full parser on `&&` and `||` (read as and/or, then reported)', () => {
    for (const text of ['price < 20 && brand = "x"', 'price<20&&brand="x"', 'price < 20 || brand = "x"']) {
      expect(fastParse(text, MAX_NESTING)).toBeUndefined();
      expect(parse(text).query).toBeUndefined();
    }
  });

  test('gives way to the full parser past the nesting limit', () => {
    const deep = (n: number): string => 'a = ' + '['.repeat(n) + ']'.repeat(n);
    expect(agrees(deep(MAX_NESTING))).toBe(true);
    expect(agrees(deep(MAX_NESTING + 1))).toBe(false);
    expect(parse(deep(MAX_NESTING + 1)).diagnostics.map((d) => d.code)).toEqual(['syntax/too-deep']);
  });
});
