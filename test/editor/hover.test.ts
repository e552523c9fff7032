import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { complete, hover } from '../../src/editor/syntax-entry.js';
import { catalog } from '../syntax/fixtures.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

/** The hover at the `|` in `marked`. */
function at(marked: string) {
  return hover(marked.replace('|', ''), marked.indexOf('|'), catalog);
}

describe('hover (infix)', () => {
  test('a field: type, cardinality, label, operators, allowed values; the range is the word', () => {
    const h = at('price = 1 and co|lor = "red"');
    expect(h).toMatchObject({ kind: 'field', range: { start: 14, end: 19 } });
    expect(h!.contents).toContain('**color**: String, cardinality Many');
    expect(h!.contents).toContain('Label: Colour');
    expect(h!.contents).toContain('Operators: `=`, `<`, `>`, `<=`, `>=`, `one-of`, `present?`');
    expect(h!.contents).toContain('Allowed values: `"red"`, `"blue"`');
  });

  test('an alias path says what it resolves to; a back-quoted field is read unquoted', () => {
    expect(at('Brand.Na|me = "x"')!.contents).toContain('resolves to the attribute `brand`');
    expect(at('`size (EU)|` = 40')!.contents).toContain('**size (EU)**: Number, cardinality Many');
  });

  test('an unknown field says so', () => {
    expect(at('colr| = 1')!.contents).toContain('is not a searchable attribute of the catalog “Shoes”');
  });

  test('operators and keywords: their meaning', () => {
    expect(at('price <| 5')).toMatchObject({ kind: 'operator', range: { start: 6, end: 7 } });
    expect(at('price <| 5')!.contents).toContain('is less than the value');
    expect(at('price <| 5')!.contents).toContain('Allowed on: Number, String, Text');
    expect(at('color i|n ["red"]')!.contents).toContain('`in` is another spelling of `one-of`');
    expect(at('price = 1 a|nd color = "red"')).toMatchObject({ kind: 'keyword' });
    expect(at('price = 1 o|r color = "red"')!.contents).toContain('not part of the language');
    expect(at('color is| present')!.contents).toContain('present? true');
  });

  test('nothing on values, blanks and past the end', () => {
    expect(at('price = 1|2')).toBeUndefined();
    expect(at('price =  |  1')).toBeUndefined();
    expect(hover('', 0, catalog)).toBeUndefined();
  });
});

describe('hover (wire)', () => {
  test('field in the shorthand and in the head; operator in the head', () => {
    expect(at('[["co|lor", "red"]]')).toMatchObject({ kind: 'field', range: { start: 2, end: 9 } });
    expect(at('[[["one-of", "pr|ice"], [1]]]')!.contents).toContain('**price**: Number');
    expect(at('[[["one-|of", "price"], [1]]]')!.contents).toContain('equals one of the candidates');
    expect(at('[[["!=", "price|"], 1]]')).toMatchObject({ kind: 'field' });
    expect(at('[[["!|=", "price"], 1]]')!.contents).toContain('is not an operator');
  });

  test('nothing on values', () => {
    expect(at('[["color", "r|ed"]]')).toBeUndefined();
  });

  test('percent-encoded: as the decoded JSON, the range over the escapes in the text given', () => {
    const text = encodeURIComponent('[["brand","x"],[["<","price"],20]]');
    const on = (needle: string, delta: number) => hover(text, text.indexOf(needle) + delta, catalog);
    const field = on('%22brand', 4);
    expect(field).toMatchObject({ kind: 'field', range: { start: text.indexOf('%22brand'), end: text.indexOf('%22brand') + '%22brand%22'.length } });
    expect(field!.contents).toContain('**brand**: String');
    // On any character of the escape %3C (<): the operator.
    for (const d of [0, 1, 2]) expect(on('%3C', d)!.contents).toContain('is less than the value');
    expect(on('%22price', 5)!.contents).toContain('**price**: Number');
    expect(on('%2220', 1)).toBeUndefined();
    // A malformed escape: nothing.
    expect(hover(text + '%ZZ', 8, catalog)).toBeUndefined();
  });
});

describe('hover maxLength', () => {
  test('a text longer than maxLength (default 10 000, as complete) gets no hover, unless raised', () => {
    const long = 'price < 1 and '.repeat(800); // 11 200 characters
    expect(hover(long, 1, catalog)).toBeUndefined();
    expect(hover(long, 1, catalog, { maxLength: 20_000 })).toMatchObject({ kind: 'field' });
    expect(hover(long.slice(0, 10_000), 1, catalog)).toMatchObject({ kind: 'field' });
    expect(hover(long, 1, catalog, { maxLength: Infinity })).toMatchObject({ kind: 'field' });
    expect(() => hover('price', 0, catalog, { maxLength: 'x' as unknown as number })).toThrowError(expect.objectContaining({ name: 'QueryError', message: expect.stringContaining('options.maxLength') }));
    expect(() => hover('price', 0, catalog, null as unknown as object)).toThrowError(expect.objectContaining({ name: 'QueryError' }));
  });
});

describe('complete and hover never throw on any text', () => {
  const text = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.array(fc.constantFrom('[', ']', '"', ',', ' ', 'price', 'color', '=', 'one-of', '"red"', '1', 'and', '`', '\\', '\n', '😀', '{', '}', 'is', 'present', '%5B', '%22', '%2C', '%', '%F0%9F%98%80'), { maxLength: 20 }).map((xs) => xs.join('')),
  );
  test('any text, any offset', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: -2, max: 60 }), (t, offset) => {
        const items = complete(t, offset, catalog, { items: [{ brand: 'x', color: ['red', 1, null] }] });
        for (const i of items) {
          expect(i.range.start).toBeLessThanOrEqual(i.range.end);
          expect(i.range.end).toBeLessThanOrEqual(t.length);
        }
        const h = hover(t, offset, catalog);
        if (h) expect(h.range.end).toBeLessThanOrEqual(t.length);
      }),
      { seed: propertySeed(11), numRuns: propertyRuns(400) },
    );
  });
});
