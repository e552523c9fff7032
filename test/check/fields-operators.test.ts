import { describe, expect, it } from 'vitest';
import { clause, query } from '../../src/ast/index.js';
import { validate } from '../../src/check/index.js';
import { loadCatalog } from '../../src/catalog/index.js';
import { catalog, check, summary } from './fixture.js';

describe('validate: fields', () => {
  it('accepts declared attributes and alias paths that resolve', () => {
    const { diagnostics } = check([
      ['price', 5],
      ['Id', 'A-1'],
      ['Name', 'shoe'],
      [['one-of', 'Brand.Id'], [7, '8']],
    ]);
    expect(diagnostics).toEqual([]);
  });

  it('reports an unknown field on the field, with suggestions and set-field fixes', () => {
    const { text, diagnostics } = check([['prise', 5]]);
    expect(summary(text, diagnostics)).toEqual([{ code: 'schema/unknown-field', severity: 'error', path: '/0/0', at: '"prise"' }]);
    const d = diagnostics[0]!;
    expect(d.data?.suggestions).toEqual(['price']);
    expect(d.fixes?.map((f) => f.change)).toEqual([{ kind: 'set-field', clause: 0, field: 'price' }]);
  });

  it('points at the field of a full-form clause (/i/0/1)', () => {
    const { text, diagnostics } = check([['color', 'red'], [['<', 'PRICE'], 5]]);
    expect(summary(text, diagnostics)).toEqual([{ code: 'schema/unknown-field', severity: 'error', path: '/1/0/1', at: '"PRICE"' }]);
    // A case-insensitive match comes first.
    expect(diagnostics[0]!.data?.suggestions).toEqual(['price']);
  });

  it('suggests alias paths that resolve, never those that do not', () => {
    const { diagnostics } = check([['brand.id', 5], ['brand.name', 'x']]);
    // Case-insensitive equality first, then edit distance (brand_id is one edit away).
    expect(diagnostics[0]!.data?.suggestions).toEqual(['Brand.Id', 'brand_id']);
    // Brand.Name maps to an undeclared raw key: not a usable name.
    expect(diagnostics[1]!.data?.suggestions).not.toContain('Brand.Name');
  });

  it('suggests a declared name spelt in another Unicode normalization form first', () => {
    const cat = loadCatalog({ Id: 100, Name: 'c', Type: 'Product', Aliases: { Id: 'id' }, SearchableAttributes: [{ Attribute: 'caf\u00e9', Type: 'String', Cardinality: 'One' }, { Attribute: '\u00e9', Type: 'String', Cardinality: 'One' }] }).catalog!;
    const [a, b] = validate(query([clause('=', 'cafe\u0301', 'x'), clause('=', 'E\u0301', 'y')]), cat);
    expect(a!.data?.suggestions).toEqual(['caf\u00e9']);
    expect(b!.data?.suggestions).toEqual(['\u00e9']);
  });

  it('gives no suggestion when nothing is near', () => {
    const { diagnostics } = check([['zzzzzzzzzz', 1]]);
    expect(diagnostics[0]!.data?.suggestions).toEqual([]);
    expect(diagnostics[0]!.fixes).toBeUndefined();
  });

  it('reports an alias path the catalog does not define', () => {
    const { text, diagnostics } = check([[['present?', 'Category.Name'], true]]);
    expect(summary(text, diagnostics)).toEqual([{ code: 'schema/alias-undefined', severity: 'error', path: '/0/0/1', at: '"Category.Name"' }]);
  });

  it('reports an alias path whose raw key is not searchable', () => {
    const { text, diagnostics } = check([['Brand.Name', 'Acme']]);
    expect(summary(text, diagnostics)).toEqual([{ code: 'schema/alias-not-searchable', severity: 'error', path: '/0/0', at: '"Brand.Name"' }]);
    expect(diagnostics[0]!.data).toMatchObject({ alias: 'Brand.Name', rawKey: 'brand_label' });
  });

  it('lets a declared attribute named like an alias path win over the alias', () => {
    // "Image" is declared; Aliases defines no Image.
    expect(check([['Image', 'x.png']]).diagnostics).toEqual([]);
  });

  it('still checks the value shape of a clause with an unknown field', () => {
    const { diagnostics } = check([[['present?', 'nope'], 'yes'], [['one-of', 'nope'], []]]);
    expect(diagnostics.map((d) => d.code)).toEqual(['schema/unknown-field', 'schema/present-not-boolean', 'schema/unknown-field', 'schema/empty-one-of']);
  });

  it('treats a catalog without SearchableAttributes as having none', () => {
    const bare = { Id: 100, Name: 'x', Type: 'Product' as const, Aliases: { Id: 'sku' } };
    expect(validate(query([clause('=', 'Id', 1)]), bare).map((d) => d.code)).toEqual(['schema/alias-not-searchable']);
  });
});

