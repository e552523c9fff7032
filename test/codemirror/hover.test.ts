/** Hover texts at positions of a query. */
import { describe, expect, test } from 'vitest';
import { hoverAt } from '../../src/codemirror/index.js';
import { catalog } from '../syntax/fixtures.js';

describe('hoverAt', () => {
  const text = 'Brand.Name = "Acme" and color one-of ["red"] and nope = 1';
  test('a field: type, cardinality, label, alias target', () => {
    expect(hoverAt(text, 3, catalog)).toEqual({ span: { start: 0, end: 10 }, title: 'Brand.Name', detail: 'String, cardinality One · alias of `brand`' });
    expect(hoverAt(text, 26, catalog)?.detail).toBe('String, cardinality Many · label "Colour"');
    expect(hoverAt(text, text.indexOf('nope'), catalog)?.detail).toMatch(/not a searchable attribute/);
  });

  test('an operator: its meaning', () => {
    expect(hoverAt(text, text.indexOf('one-of') + 2, catalog)).toMatchObject({ title: 'one-of', detail: 'equals one of the candidates' });
  });

  test('the side decides at a boundary; values and spaces have none', () => {
    expect(hoverAt(text, 10, catalog, -1)?.title).toBe('Brand.Name');
    expect(hoverAt(text, 10, catalog, 1)).toBeUndefined();
    expect(hoverAt(text, 15, catalog)).toBeUndefined();
  });
});
