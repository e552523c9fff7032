import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/check/index.js';
import { capDiagnostics } from '../../src/diagnostics/index.js';
import { decode } from '../../src/wire/index.js';
import { catalog } from './fixture.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

// Issue 20: a `one-of` of many wrong-typed values stops making diagnostics (each with a fix that
// copies and prints the whole list) once the listed ones are made; the rest are counted. The
// result is exactly what making them all and cutting the list would give.

const wire = (clauses: unknown[]) => decode(JSON.stringify(clauses), { maxLength: 1e7 }).query!;

describe('per-value diagnostics are capped while they are made', () => {
  it('gives what making every diagnostic and cutting the list gives', () => {
    const value = fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constantFrom('7', 'x', true, null, '12'));
    const clauseArb = fc.tuple(fc.constantFrom('sizes', 'price', 'sku', 'nope'), fc.array(value, { maxLength: 40 }));
    fc.assert(
      fc.property(fc.array(clauseArb, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 30 }), (clauses, max) => {
        const q = wire(clauses.map(([field, list]) => [['one-of', field], list]));
        const all = validate(q, catalog, { limits: { maxDiagnostics: Infinity } });
        expect(validate(q, catalog, { limits: { maxDiagnostics: max } })).toEqual(capDiagnostics(all, max));
      }),
      { seed: propertySeed(20), numRuns: propertyRuns(200) },
    );
  });

  it('49 clauses of 1,000 wrong values each give 100 diagnostics and the count of the rest', () => {
    const list = Array.from({ length: 1000 }, (_, i) => String(i));
    const q = wire(Array.from({ length: 49 }, () => [['one-of', 'sizes'], list]));
    const ds = validate(q, catalog);
    expect(ds).toHaveLength(101);
    expect(ds.slice(0, 100).every((d) => d.code === 'schema/type-mismatch' && d.fixes?.length === 1)).toBe(true);
    expect(ds[100]).toMatchObject({ code: 'limit/more-diagnostics', severity: 'error', data: { count: 49_000 - 100, limit: 100 } });
  });
});
