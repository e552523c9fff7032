import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryBuilder, type QueryBuilder } from '../../src/builder/index.js';
import {
  ALIAS_PATHS,
  decode,
  fieldNames,
  OPERATOR_NAMES,
  parse,
  queryEqual,
  QueryError,
  resolveField,
  validate,
  type Catalog,
  type Diagnostic,
} from '../support/all-stages.js';
import { clauseArb as validClauseArb } from '../support/case-arbitrary.js';
import { catalogArb } from '../support/catalog-arbitrary.js';
import { fieldArb, jsonValueArb } from '../support/query-arbitrary.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

// The builder and `validate` agree on generated builds over generated catalogs: a `where` call
// throws exactly when decoding and validating the same clause (as wire data) reports an error,
// with the same codes at the same paths; what the builder accepts validates without error and
// reads back equal from each of its outputs. Steps mix valid clauses (drawn from the catalog),
// any JSON values, operators that are not the language's and values JSON cannot hold.

interface Step {
  readonly field: unknown;
  readonly operator: unknown;
  readonly value: unknown;
}

/** Values a JavaScript caller can pass that JSON cannot hold, alone or nested. */
const notJsonArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(NaN, Infinity, -Infinity, undefined, 10n, Symbol('s')),
  fc.constant(null).map(() => new Date(0)),
  fc.constant(null).map(() => [1, NaN]),
  fc.constant(null).map(() => ({ a: undefined })),
);

function stepArb(catalog: Catalog): fc.Arbitrary<Step> {
  const names = fieldNames(catalog);
  const fields = fc.oneof(fieldArb, fc.constantFrom(...ALIAS_PATHS), ...(names.length ? [fc.constantFrom(...names)] : []));
  const any: fc.Arbitrary<Step> = fc.record({
    field: fc.oneof({ weight: 9, arbitrary: fields }, { weight: 1, arbitrary: fc.constantFrom(5, null, undefined) }),
    operator: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...OPERATOR_NAMES) }, { weight: 2, arbitrary: fc.constantFrom('lt', 'in', '!=', '', 'MATCHES', 7) }),
    value: fc.oneof({ weight: 8, arbitrary: jsonValueArb }, { weight: 2, arbitrary: notJsonArb }),
  });
  if (!names.length) return any;
  const valid = fc
    .constantFrom(...names)
    .chain((f) => validClauseArb(catalog, f))
    .map((c): Step => ({ field: c.field, operator: c.operator, value: structuredClone(c.value) as unknown }));
  return fc.oneof(valid, any);
}

const caseArb = catalogArb.chain((catalog) => fc.record({ catalog: fc.constant(catalog), steps: fc.array(stepArb(catalog), { maxLength: 8 }) }));

/** What decoding the step as wire data and validating it reports, as [code, path] at index i. */
function oracle(step: Step, catalog: Catalog, i: number): string[][] {
  const decoded = decode([[[step.operator, step.field], step.value]]);
  const errors: Diagnostic[] = decoded.diagnostics.filter((d) => d.severity === 'error');
  if (decoded.query && !errors.length) errors.push(...validate(decoded.query, catalog).filter((d) => d.severity === 'error'));
  return errors.map((d) => [d.code, (d.path ?? '').replace(/^\/0(?=\/|$)/, `/${i}`)]).sort();
}

describe('builder and validate', () => {
  it('agree on generated builds over generated catalogs', () => {
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(caseArb, ({ catalog, steps }) => {
        let b = queryBuilder(catalog) as QueryBuilder<Catalog>;
        const frozenBefore = steps.map((s) => typeof s.value === 'object' && s.value !== null && Object.isFrozen(s.value));
        for (const step of steps) {
          const i = b.clauses.length;
          const expected = oracle(step, catalog, i);
          let error: unknown;
          try {
            b = (b as unknown as { where(f: unknown, o: unknown, v: unknown): QueryBuilder<Catalog> }).where(step.field, step.operator, step.value);
          } catch (e) {
            error = e;
          }
          if (expected.length) {
            expect(error, JSON.stringify(expected)).toBeInstanceOf(QueryError);
            const got = (error as QueryError).diagnostics.map((d) => [d.code, d.path ?? '']).sort();
            // The decoder leaves the rest of a clause unchecked once its value holds something JSON
            // cannot (src/wire/from-js.ts, badClauses); the builder still reports the operator and
            // field there. Everywhere else the two report exactly the same.
            if (expected.some(([code]) => code === 'wire/not-json')) expect(got).toEqual(expect.arrayContaining(expected));
            else expect(got).toEqual(expected);
            rejected++;
          } else {
            expect(error).toBeUndefined();
            accepted++;
            const added = b.clauses[i]!;
            const decoded = decode([[[step.operator, step.field], step.value]]).query!;
            expect(queryEqual({ kind: 'query', clauses: [added] }, decoded)).toBe(true);
            // The clause resolves in the catalog, as validate said.
            expect(resolveField(catalog, added.field).ok).toBe(true);
          }
        }
        // and() of the same steps as one hand-made query reports every failing step at its index.
        const all = { kind: 'query', clauses: steps.map((s) => ({ kind: 'clause', operator: s.operator, field: s.field, value: s.value })) };
        const expectedAll = steps.flatMap((s, k) => oracle(s, catalog, k)).sort();
        let andError: unknown;
        try {
          const together = queryBuilder(catalog).and(all as never);
          expect(together.toQ()).toBe(b.toQ());
        } catch (e) {
          andError = e;
        }
        if (!expectedAll.length) expect(andError).toBeUndefined();
        else {
          expect(andError).toBeInstanceOf(QueryError);
          const got = (andError as QueryError).diagnostics.map((d) => [d.code, d.path ?? '']).sort();
          if (expectedAll.some(([code]) => code === 'wire/not-json')) expect(got).toEqual(expect.arrayContaining(expectedAll));
          else expect(got).toEqual(expectedAll);
        }
        expect(queryBuilder(catalog).and(b).toQ()).toBe(b.toQ());
        const q = b.toQuery();
        expect(validate(q, catalog).filter((d) => d.severity === 'error')).toEqual([]);
        expect(queryEqual(decode(b.toQ()).query!, q)).toBe(true);
        expect(queryEqual(decode(b.toWire()).query!, q)).toBe(true);
        expect(JSON.stringify(b.toWire())).toBe(decodeURIComponent(b.toQ()));
        const parsed = parse(b.toInfix());
        expect(parsed.diagnostics).toEqual([]);
        expect(queryEqual(parsed.query!, q)).toBe(true);
        // The caller's values were copied, never frozen.
        steps.forEach((s, k) => {
          if (typeof s.value === 'object' && s.value !== null) expect(Object.isFrozen(s.value)).toBe(frozenBefore[k]);
        });
      }),
      { seed: propertySeed(20261123), numRuns: propertyRuns(400) },
    );
    // Neither half is vacuous: plenty of builds were accepted and plenty rejected.
    expect(accepted).toBeGreaterThan(200);
    expect(rejected).toBeGreaterThan(200);
  });
});
