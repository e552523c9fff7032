import { describe, expect, test } from 'vitest';
import { complete } from '../../src/syntax/index.js';
import { catalog } from './fixtures.js';

/** Completions at the `|` in `marked`, as `kind:insertText`. */
function at(marked: string): string[] {
  const offset = marked.indexOf('|');
  return complete(marked.replace('|', ''), offset, catalog).map((c) => `${c.kind}:${c.insertText}`);
}

describe('complete', () => {
  test('fields at the start: declared attributes and alias paths that resolve, back-quoted when needed', () => {
    const fields = at('|');
    expect(fields).toContain('field:price');
    expect(fields).toContain('field:`size (EU)`');
    expect(fields).toContain('field:Brand.Name');
    expect(fields).not.toContain('field:Brand.Id');
    expect(fields.every((f) => f.startsWith('field:'))).toBe(true);
  });

  test('a partly typed field replaces the word', () => {
    const items = complete('price = 1 and br', 16, catalog);
    // Prefix match ignores case, so the alias path Brand.Name comes too.
    expect(items.map((i) => i.insertText)).toEqual(['brand', 'Brand.Name']);
    expect(items[0]!.range).toEqual({ start: 14, end: 16 });
  });

  test('operators allowed on the field type', () => {
    expect(at('price |')).toEqual(['=', '<', '>', '<=', '>=', 'one-of', 'present?'].map((o) => 'operator:' + o));
    expect(at('title |')).toEqual(['=', '<', '>', '<=', '>=', 'one-of', 'present?', 'matches', 'matches-phrase'].map((o) => 'operator:' + o));
    expect(at('specs |')).toEqual(['operator:present?']);
    expect(at('in_stock |')).toEqual(['=', 'one-of', 'present?'].map((o) => 'operator:' + o));
  });

  test('value hints: booleans, present?, allowed values', () => {
    expect(at('in_stock = |')).toEqual(['value:true', 'value:false']);
    expect(at('price present? |')).toEqual(['value:true', 'value:false']);
    expect(at('color = |')).toEqual(['value:"red"', 'value:"blue"']);
    expect(at('color one-of ["red", |')).toEqual(['value:"red"', 'value:"blue"']);
    expect(at('`size (EU)` = |')).toEqual(['value:40', 'value:41']);
    expect(new Set(at('color is |'))).toEqual(new Set(['keyword:present', 'keyword:absent']));
  });

  test('`and` after a complete clause, never `or`', () => {
    expect(at('price = 1 |')).toEqual(['keyword:and']);
    expect(at('price = 1 a|')).toEqual(['keyword:and']);
    expect(at('price = 1 x|')).toEqual([]);
  });

  test('nothing sensible after a broken prefix, and no throw', () => {
    expect(at('price = = |')).toEqual([]);
    expect(complete('price', 99, catalog)).toBeInstanceOf(Array);
  });
});
