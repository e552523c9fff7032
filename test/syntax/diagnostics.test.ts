/**
 * Each syntax diagnostic: its code and its exact range (asserted as the text it covers), the
 * quick fixes, and recovery reporting several independent mistakes in one text.
 */
import { describe, expect, test } from 'vitest';
import { clause, type Span } from '../../src/ast/index.js';
import type { Diagnostic, TextEdit } from '../../src/diagnostics/index.js';
import { format, MAX_NESTING, parse } from '../../src/syntax/index.js';

/** [code, covered text] of each diagnostic. */
function found(text: string): [string, string][] {
  return parse(text).diagnostics.map((d) => [d.code, text.slice(d.span!.start, d.span!.end)]);
}

function apply(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.span.start - a.span.start)) out = out.slice(0, e.span.start) + e.newText + out.slice(e.span.end);
  return out;
}

function only(text: string, code: string): Diagnostic {
  const ds = parse(text).diagnostics.filter((d) => d.code === code);
  expect(ds).toHaveLength(1);
  return ds[0]!;
}

describe('code and range of each syntax diagnostic', () => {
  test.each<[string, string, string, Span?]>([
    ['price # 20', 'syntax/unexpected-character', '#'],
    ['a = "😀" and 😀 = 1', 'syntax/unexpected-character', '😀'],
    ['brand = "Acme', 'syntax/unterminated-string', '"Acme'],
    ["brand = 'Acme\nand x = 1", 'syntax/unterminated-string', "'Acme"],
    ['`size (EU) = 42', 'syntax/unterminated-field', '`size (EU) = 42'],
    ['s = "a\\qb"', 'syntax/invalid-escape', '\\q'],
    ['s = "a\\u12G4"', 'syntax/invalid-escape', '\\u12'],
    ['s = "a\tb"', 'syntax/control-character', '\t'],
    ['n = 007', 'syntax/invalid-number', '007'],
    ['n = -1e999', 'syntax/invalid-number', '-1e999'],
    ['n = 1.', 'syntax/invalid-number', '1.'],
    ['brand = Acme', 'syntax/unquoted-string', 'Acme'],
    ['a = 1 AND b = 2', 'syntax/keyword-case', 'AND'],
    ['price 20', 'syntax/unexpected-token', '20'],
    ['price =', 'syntax/unexpected-token', ''],
    ['a = 1 b = 2', 'syntax/missing-and', ''],
    ['a = 1 or a = 2', 'syntax/no-or', 'or'],
    ['price<20&&brand="x"', 'syntax/ampersand-and', '&&'],
    ['not a present? true', 'syntax/no-not', 'not'],
    ['a != 1', 'syntax/no-not-equal', '!='],
    ['(a = 1)', 'syntax/no-grouping', '('],
  ])('%s -> %s', (text, code, covered) => {
    expect(found(text)).toEqual([[code, covered]]);
  });

  test('nesting is limited (the parser recurses per level); deep input is reported, never thrown', () => {
    const nested = (n: number): string => 'a = ' + '['.repeat(n) + ']'.repeat(n);
    expect(parse(nested(MAX_NESTING)).diagnostics).toEqual([]);
    const deep = nested(MAX_NESTING + 1);
    expect(found(deep)).toEqual([['syntax/too-deep', '[']]);
    expect(parse(deep).diagnostics[0]!.span).toEqual({ start: 4 + MAX_NESTING, end: 5 + MAX_NESTING });
    expect(parse(nested(100_000), { maxInfixLength: Infinity }).diagnostics.map((d) => d.code)).toEqual(['syntax/too-deep']);
    expect(found('(((((((((((((((((((((((((((((((a = 1)))))))))))))))))))))))))))))))').map(([c]) => c)).toEqual(['syntax/too-deep']);
  });

  test('an error at the end of the text has an empty range at the end', () => {
    const d = only('price = ', 'syntax/unexpected-token');
    expect(d.span).toEqual({ start: 8, end: 8 });
    expect(d.data).toMatchObject({ found: 'the end of the query' });
  });

  test('the missing `and` is pointed at the start of the second clause', () => {
    expect(only('a = 1 b = 2', 'syntax/missing-and').span).toEqual({ start: 6, end: 6 });
  });

  test('spans count UTF-16 code units (astral characters are two)', () => {
    const text = '`😀` = 1 and b = #';
    const d = only(text, 'syntax/unexpected-character');
    expect(d.span).toEqual({ start: 17, end: 18 });
  });

  test('keywords are lower-case: AND after a value, IN after a field, TRUE after an operator', () => {
    expect(found('a = 1 AND b IN [1] and c = TRUE').map(([c, t]) => `${c}:${t}`)).toEqual([
      'syntax/keyword-case:AND',
      'syntax/keyword-case:IN',
      'syntax/keyword-case:TRUE',
    ]);
    // Where an upper-case word can only be a field, it is one.
    expect(parse('AND = 1').query?.clauses[0]?.field).toBe('AND');
  });
});

