import { describe, expect, it } from 'vitest';
import { clause, query, type JsonValue, type Operator } from '../../src/ast/index.js';
import { validate } from '../../src/check/index.js';
import { catalog, check, summary } from './fixture.js';

const changeOf = (d: { fixes?: readonly { change?: unknown }[] } | undefined) => d?.fixes?.map((f) => f.change);

describe('validate: values by type', () => {
  it.each<[string, Operator, JsonValue]>([
    ['price', '=', 5],
    ['price', '<', -0],
    ['price', '>=', 1e308],
    ['sizes', '=', 5e-324],
    ['color', '=', ''],
    ['color', '<', 'm'],
    ['title', '>', 'a'],
    ['title', '=', 'Red shoe'],
    ['in_stock', '=', false],
    ['brand_id', '=', 5],
    ['brand_id', '=', 'b-5'],
    ['tags', '=', 'x'],
    ['tags', '=', 3],
    ['tags', '=', true],
    ['tags', 'one-of', ['x', 1, false]],
    ['title', 'matches', 'red & shoe'],
    ['title', 'matches-phrase', '😀 smile'],
  ])('accepts %s %s %j', (field, op, value) => {
    expect(check([[[op, field], value]]).diagnostics).toEqual([]);
  });

  it.each<[string, Operator, JsonValue, JsonValue | undefined]>([
    ['price', '=', '20', 20],
    ['price', '<', '-1.5', -1.5],
    ['price', '=', '020', undefined],
    ['price', '=', '20.0', undefined],
    ['price', '=', ' 20', undefined],
    ['price', '=', true, undefined],
    ['price', '=', null, undefined],
    ['price', '>', { a: 1 }, undefined],
    ['color', '=', 20, '20'],
    ['color', '<', 20, '20'],
    ['title', '=', false, 'false'],
    ['in_stock', '=', 'true', true],
    ['in_stock', '=', 'false', false],
    ['in_stock', '=', 'yes', undefined],
    ['brand_id', '=', true, undefined],
    ['brand_id', '=', null, undefined],
    ['tags', '=', null, undefined],
    ['tags', '=', { a: 1 }, undefined],
    ['sizes', '=', '7', 7],
  ])('reports %s %s %j as a type mismatch on the value (fix %j)', (field, op, value, fixed) => {
    const { text, diagnostics } = check([[[op, field], value]]);
    expect(summary(text, diagnostics)).toEqual([{ code: 'schema/type-mismatch', severity: 'error', path: '/0/1', at: JSON.stringify(value) }]);
    expect(changeOf(diagnostics[0])).toEqual(fixed === undefined ? undefined : [{ kind: 'set-value', clause: 0, value: fixed }]);
  });

  it('offers one-of for = with a list of valid values', () => {
    const { text, diagnostics } = check([['color', ['red', 'blue']]]);
    expect(summary(text, diagnostics)).toEqual([{ code: 'schema/type-mismatch', severity: 'error', path: '/0/1', at: '["red", "blue"]' }]);
    expect(changeOf(diagnostics[0])).toEqual([{ kind: 'set-operator', clause: 0, operator: 'one-of' }]);
    // Not when a candidate would be wrong, nor for an empty list.
    expect(changeOf(check([['color', ['red', 1]]]).diagnostics[0])).toBeUndefined();
    expect(changeOf(check([['color', []]]).diagnostics[0])).toBeUndefined();
  });

  it('rejects non-finite numbers in a query built in code', () => {
    for (const v of [NaN, Infinity, -Infinity]) {
      const ds = validate(query([clause('=', 'price', v)]), catalog);
      expect(ds.map((d) => [d.code, d.path])).toEqual([['schema/type-mismatch', '/0/1']]);
    }
  });
});

describe('validate: one-of', () => {
  it('points a wrong candidate at its own element (/i/1/k)', () => {
    const { text, diagnostics } = check([[['one-of', 'price'], [1, '2', null, 3]]]);
    expect(summary(text, diagnostics)).toEqual([
      { code: 'schema/type-mismatch', severity: 'error', path: '/0/1/1', at: '"2"' },
      { code: 'schema/type-mismatch', severity: 'error', path: '/0/1/2', at: 'null' },
    ]);
    expect(changeOf(diagnostics[0])).toEqual([{ kind: 'set-value', clause: 0, value: [1, 2, null, 3] }]);
    expect(changeOf(diagnostics[1])).toBeUndefined();
  });

  it('rejects null and nested arrays as Array candidates', () => {
    const { text, diagnostics } = check([[['one-of', 'tags'], ['a', null, ['b']]]]);
    expect(summary(text, diagnostics).map((s) => [s.code, s.path, s.at])).toEqual([
      ['schema/type-mismatch', '/0/1/1', 'null'],
      ['schema/type-mismatch', '/0/1/2', '["b"]'],
    ]);
  });

  it('accepts Referenced ids as strings or numbers', () => {
    expect(check([[['one-of', 'brand_id'], [5, '5', 'x']]]).diagnostics.map((d) => d.code)).toEqual([]);
  });

  it('reports an empty list on the value', () => {
    const { text, diagnostics } = check([[['one-of', 'color'], []]]);
    expect(summary(text, diagnostics)).toEqual([{ code: 'schema/empty-one-of', severity: 'error', path: '/0/1', at: '[]' }]);
  });

  it.each<[JsonValue, JsonValue | undefined]>([
    ['red', ['red']],
    [5, ['5']],
    [null, undefined],
    [{ a: 1 }, undefined],
  ])('reports a non-list %j on the value, wrapping it when obvious', (value, fixed) => {
    const { text, diagnostics } = check([[['one-of', 'color'], value]]);
    expect(summary(text, diagnostics)).toEqual([{ code: 'schema/not-a-list', severity: 'error', path: '/0/1', at: JSON.stringify(value) }]);
    expect(changeOf(diagnostics[0])).toEqual(fixed === undefined ? undefined : [{ kind: 'set-value', clause: 0, value: fixed }]);
  });
});

