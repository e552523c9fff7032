import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze, jsonEqual, jsonKind, type JsonValue } from '../../src/ast/index.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

describe('jsonEqual', () => {
  it('compares scalars by value and kind', () => {
    expect(jsonEqual(1, 1)).toBe(true);
    expect(jsonEqual(-0, 0)).toBe(true);
    expect(jsonEqual('1', 1)).toBe(false);
    expect(jsonEqual(null, false)).toBe(false);
    expect(jsonEqual(true, true)).toBe(true);
  });

  it('compares arrays in order and objects regardless of key order', () => {
    expect(jsonEqual([1, [2, 'x']], [1, [2, 'x']])).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual([1], [1, 1])).toBe(false);
    expect(jsonEqual({ a: 1, b: [null] }, { b: [null], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual({ a: undefined } as unknown as JsonValue, { b: 1 })).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
  });

  it('treats __proto__ as an ordinary key', () => {
    const a = JSON.parse('{"__proto__": 1}') as JsonValue;
    const b = JSON.parse('{"__proto__": 2}') as JsonValue;
    expect(jsonEqual(a, b)).toBe(false);
    expect(jsonEqual(a, JSON.parse('{"__proto__": 1}') as JsonValue)).toBe(true);
    expect(jsonEqual(a, {})).toBe(false);
  });

  it('is reflexive and agrees with a JSON round trip (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const copy = JSON.parse(JSON.stringify(v)) as JsonValue;
        expect(jsonEqual(v as JsonValue, v as JsonValue)).toBe(true);
        expect(jsonEqual(v as JsonValue, copy)).toBe(true);
      }),
      { seed: propertySeed(0x5eed0001), numRuns: propertyRuns(300) },
    );
  });
});

describe('jsonKind and deepFreeze', () => {
  it('names every kind', () => {
    expect([null, true, 1, 's', [], {}].map((v) => jsonKind(v))).toEqual(['null', 'boolean', 'number', 'string', 'array', 'object']);
  });

  it('freezes nested values', () => {
    const v = deepFreeze({ a: [1, { b: 2 }] } as JsonValue) as { a: [number, { b: number }] };
    expect(Object.isFrozen(v)).toBe(true);
    expect(Object.isFrozen(v.a)).toBe(true);
    expect(Object.isFrozen(v.a[1])).toBe(true);
  });
});
