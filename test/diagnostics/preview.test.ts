import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { previewValue } from '../../src/diagnostics/index.js';
import { propertyRuns, propertySeed } from '../support/property-runs.js';

describe('previewValue', () => {
  it('writes small JSON values as JSON does', () => {
    for (const v of [null, true, 0, -1.5, 'Acme', ['red', 2, null], { brand: 'Acme', price: [1, 2] }, [], {}]) {
      expect(previewValue(v)).toBe(JSON.stringify(v));
    }
    expect(previewValue('a "quoted" 😀')).toBe(JSON.stringify('a "quoted" 😀'));
  });

  it('says what JSON cannot write', () => {
    expect(previewValue(undefined)).toBe('undefined');
    expect(previewValue(NaN)).toBe('NaN');
    expect(previewValue(-Infinity)).toBe('-Infinity');
    expect(previewValue(10n)).toBe('10n');
    expect(previewValue(Symbol('s'))).toBe('a symbol');
    expect(previewValue([() => 1])).toBe('[a function]');
  });

  it('writes a hole as null, and stops early in a sparse array of any length', () => {
    const a: unknown[] = [];
    a.length = 2 ** 32 - 1;
    a[1] = 'x';
    const text = previewValue(a, 40);
    expect(text.startsWith('[null,"x",null,null')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(40);
    expect(text.endsWith('…')).toBe(true);
  });

  it('reads cycles, proxies and getters that throw without throwing', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle['self'] = cycle;
    expect(previewValue(cycle)).toBe('{"a":1,"self":{"a":1,"self":{"a":1,"self":{…}}}}');
    const boom = (): never => {
      throw new Error('boom');
    };
    const throwing = new Proxy({}, { get: boom, has: boom, ownKeys: boom, getOwnPropertyDescriptor: boom, getPrototypeOf: boom });
    expect(previewValue(throwing)).toBe('{…}');
    expect(previewValue(['a', throwing, 'b'])).toBe('["a",{…},"b"]');
    const { proxy, revoke } = Proxy.revocable([], {});
    revoke();
    expect(previewValue(proxy)).toBe('…');
    expect(previewValue(Object.defineProperty({}, 'k', { enumerable: true, get: boom }))).toBe('{"k":…}');
  });

  it('cuts a long string, and never writes much more than asked', () => {
    expect(previewValue('x'.repeat(1e6), 20)).toBe(`"${'x'.repeat(18)}…`);
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withNullPrototype: true, withSparseArray: true, maxDepth: 4 }), fc.integer({ min: 8, max: 200 }), (v, max) => {
        expect(previewValue(v, max).length).toBeLessThanOrEqual(max);
      }),
      { seed: propertySeed(0x5eedb7e7), numRuns: propertyRuns(100) },
    );
  });
});