describe('validate: present?', () => {
  it.each<[JsonValue, JsonValue | undefined]>([
    ['true', true],
    ['false', false],
    [1, undefined],
    [null, undefined],
    [[true], undefined],
  ])('reports %j on the value', (value, fixed) => {
    const { text, diagnostics } = check([[['present?', 'meta'], value]]);
    expect(summary(text, diagnostics)).toEqual([{ code: 'schema/present-not-boolean', severity: 'error', path: '/0/1', at: JSON.stringify(value) }]);
    expect(changeOf(diagnostics[0])).toEqual(fixed === undefined ? undefined : [{ kind: 'set-value', clause: 0, value: fixed }]);
  });
});

describe('validate: matches and matches-phrase', () => {
  it.each(['', '   ', '&&', '!?-', '🎉'])('reports a value without a word (%j)', (value) => {
    for (const op of ['matches', 'matches-phrase'] as const) {
      const { text, diagnostics } = check([[[op, 'title'], value]]);
      expect(summary(text, diagnostics)).toEqual([{ code: 'schema/no-token', severity: 'error', path: '/0/1', at: JSON.stringify(value) }]);
    }
  });

  it('reports a non-string value as a type mismatch, fixing numbers and word lists', () => {
    const cases: [JsonValue, JsonValue | undefined][] = [
      [42, '42'],
      [['red', 'shoe'], 'red shoe'],
      [['!'], undefined],
      [null, undefined],
      [true, undefined],
    ];
    for (const [value, fixed] of cases) {
      const { text, diagnostics } = check([[['matches', 'title'], value]]);
      // The helper writes arrays with a space after each comma.
      const written = JSON.stringify(value).replace(/,/g, ', ');
      expect(summary(text, diagnostics)).toEqual([{ code: 'schema/type-mismatch', severity: 'error', path: '/0/1', at: written }]);
      expect(changeOf(diagnostics[0])).toEqual(fixed === undefined ? undefined : [{ kind: 'set-value', clause: 0, value: fixed }]);
    }
  });
});

describe('validate: all at once', () => {
  it('reports every problem of every clause, in clause order', () => {
    const { diagnostics } = check([
      ['prise', 5],
      [['matches', 'color'], 'x'],
      ['price', '5'],
      [['present?', 'meta'], 'no'],
      [['one-of', 'sizes'], []],
      [['matches', 'title'], '...'],
    ]);
    expect(diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['schema/unknown-field', '/0/0'],
      ['schema/operator-not-allowed', '/1/0/0'],
      ['schema/type-mismatch', '/2/1'],
      ['schema/present-not-boolean', '/3/1'],
      ['schema/empty-one-of', '/4/1'],
      ['schema/no-token', '/5/1'],
    ]);
    expect(diagnostics.every((d) => d.severity === 'error')).toBe(true);
  });

  it('never throws on values no decoder would produce', () => {
    const weird = [undefined, () => 1, Symbol('x'), 10n, new Date(0), [undefined], { toString: null }] as unknown as JsonValue[];
    for (const v of weird) {
      for (const op of ['=', '<', 'one-of', 'present?', 'matches'] as const) {
        const c = { kind: 'clause', operator: op, field: 'price', value: v } as const;
        expect(() => validate({ kind: 'query', clauses: [c, c] }, catalog)).not.toThrow();
      }
    }
    const bad = { kind: 'clause', operator: '!=', field: 5, value: 1 } as unknown as ReturnType<typeof clause>;
    expect(validate({ kind: 'query', clauses: [bad] }, catalog).map((d) => d.code)).toEqual(['wire/unknown-operator']);
    const notClauses = [null, 5, 'x'] as unknown as ReturnType<typeof clause>[];
    expect(validate({ kind: 'query', clauses: notClauses }, catalog).map((d) => [d.code, d.path])).toEqual([
      ['wire/bad-clause', '/0'],
      ['wire/bad-clause', '/1'],
      ['wire/bad-clause', '/2'],
    ]);
  });
});
