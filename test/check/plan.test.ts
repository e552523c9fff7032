/** check(): the checked plan every backend compiles (resolved field, element shape, normalised value test). */
import { describe, expect, it } from 'vitest';
import { clause, query, type Clause } from '../../src/ast/index.js';
import { check, type ClausePlan } from '../../src/check/index.js';
import { catalog } from './fixture.js';

function planOf(c: Clause): ClausePlan {
  const r = check(query([c]), catalog);
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r.plan!.clauses[0]!;
}

describe('check', () => {
  it('returns no plan when a diagnostic is an error, and the diagnostics of validate', () => {
    const r = check(query([clause('=', 'price', '20'), clause('=', 'nope', 1)]), catalog);
    expect(r.plan).toBeUndefined();
    expect(r.diagnostics.map((d) => d.code)).toEqual(['schema/type-mismatch', 'schema/unknown-field']);
  });

  it('keeps the plan when there are only warnings', () => {
    const r = check(query([clause('=', 'price', 1), clause('=', 'price', 1)]), catalog);
    expect(r.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
    expect(r.plan!.clauses).toHaveLength(2);
  });

  it('resolves alias paths to the raw key and the declared attribute', () => {
    const p = planOf(clause('=', 'Brand.Id', 7));
    expect(p.rawKey).toBe('brand_id');
    expect(p.attribute.Attribute).toBe('brand_id');
  });

  it('element shapes come from type and cardinality', () => {
    expect(planOf(clause('=', 'price', 1))).toMatchObject({ kind: 'test', shape: 'one' });
    expect(planOf(clause('=', 'sizes', 1))).toMatchObject({ kind: 'test', shape: 'many' });
    expect(planOf(clause('=', 'tags', 'x'))).toMatchObject({ kind: 'test', shape: 'array-one' });
    expect(planOf(clause('present?', 'meta', false))).toMatchObject({ kind: 'present', present: false });
  });

  it('normalises values: -0 to 0, duplicates removed, text tokenized and lower-cased', () => {
    expect(planOf(clause('one-of', 'price', [-0, 0, 2, 2]))).toMatchObject({ test: { kind: 'number-in', values: [0, 2] } });
    expect(planOf(clause('<=', 'color', 'b'))).toMatchObject({ test: { kind: 'string-order', op: '<=', value: 'b' } });
    expect(planOf(clause('matches', 'title', 'Red & red SHOE'))).toMatchObject({ test: { kind: 'text', match: 'all', tokens: ['red', 'shoe'] } });
    expect(planOf(clause('matches-phrase', 'title', 'Red red SHOE'))).toMatchObject({ test: { kind: 'text', match: 'phrase', tokens: ['red', 'red', 'shoe'] } });
  });

  it.each([
    [5, ['5'], [5]],
    ['5', ['5'], [5]],
    ['5.0', ['5.0'], []],
    ['05', ['05'], []],
    ['-0', ['-0'], []],
    [-0, ['0'], [0]],
    ['1e+21', ['1e+21'], [1e21]],
    [1e21, ['1e+21'], [1e21]],
    ['NaN', ['NaN'], []],
    ['Infinity', ['Infinity'], []],
    ['', [''], []],
    [' 5', [' 5'], []],
  ] as const)('Referenced %j: the id strings %j and the numbers %j (one canonical-number rule)', (value, strings, numbers) => {
    expect(planOf(clause('=', 'brand_id', value))).toMatchObject({ test: { kind: 'id-in', strings, numbers } });
  });
});
