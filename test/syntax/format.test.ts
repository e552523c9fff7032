import { describe, expect, test } from 'vitest';
import { clause, query } from '../../src/ast/index.js';
import { format, formatField, formatValue, isBareField, KEYWORDS } from '../../src/syntax/index.js';

describe('formatField', () => {
  test.each([
    ['price', 'price'],
    ['Brand.Id', 'Brand.Id'],
    ['vendor/brand-id', 'vendor/brand-id'],
    ['_x9', '_x9'],
    ['Ünïcødé', 'Ünïcødé'],
    ['size (EU)', '`size (EU)`'],
    ['1st', '`1st`'],
    ['-x', '`-x`'],
    ['', '``'],
    ['it`s', '`it``s`'],
    ['`', '````'],
    ['😀', '`😀`'],
    ['a\nb', '`a\nb`'],
  ])('%j -> %s', (name, text) => {
    expect(formatField(name)).toBe(text);
  });

  test('every keyword is back-quoted', () => {
    for (const k of KEYWORDS) {
      expect(isBareField(k)).toBe(false);
      expect(formatField(k)).toBe('`' + k + '`');
    }
    expect(formatField('AND')).toBe('AND');
  });
});

describe('formatValue', () => {
  test.each<[unknown, string]>([
    [-0, '0'],
    [1e21, '1e+21'],
    [5e-324, '5e-324'],
    ['a"b\\c\n', '"a\\"b\\\\c\\n"'],
    ['\uD800', '"\\ud800"'],
    ['\u2028', '"\u2028"'],
    [[1, [2, []], {}], '[1, [2, []], {}]'],
    [{ a: null, b: [true] }, '{"a": null, "b": [true]}'],
  ])('%j -> %s', (value, text) => {
    expect(formatValue(value as never)).toBe(text);
  });
});

describe('format', () => {
  test('canonical spellings, single spaces, and between clauses', () => {
    const q = query([clause('one-of', 'tags', ['a']), clause('present?', 'color', false), clause('matches-phrase', 'title', 'x y')]);
    expect(format(q)).toBe('tags one-of ["a"] and color present? false and title matches-phrase "x y"');
  });

  test('the empty query is the empty string', () => {
    expect(format(query([]))).toBe('');
  });
});

describe('format on hand-built clauses', () => {
  // Fuzz seed 14, input #3253: an operator that is a sparse array of length 2^32 - 1 was turned
  // into a property key (joining 2^32 - 1 holes) and hung for 80 s (past the test's time limit).
  test('an operator or a field that is not a string is a QueryError at once, whatever its length', () => {
    const big: unknown[] = ['İ'];
    big.length = 2 ** 32 - 1;
    for (const [operator, field] of [[big, 'a'], ['=', big], [{ toString: () => '=' }, 'a'], ['=', 7]] as const) {
      expect(() => format({ kind: 'query', clauses: [{ kind: 'clause', operator, field, value: 1 }] } as never)).toThrow(
        expect.objectContaining({ name: 'QueryError' }) as Error,
      );
    }
  });
});
