import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clause, OPERATOR_NAMES, query, type JsonValue, type Operator, type Query } from '../../src/ast/index.js';
import { ALIAS_PATHS, type Catalog } from '../../src/catalog/index.js';
import { validate } from '../../src/check/index.js';
import { CODES, type Diagnostic, type QueryChange } from '../../src/diagnostics/index.js';
import { catalogArb } from '../support/catalog-arbitrary.js';
import { applyEdits, spannedWire, type WireClause } from '../support/spanned-wire.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

const nastyScalar: fc.Arbitrary<JsonValue> = fc.constantFrom<JsonValue>(
  -0, 0, 1e308, -1e308, 5e-324, 20, '20', '-0', '1e21', 'true', 'false', '', ' ', '😀', '\uffff', 'red shoe', '&&', null, true, false, '__proto__',
);
const valueArb: fc.Arbitrary<JsonValue> = fc.oneof(
  { weight: 3, arbitrary: nastyScalar },
  { weight: 2, arbitrary: fc.array(nastyScalar, { maxLength: 4 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<JsonValue> },
);

/** A catalog and clauses on its attributes, alias paths, near-misses and random names. */
const caseArb: fc.Arbitrary<Case> = catalogArb.chain((catalog) => {
  const names = (catalog.SearchableAttributes ?? []).map((a) => a.Attribute);
  const fieldArb = fc.oneof(
    ...(names.length ? [{ weight: 4, arbitrary: fc.constantFrom(...names) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...ALIAS_PATHS) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  );
  const clauseArb = fc.tuple(fc.constantFrom(...OPERATOR_NAMES), fieldArb, valueArb, fc.boolean());
  return fc.record({
    catalog: fc.constant(catalog),
    clauses: fc.array(clauseArb, { maxLength: 6 }),
    withSpans: fc.boolean(),
    pretty: fc.boolean(),
  });
});

interface Case {
  readonly catalog: Catalog;
  readonly clauses: readonly (readonly [Operator, string, JsonValue, boolean])[];
  readonly withSpans: boolean;
  readonly pretty: boolean;
}

function build(c: Case): { text?: string; query: Query } {
  if (!c.withSpans) return { query: query(c.clauses.map(([op, f, v]) => clause(op, f, v))) };
  const wire: WireClause[] = c.clauses.map(([op, f, v, short]) => (op === '=' && short ? [f, v] : [[op, f], v]));
  return spannedWire(wire, { pretty: c.pretty });
}

function spansOf(d: Diagnostic) {
  return [d.span, ...(d.related ?? []).map((r) => r.span), ...(d.fixes ?? []).flatMap((f) => f.edits.map((e) => e.span))].filter((s) => s !== undefined);
}

describe('validate (property)', () => {
  it('never throws; every diagnostic is a known code with a path, and every span lies inside the query', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { text, query: q } = build(c);
        const diagnostics = validate(q, c.catalog);
        for (const d of diagnostics) {
          expect(Object.keys(CODES)).toContain(d.code);
          expect(d.severity).toBe(CODES[d.code as keyof typeof CODES].severity);
          expect(d.path).toMatch(/^\/\d+(\/\d+)*$/);
          expect(Number(d.path!.split('/')[1])).toBeLessThan(q.clauses.length);
          if (q.span) {
            for (const s of spansOf(d)) {
              expect(s.start).toBeGreaterThanOrEqual(q.span.start);
              expect(s.end).toBeLessThanOrEqual(q.span.end);
              expect(s.start).toBeLessThanOrEqual(s.end);
            }
          } else {
            expect(spansOf(d)).toEqual([]);
          }
          // Every fix of a positioned wire query applies to valid JSON with the right clause count.
          for (const f of d.fixes ?? []) {
            if (text === undefined) continue;
            const fixed = JSON.parse(applyEdits(text, f.edits)) as unknown[];
            expect(fixed.length).toBe(q.clauses.length - (f.change?.kind === 'remove-clause' ? 1 : 0));
          }
        }
      }),
      { seed: propertySeed(0x5eed_c4ec), numRuns: propertyRuns(400) },
    );
  });

  it('is deterministic and reports errors only for clauses that have them', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { query: q } = build(c);
        const all = validate(q, c.catalog);
        expect(validate(q, c.catalog)).toEqual(all);
        // Errors are about one clause each: validating the clause alone gives the same errors.
        q.clauses.forEach((cl, i) => {
          const alone = validate(query([clause(cl.operator, cl.field, cl.value)]), c.catalog).filter((d) => d.severity === 'error');
          const mine = all.filter((d) => d.severity === 'error' && d.path!.split('/')[1] === String(i));
          // (Paths may differ in layout: the positioned clause may use the full form for `=`.)
          expect(mine.map((d) => d.code)).toEqual(alone.map((d) => d.code));
        });
      }),
      { seed: propertySeed(0x5eed_0c4e), numRuns: propertyRuns(200) },
    );
  });

  it('each quick fix of an error removes that error (the structural change, applied to the query)', () => {
    let applied = 0;
    fc.assert(
      fc.property(caseArb, (c) => {
        const { query: q } = build(c);
        for (const d of validate(q, c.catalog)) {
          if (d.severity !== 'error') continue;
          for (const f of d.fixes ?? []) {
            const fixed = applyChange(q, f.change!);
            const again = validate(fixed, c.catalog);
            applied++;
            expect(again.filter((e) => e.code === d.code && place(e) === place(d))).toEqual([]);
          }
        }
      }),
      { seed: propertySeed(0x5eed_f1c5), numRuns: propertyRuns(400) },
    );
    expect(applied).toBeGreaterThan(50);
  });
});

/** Clause index and candidate index of a diagnostic, whatever the path layout of the clause. */
function place(d: Diagnostic): string {
  const [, clauseIndex, part, item] = d.path!.split('/');
  return part === '1' && item !== undefined ? `${clauseIndex}/${item}` : String(clauseIndex);
}

function applyChange(q: Query, change: QueryChange): Query {
  const clauses = q.clauses.map((cl, i) => {
    if (change.kind === 'remove-clause' || change.kind === 'replace-clauses' || change.clause !== i) return clause(cl.operator, cl.field, cl.value);
    switch (change.kind) {
      case 'set-value':
        return clause(cl.operator, cl.field, change.value);
      case 'set-field':
        return clause(cl.operator, change.field, cl.value);
      case 'set-operator':
        return clause(change.operator, cl.field, cl.value);
    }
  });
  if (change.kind === 'remove-clause') clauses.splice(change.clause, 1);
  return query(clauses);
}
