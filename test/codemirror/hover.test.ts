/** Hover on a CodeMirror position: the library's hover text, for the character on the given side. */
import { describe, expect, test } from 'vitest';
import { hoverAt } from '../../src/codemirror/index.js';
import { hover } from '../../src/editor/syntax-entry.js';
import { catalog } from '../syntax/fixtures.js';

describe('hoverAt', () => {
  const text = 'Brand.Name = "Acme" and color one-of ["red"] and `size (EU)` = 40';

  test("inside a word: the library's hover (infix and wire)", () => {
    expect(hoverAt(text, 3, catalog)).toEqual(hover(text, 3, catalog));
    expect(hoverAt(text, 3, catalog)).toMatchObject({ kind: 'field', range: { start: 0, end: 10 } });
    expect(hoverAt(text, text.indexOf('one-of') + 2, catalog)).toMatchObject({ kind: 'operator' });
    expect(hoverAt(text, text.indexOf('size'), catalog)).toMatchObject({ kind: 'field', range: { start: text.indexOf('`size') } });
    const wire = '[["brand","Acme"]]';
    expect(hoverAt(wire, 4, catalog)).toMatchObject({ kind: 'field', range: { start: 2, end: 9 } });
  });

  test('the side decides at a boundary; the space after a word has none', () => {
    expect(hoverAt(text, 10, catalog, -1)?.range).toEqual({ start: 0, end: 10 });
    expect(hoverAt(text, 10, catalog, 1)).toBeUndefined();
    expect(hoverAt(text, 0, catalog, -1)).toBeUndefined();
    expect(hoverAt(text, text.length, catalog, 1)).toBeUndefined();
  });
});