describe('recovery', () => {
  test('three mistakes give three diagnostics and a partial query', () => {
    const text = 'price 20 and brand = and color present? maybe and size = 3';
    const r = parse(text);
    expect(r.query).toBeUndefined();
    expect(found(text)).toEqual([
      ['syntax/unexpected-token', '20'],
      ['syntax/unexpected-token', 'and'],
      ['syntax/unquoted-string', 'maybe'],
    ]);
    expect(format(r.partial)).toBe('color present? "maybe" and size = 3');
  });

  test('independent mistakes of every kind in one text', () => {
    const text = 'a = 1 or a = 2 and not b present? true and c != 3 and d = 01 and (e = "x) and f # 1';
    expect(parse(text).diagnostics.map((d) => d.code)).toEqual([
      'syntax/no-or',
      'syntax/no-not',
      'syntax/no-not-equal',
      'syntax/invalid-number',
      'syntax/no-grouping',
      'syntax/unterminated-string',
    ]);
  });

  test('the expected-token message is in the words of the language', () => {
    const d = only('price 20', 'syntax/unexpected-token');
    expect(d.data).toMatchObject({ expected: 'an operator such as `=`, `<` or `one-of` after field `price`', found: 'the number 20' });
  });
});

describe('quick fixes', () => {
  test('same-field alternatives with or become one-of', () => {
    const text = 'x = 0 and color = "red" or color = "blue" or color one-of ["green"]';
    const ds = parse(text).diagnostics;
    expect(ds.map((d) => d.code)).toEqual(['syntax/no-or', 'syntax/no-or']);
    const fix = ds[0]!.fixes![0]!;
    expect(fix.change).toEqual({ kind: 'replace-clauses', clauses: [1, 2, 3], with: clause('one-of', 'color', ['red', 'blue', 'green']) });
    expect(apply(text, fix.edits)).toBe('x = 0 and color one-of ["red", "blue", "green"]');
    expect(parse(apply(text, fix.edits)).diagnostics).toEqual([]);
  });

  test('or across different fields or operators has no fix', () => {
    expect(only('a = 1 or b = 1', 'syntax/no-or').fixes).toBeUndefined();
    expect(only('a < 1 or a = 2', 'syntax/no-or').fixes).toBeUndefined();
  });

  test('not on present? flips the value; elsewhere no fix', () => {
    for (const [text, fixed] of [
      ['not a present? true', 'a present? false'],
      ['a is not present', 'a present? false'],
      ['a is not absent', 'a present? true'],
      ['not a is absent', 'a present? true'],
    ]) {
      const d = only(text!, 'syntax/no-not');
      expect(apply(text!, d.fixes![0]!.edits)).toBe(fixed);
      expect(d.fixes![0]!.change).toMatchObject({ kind: 'replace-clauses', clauses: [0] });
    }
    expect(only('not a = 1', 'syntax/no-not').fixes).toBeUndefined();
    expect(parse('a != 1').diagnostics[0]!.fixes).toBeUndefined();
  });

  test('parentheses around and-clauses can be removed', () => {
    const text = '( a = 1 and b = 2 ) and c = 3';
    const d = only(text, 'syntax/no-grouping');
    expect(apply(text, d.fixes![0]!.edits)).toBe('a = 1 and b = 2 and c = 3');
    expect(only('not (a = 1)', 'syntax/no-grouping').fixes).toBeUndefined();
  });

  test('unquoted word, missing and, keyword case', () => {
    for (const [text, code, fixed] of [
      ['brand = Acme', 'syntax/unquoted-string', 'brand = "Acme"'],
      ['a = 1 b = 2', 'syntax/missing-and', 'a = 1 and b = 2'],
      ['a = 1 AND b = 2', 'syntax/keyword-case', 'a = 1 and b = 2'],
      ['price<20&&brand="x"', 'syntax/ampersand-and', 'price<20 and brand="x"'],
      ['price < 20 && brand = "x"', 'syntax/ampersand-and', 'price < 20 and brand = "x"'],
      ['a = 1&& b = 2', 'syntax/ampersand-and', 'a = 1 and b = 2'],
    ]) {
      expect(apply(text!, only(text!, code!).fixes![0]!.edits)).toBe(fixed);
      expect(parse(fixed!).diagnostics).toEqual([]);
    }
  });
});
