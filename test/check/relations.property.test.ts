/**
 * Soundness of the relation warnings against a brute-force reading of docs/semantics.md: a clause
 * reported as implied really is implied on every item of a rich domain, and a query reported as
 * never true really matches none of them. (One-directional: it catches false warnings, which
 * are the harmful ones.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clause, query, type Clause, type JsonValue, type Operator } from '../../src/ast/index.js';
import type { AttributeType, Cardinality, Catalog } from '../../src/catalog/index.js';
import { validate } from '../../src/check/index.js';
import { isAllowed } from '../../src/operators/index.js';
import { compareCodePoints, containsPhrase, matchesAll, tokenize } from '../../src/text/index.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

type Scalar = string | number | boolean;

const POOLS: Record<string, { values: Scalar[]; extra: Scalar[] }> = {
  Number: { values: [-1, 0, -0, 1, 2, 5, 10, 1.5], extra: [-2, 0.5, 1.25, 1.75, 3, 7.5, 11] },
  String: { values: ['', 'a', 'b', 'B', 'red', 'red shoe', '😀', '\uffff'], extra: ['a\u0000', 'ab', 'c', '\ue000', 'zzz', 'A'] },
  Text: { values: ['red', 'shoe', 'red shoe', 'shoe red', 'Red', 'red running shoe', 'a'], extra: ['', 'blue', 'red-shoe', 'b', 'RED SHOE!', 'running'] },
  Boolean: { values: [true, false], extra: [] },
  Referenced: { values: [5, '5', 6, 'x'], extra: ['6', 7, 'y'] },
};

function elementHolds(e: unknown, op: Operator, v: JsonValue, type: AttributeType): boolean {
  const ofType =
    type === 'Number' ? typeof e === 'number' : type === 'Boolean' ? typeof e === 'boolean' : type === 'Referenced' ? typeof e === 'string' || typeof e === 'number' : typeof e === 'string';
  if (!ofType) return false;
  const eq = (c: JsonValue) => (type === 'Referenced' ? String(e) === String(c) : e === c);
  const cmp = () => (typeof e === 'number' ? (e as number) - (v as number) : compareCodePoints(e as string, v as string));
  switch (op) {
    case '=':
      return eq(v);
    case 'one-of':
      return (v as JsonValue[]).some(eq);
    case '<':
      return cmp() < 0;
    case '<=':
      return cmp() <= 0;
    case '>':
      return cmp() > 0;
    case '>=':
      return cmp() >= 0;
    case 'matches':
      return matchesAll(e as string, tokenize(v as string));
    case 'matches-phrase':
      return containsPhrase(e as string, tokenize(v as string));
    case 'present?':
      return false;
  }
}

/** The reference semantics for an item whose attribute `x` holds `item` (undefined = missing). */
function holds(item: unknown, c: Clause, type: AttributeType, card: Cardinality): boolean {
  if (c.operator === 'present?') return (item !== undefined && item !== null) === c.value;
  if (card === 'Many') return (Array.isArray(item) ? item : [item]).some((e) => elementHolds(e, c.operator, c.value, type));
  return !Array.isArray(item) && elementHolds(item, c.operator, c.value, type);
}

const setupArb = fc
  .record({ type: fc.constantFrom<AttributeType>('Number', 'String', 'Text', 'Boolean', 'Referenced'), card: fc.constantFrom<Cardinality>('One', 'Many') })
  .map(({ type, card }) => ({ type, card: type === 'Text' ? ('One' as const) : card }));

const caseArb = setupArb.chain(({ type, card }) => {
  const pool = POOLS[type]!.values;
  const ops = (['=', '<', '>', '<=', '>=', 'one-of', 'present?', 'matches', 'matches-phrase'] as const).filter((op) => isAllowed(op, type));
  const clauseArb = fc.constantFrom(...ops).chain((op): fc.Arbitrary<Clause> => {
    if (op === 'present?') return fc.boolean().map((b) => clause(op, 'x', b));
    if (op === 'one-of') return fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 3 }).map((l) => clause(op, 'x', l));
    // Ordering takes numbers on Number and strings otherwise; the pools are already of one kind.
    return fc.constantFrom(...pool).filter((v) => op === '=' || (op.startsWith('matches') ? typeof v === 'string' && tokenize(v).length > 0 : true)).map((v) => clause(op, 'x', v));
  });
  return fc.record({ type: fc.constant(type), card: fc.constant(card), clauses: fc.array(clauseArb, { minLength: 2, maxLength: 4 }) });
});

function items(type: AttributeType, card: Cardinality): unknown[] {
  const all = [...POOLS[type]!.values, ...POOLS[type]!.extra];
  const out: unknown[] = [undefined, null, ...all, type === 'Number' ? 'not a number' : 42, { a: 1 }];
  if (card === 'Many') {
    out.push([]);
    for (const a of all) for (const b of all) out.push([a, b]);
  }
  return out;
}

describe('relation warnings (property)', () => {
  it('are never false: implied clauses are implied, never-true queries match nothing', () => {
    fc.assert(
      fc.property(caseArb, ({ type, card, clauses }) => {
        const catalog: Catalog = { Id: 100, Name: 'c', Type: 'Product', Aliases: { Id: 'x' }, SearchableAttributes: [type === 'Referenced' ? { Attribute: 'x', Type: type, Cardinality: card, ReferenceId: 100 } : type === 'Text' ? { Attribute: 'x', Type: 'Text', Cardinality: 'One' } : { Attribute: 'x', Type: type, Cardinality: card }] };
        const diagnostics = validate(query(clauses), catalog);
        expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        const domain = items(type, card);
        for (const d of diagnostics) {
          const j = Number(d.path!.slice(1));
          const related = (d.related ?? []).map((r) => Number(r.path!.slice(1)));
          if (d.code === 'schema/never-true') {
            const involved = [j, ...related].map((k) => clauses[k]!);
            for (const item of domain) expect(involved.every((c) => holds(item, c, type, card)), `item ${JSON.stringify(item)}`).toBe(false);
          } else {
            const i = related[0]!;
            for (const item of domain) {
              if (holds(item, clauses[i]!, type, card)) expect(holds(item, clauses[j]!, type, card), `item ${JSON.stringify(item)}`).toBe(true);
            }
          }
        }
      }),
      { seed: propertySeed(0x5eed_3e1a), numRuns: propertyRuns(600) },
    );
  });
});
