// validate takes a query that decode has just read from JSON text (within the default limits)
// as it is, without the safe reading of each clause (src/wire/plain-queries.ts): the results
// must be exactly those of the safe reading, which a structural copy of the query still gets.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPERATOR_NAMES, type JsonValue, type Query } from '../../src/ast/index.js';
import { check, validate } from '../../src/check/index.js';
import { decode } from '../../src/wire/index.js';
import { isPlainQuery } from '../../src/wire/plain-queries.js';
import { catalog } from './fixture.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

const names = (catalog.SearchableAttributes ?? []).map((a) => a.Attribute);
const valueArb: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constantFrom<JsonValue>(-0, 0, 20, '20', '', 'red shoe', '__proto__', null, true, false, 1e308),
  fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.constant(null)), { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<JsonValue>,
);
const wireArb = fc.array(
  fc.tuple(fc.constantFrom(...OPERATOR_NAMES), fc.oneof(fc.constantFrom(...names), fc.constantFrom('Brand.Name', 'nope')), valueArb),
  { maxLength: 6 },
);

/** The same query as new objects: not one decode marked, so validate reads it safely. */
const copyOf = (q: Query): Query => ({ ...q, clauses: q.clauses.map((c) => ({ ...c })) });

describe('a freshly decoded query is validated as it is', () => {
  it('gives the diagnostics and the plan of the safe reading (property)', () => {
    fc.assert(
      fc.property(wireArb, fc.boolean(), (clauses, encoded) => {
        const text = JSON.stringify(clauses.map(([op, f, v]) => (op === '=' ? [f, v] : [[op, f], v])));
        const { query } = decode(encoded ? encodeURIComponent(text) : text);
        if (!query) return;
        const copy = copyOf(query);
        expect(isPlainQuery(query)).toBe(true);
        expect(isPlainQuery(copy)).toBe(false);
        expect(validate(query, catalog)).toEqual(validate(copy, catalog));
        const a = check(query, catalog);
        const b = check(copy, catalog);
        expect(a.diagnostics).toEqual(b.diagnostics);
        expect(a.plan?.clauses).toEqual(b.plan?.clauses);
      }),
      { seed: propertySeed(0x91a1), numRuns: propertyRuns(300) },
    );
  });

  it('is not taken when decode ran with raised limits (the default ones still apply)', () => {
    let deep: JsonValue = 1;
    for (let i = 0; i < 40; i++) deep = [deep];
    const { query } = decode(JSON.stringify([[['one-of', 'sizes'], deep]]), { maxDepth: 64 });
    expect(query && isPlainQuery(query)).toBe(false);
    expect(validate(query!, catalog).map((d) => d.code)).toContain('wire/too-deep');
  });

  it('is not taken for a look-alike built by hand', () => {
    const { query } = decode('[["price", 20]]');
    const lookAlike = { ...query!, clauses: [Object.defineProperty({ kind: 'clause', operator: '=', field: 'price' }, 'value', { get: () => 20, enumerable: true })] } as unknown as Query;
    expect(isPlainQuery(lookAlike)).toBe(false);
    expect(validate(lookAlike, catalog).map((d) => d.code)).toEqual(['wire/not-json']);
  });

  it('only the last few decoded queries are known, by identity', () => {
    const first = decode('[["price", 20]]').query!;
    for (let i = 0; i < 8; i++) decode('[["price", 21]]');
    expect(isPlainQuery(first)).toBe(false);
    expect(validate(first, catalog)).toEqual([]);
  });
});