describe('validate: operators', () => {
  it.each([
    ['<', 'in_stock', true],
    ['>=', 'brand_id', 5],
    ['<=', 'tags', 'a'],
    ['matches', 'color', 'red'],
    ['matches-phrase', 'price', 'x'],
    ['=', 'meta', 'x'],
    ['one-of', 'meta', ['x']],
  ] as const)('reports %s on %s on the operator, naming the allowed ones', (op, field, value) => {
    const { text, diagnostics } = check([[[op, field], value]]);
    expect(summary(text, diagnostics)).toEqual([{ code: 'schema/operator-not-allowed', severity: 'error', path: '/0/0/0', at: JSON.stringify(op) }]);
    const type = catalog.SearchableAttributes!.find((a) => a.Attribute === field)!.Type;
    expect(diagnostics[0]!.data).toMatchObject({ type, operator: op });
    expect(diagnostics[0]!.data?.allowed).not.toContain(op);
  });

  it('names exactly the operators the table allows', () => {
    const { diagnostics } = check([[['=', 'meta'], 1]]);
    expect(diagnostics[0]!.data?.allowed).toEqual(['present?']);
    const text = check([[['matches', 'in_stock'], 'x']]).diagnostics[0]!;
    expect(text.data?.allowed).toEqual(['=', 'one-of', 'present?']);
  });

  it('falls back to the field span for a shorthand clause (no operator span)', () => {
    const { text, diagnostics } = check([['meta', { a: 1 }]]);
    expect(summary(text, diagnostics)).toEqual([{ code: 'schema/operator-not-allowed', severity: 'error', path: '/0/0', at: '"meta"' }]);
  });

  it('allows present? on every type, including Object', () => {
    const fields = ['price', 'sizes', 'color', 'title', 'tags', 'in_stock', 'brand_id', 'meta'];
    expect(check(fields.map((f) => [['present?', f], true] as const)).diagnostics).toEqual([]);
  });

  it('uses canonical paths for a query without positions', () => {
    const q = query([clause('=', 'nope', 1), clause('<', 'nope', 1)]);
    expect(validate(q, catalog).map((d) => [d.path, d.span])).toEqual([
      ['/0/0', undefined],
      ['/1/0/1', undefined],
    ]);
  });

  it('uses canonical paths for an infix query, with the infix spans', () => {
    // `colour = 1 and meta < 2`: the infix text has an operator span even for `=`.
    const spans = (f: [number, number], o: [number, number], v: [number, number]) => ({
      clause: { start: f[0], end: v[1] },
      field: { start: f[0], end: f[1] },
      operator: { start: o[0], end: o[1] },
      value: { start: v[0], end: v[1] },
    });
    const q = query([clause('=', 'colour', 1, { spans: spans([0, 6], [7, 8], [9, 10]) }), clause('<', 'meta', 2, { spans: spans([15, 19], [20, 21], [22, 23]) })], {
      span: { start: 0, end: 23 },
      syntax: 'infix',
    });
    expect(validate(q, catalog).map((d) => [d.code, d.path, d.span])).toEqual([
      ['schema/unknown-field', '/0/0', { start: 0, end: 6 }],
      ['schema/operator-not-allowed', '/1/0/0', { start: 20, end: 21 }],
    ]);
  });
});
