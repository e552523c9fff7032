import { describe, expect, test } from 'vitest';
import { complete } from '../../src/editor/syntax-entry.js';
import { catalog } from '../syntax/fixtures.js';

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

  test('after a back-quote: every matching field, back-quoted, replacing what was typed', () => {
    expect(at('price < 20 and `br|')).toEqual(['field:`brand`', 'field:`Brand.Name`']);
    expect(complete('price < 20 and `br', 18, catalog)[0]?.range).toEqual({ start: 15, end: 18 });
    expect(at('`si|')).toEqual(['field:`size (EU)`']);
    expect(at('`|')).toEqual(expect.arrayContaining(['field:`price`', 'field:`size (EU)`']));
    expect(at('`|').every((f) => /^field:`.*`$/.test(f))).toBe(true);
    // Without the back-quote, bare where a bare name is enough.
    expect(at('price < 20 and br|')).toEqual(['field:brand', 'field:Brand.Name']);
  });

  test('a partly typed field replaces the word', () => {
    const items = complete('price = 1 and br', 16, catalog);
    // Prefix match ignores case, so the alias path Brand.Name comes too.
    expect(items.map((i) => i.insertText)).toEqual(['brand', 'Brand.Name']);
    expect(items[0]!.range).toEqual({ start: 14, end: 16 });
  });

  test('operators allowed on the field type', () => {
    const ops = (marked: string) => at(marked).filter((c) => c.startsWith('operator:'));
    expect(ops('price |')).toEqual(['=', '<', '>', '<=', '>=', 'one-of', 'present?'].map((o) => 'operator:' + o));
    expect(ops('title |')).toEqual(['=', '<', '>', '<=', '>=', 'one-of', 'present?', 'matches', 'matches-phrase'].map((o) => 'operator:' + o));
    expect(ops('specs |')).toEqual(['operator:present?']);
    expect(ops('in_stock |')).toEqual(['=', 'one-of', 'present?'].map((o) => 'operator:' + o));
    // The keyword of `price is present` comes with the operators, and nothing else.
    expect(at('price |').filter((c) => !c.startsWith('operator:'))).toEqual(['keyword:is']);
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

describe('complete: field details', () => {
  test('type, cardinality, label and alias in the detail', () => {
    const items = complete('', 0, catalog);
    const detail = (f: string) => items.find((i) => i.label === f)?.detail;
    expect(detail('color')).toBe('String, Many · Colour');
    expect(detail('price')).toBe('Number, One');
    expect(detail('Brand.Name')).toBe('alias of brand · String, One');
  });
});

describe('complete: values from a sample of items', () => {
  const items = [
    { id: 1, brand: 'Acme', color: ['red', 'red', 'green'], price: 10, in_stock: true },
    { id: 2, brand: 'Bolt', color: 'red', price: '12' },
    { id: 3, brand: 'Acme', price: 10, title: 'long text' },
    { id: 4, brand: 7, price: null },
    { id: 5, brand: '😀 𝒳', price: 1e308 },
    null, 'x', [1],
  ];
  const values = (marked: string, options = {}) => complete(marked.replace('|', ''), marked.indexOf('|'), catalog, { items, ...options }).map((c) => c.insertText);

  test('distinct values of the field, most frequent first, only of the declared type', () => {
    expect(values('brand = |')).toEqual(['"Acme"', '"Bolt"', '"😀 𝒳"']);
    expect(values('price < |')).toEqual(['10', '1e+308']);
    expect(values('Brand.Name one-of |')).toEqual(['["Acme"]', '["Bolt"]', '["😀 𝒳"]']);
    expect(values('brand one-of ["Acme", |')).toEqual(['"Acme"', '"Bolt"', '"😀 𝒳"']);
    expect(values('brand = |', { maxValues: 1 })).toEqual(['"Acme"']);
  });

  test('AllowedValues win over the sample; text and booleans are never sampled', () => {
    expect(values('color = |')).toEqual(['"red"', '"blue"']);
    expect(values('title matches |')).toEqual([]);
    expect(values('title = |')).toEqual([]);
    expect(values('in_stock = |')).toEqual(['true', 'false']);
  });

  test('the detail tells how often a value was seen', () => {
    const [acme] = complete('brand = ', 8, catalog, { items });
    expect(acme).toMatchObject({ kind: 'value', detail: 'in 2 of 8 sample items', range: { start: 8, end: 8 } });
  });

  test('without a sample, a field with no AllowedValues gets no values', () => {
    expect(complete('brand = ', 8, catalog)).toEqual([]);
  });
});

describe('complete: wire text', () => {
  const wire = (marked: string, options = {}) => complete(marked.replace('|', ''), marked.indexOf('|'), catalog, options).map((c) => `${c.kind}:${c.insertText}`);

  test('fields in the shorthand and in the head, as JSON strings', () => {
    expect(wire('[[|')).toContain('field:"price"');
    expect(wire('[["br|')).toEqual(['field:"brand"', 'field:"Brand.Name"']);
    expect(wire('[[["<", "pr|"]]')).toEqual(['field:"price"']);
    expect(wire('[[["<", |')).toContain('field:"size (EU)"');
  });

  test('between clauses: a new clause in the shorthand, up to its value', () => {
    expect(wire('[|')).toContain('field:["price", ');
    expect(wire('[["price", 1], |]')).toContain('field:["Brand.Name", ');
    expect(wire('[["price", 1]|]')).toEqual([]);
    expect(wire('[["brand"|')).toEqual([]);
    expect(wire('[["brand", "x"|]]')).toEqual([]);
  });

  test('operators allowed on the field of the head, even when the field comes after the cursor', () => {
    expect(wire('[[[|, "in_stock"], true]]')).toEqual(['operator:"="', 'operator:"one-of"', 'operator:"present?"']);
    expect(wire('[[["ma|", "title"], "x"]]')).toEqual(['operator:"matches"', 'operator:"matches-phrase"']);
  });

  test('values by field and operator, in and out of a one-of list', () => {
    expect(wire('[["color", |')).toEqual(['value:"red"', 'value:"blue"']);
    expect(wire('[[["one-of", "color"], |')).toEqual(['value:["red"]', 'value:["blue"]']);
    expect(wire('[[["one-of", "color"], ["red", |]]]')).toEqual(['value:"red"', 'value:"blue"']);
    expect(wire('[[["present?", "color"], |')).toEqual(['value:true', 'value:false']);
    expect(wire('[["brand", "A|"]]', { items: [{ brand: 'Acme' }, { brand: 'Zed' }] })).toEqual(['value:"Acme"']);
  });

  test('the replaced range is the token under the cursor', () => {
    const [item] = complete('[["bra"]]', 5, catalog);
    expect(item).toMatchObject({ insertText: '"brand"', range: { start: 2, end: 7 } });
  });

  test('percent-encoded text and broken prefixes give nothing', () => {
    expect(wire('%5B%5B|')).toEqual([]);
    expect(wire('[[1, 2, |')).toEqual([]);
    expect(wire('[[["=", "price"], 1, |')).toEqual([]);
  });
});
