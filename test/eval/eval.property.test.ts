import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clause, query } from '../../src/ast/index.js';
import { validate } from '../../src/check/index.js';
import { compile } from '../../src/eval/index.js';
import { caseArb } from '../support/case-arbitrary.js';
import { rawValueArb } from '../support/item-arbitrary.js';
import { oracle } from './oracle.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

const RUNS = 300;
const errorsOf = (d: readonly { severity: string }[]) => d.filter((x) => x.severity === 'error');

/** Messy items plus anything at all (JS values too: functions, symbols, undefined, Proxies are not generated). */
const anyItem = fc.oneof(fc.anything({ withBoxedValues: true, withMap: true, withSet: true, withNullPrototype: true, withTypedArray: true, withSparseArray: true }), rawValueArb);

describe('evaluator properties', () => {
  it('generated queries are valid for their catalogs', () => {
    fc.assert(
      fc.property(caseArb, ({ catalog, query: q }) => {
        expect(errorsOf(validate(q, catalog))).toEqual([]);
      }),
      { seed: propertySeed(0x5eed0401), numRuns: propertyRuns(RUNS) },
    );
  });

  it('never throws on any item, and codegen agrees with closures and with the naive oracle', () => {
    fc.assert(
      fc.property(caseArb, fc.array(anyItem, { maxLength: 5 }), ({ catalog, items, query: q }, extra) => {
        const gen = compile(q, catalog, { mode: 'codegen' });
        const clo = compile(q, catalog, { mode: 'closure' });
        for (const item of [...items, ...extra]) {
          const a = gen(item);
          expect(typeof a).toBe('boolean');
          expect(clo(item)).toBe(a);
          expect(a).toBe(oracle(item, q, catalog));
        }
      }),
      { seed: propertySeed(0x5eed0402), numRuns: propertyRuns(RUNS) },
    );
  });

  it('AND of clauses equals the intersection of single-clause results', () => {
    fc.assert(
      fc.property(caseArb, ({ catalog, items, query: q }) => {
        const whole = compile(q, catalog);
        const singles = q.clauses.map((c) => compile(query([c]), catalog));
        for (const item of items) expect(whole(item)).toBe(singles.every((p) => p(item)));
      }),
      { seed: propertySeed(0x5eed0403), numRuns: propertyRuns(RUNS) },
    );
  });

  it('`one-of [a]` equals `= a`, and `present? false` is the complement of `present? true`', () => {
    fc.assert(
      fc.property(caseArb, ({ catalog, items, query: q }) => {
        for (const c of q.clauses) {
          if (c.operator === '=') {
            const eq = compile(query([c]), catalog);
            const one = compile(query([clause('one-of', c.field, [c.value])]), catalog);
            for (const item of items) expect(one(item)).toBe(eq(item));
          }
          const yes = compile(query([clause('present?', c.field, true)]), catalog);
          const no = compile(query([clause('present?', c.field, false)]), catalog);
          for (const item of items) expect(no(item)).toBe(!yes(item));
        }
      }),
      { seed: propertySeed(0x5eed0404), numRuns: propertyRuns(RUNS) },
    );
  });
});
