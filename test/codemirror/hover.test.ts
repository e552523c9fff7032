/** Hover texts at positions of a query. */
import { describe, expect, test } from 'vitest';
import { hoverAt } from '../../src/codemirror/index.js';
import { catalog } from '../syntax/fixtures.js';

describe('hoverAt', () => {
  const text = 'Brand.Name = "Acme" and color one-of ["red"] and nope = 1 and `size (EU)` = 40';
  test('a field: type, cardinality, label, alias target', () => {
    expect(hoverAt(text, 3, catalog)).toEqual({ range: { start: 0, end: 10 }, contents: '`Brand.Name`: String, cardinality One\n\nAlias of `brand`.' });
    expect(hoverAt(text, 26, catalog)?.contents).toBe('`color`: String, cardinality Many\n\nLabel: Colour');
    expect(hoverAt(text, text.indexOf('nope'), catalog)?.contents).toMatch(/not a searchable attribute/);
    expect(hoverAt(text, text.indexOf('size'), catalog)).toMatchObject({ range: { start: text.indexOf('`size') }, contents: expect.stringMatching(/^`size \(EU\)`: Number/) });
  });

  test('an operator: its meaning', () => {
    expect(hoverAt(text, text.indexOf('one-of') + 2, catalog)).toMatchObject({ contents: '**one-of**: equals one of the candidates.' });
  });

  test('the side decides at a boundary; values and spaces have none', () => {
    expect(hoverAt(text, 10, catalog, -1)?.range).toEqual({ start: 0, end: 10 });
    expect(hoverAt(text, 10, catalog, 1)).toBeUndefined();
    expect(hoverAt(text, 15, catalog)).toBeUndefined();
  });
});
