/**
 * fast-check arbitrary for whole evaluation cases `{ catalog, items, query, wire }`: a valid
 * catalog (from catalog-arbitrary.ts), messy items with unique ids, and a query that is VALID for
 * the catalog, built from the same value pools as the items so that clauses actually match.
 * Shared by the evaluator, SQL and Mongo property tests; keep the exports stable.
 */
import fc from 'fast-check';
import { clause, query, type Clause, type JsonValue, type Query } from '../../src/ast/index.js';
import { fieldNames, resolveField, type AttributeType, type Catalog } from '../../src/catalog/index.js';
import { operatorsFor, OPERATORS } from '../../src/operators/index.js';
import { catalogArb } from './catalog-arbitrary.js';
import { itemsArb, numberArb, stringArb, textArb } from './item-arbitrary.js';

/** One evaluation case. */
export interface EvalCase {
  readonly catalog: Catalog;
  readonly items: Record<string, unknown>[];
  readonly query: Query;
  /** The query in wire form (a parsed JSON array; equality in shorthand). */
  readonly wire: unknown[];
}

/** A value of the declared type, as `=` and `one-of` take it. */
export function valueOfTypeArb(type: AttributeType): fc.Arbitrary<JsonValue> {
  switch (type) {
    case 'Number':
      return numberArb;
    case 'String':
    case 'Text':
      return stringArb;
    case 'Boolean':
      return fc.boolean();
    case 'Referenced':
      return fc.oneof(numberArb, stringArb);
    case 'Array':
      return fc.oneof(numberArb, stringArb, fc.boolean());
    case 'Object':
      return fc.constant(null); // never used: Object allows only present?
  }
}

/** A valid clause on `field` (a declared attribute or an alias path resolving to one). */
export function clauseArb(catalog: Catalog, field: string): fc.Arbitrary<Clause> {
  const res = resolveField(catalog, field);
  if (!res.ok) throw new Error(`clauseArb: ${field} does not resolve`);
  const type = res.attribute.Type;
  return fc.constantFrom(...operatorsFor(type)).chain((op) => {
    const shape = OPERATORS[op].value;
    const value: fc.Arbitrary<JsonValue> =
      shape === 'boolean'
        ? fc.boolean()
        : shape === 'text'
          ? textArb
          : shape === 'list'
            ? fc.array(valueOfTypeArb(type), { minLength: 1, maxLength: 4 })
            : shape === 'ordered'
              ? type === 'Number'
                ? numberArb
                : stringArb
              : valueOfTypeArb(type);
    return value.map((v) => clause(op, field, v));
  });
}

/** A valid query of 0..maxClauses clauses for the catalog (the empty query when it has no fields). */
export function queryArb(catalog: Catalog, maxClauses = 3, minClauses = 0): fc.Arbitrary<Query> {
  const names = fieldNames(catalog);
  if (!names.length) return fc.constant(query([]));
  return fc
    .array(fc.constantFrom(...names).chain((f) => clauseArb(catalog, f)), { minLength: Math.min(minClauses, maxClauses), maxLength: maxClauses })
    .map((cs) => query(cs));
}

/** The values each raw key is compared with in a query (for items that land near them). */
export function queryHints(q: Query, catalog: Catalog): Map<string, unknown[]> {
  const hints = new Map<string, unknown[]>();
  for (const c of q.clauses) {
    const r = resolveField(catalog, c.field);
    if (!r.ok || c.operator === 'present?') continue;
    const list = hints.get(r.rawKey) ?? [];
    if (Array.isArray(c.value)) list.push(...(c.value as unknown[]));
    else list.push(c.value);
    hints.set(r.rawKey, list);
  }
  return hints;
}

/** The wire form of a query (equality in shorthand, everything else in full form). */
export function toWireArray(q: Query): unknown[] {
  return q.clauses.map((c) => (c.operator === '=' ? [c.field, c.value] : [[c.operator, c.field], c.value]));
}

/** Options of {@link caseArbWith}. */
export interface CaseOptions {
  readonly maxItems?: number;
  readonly minItems?: number;
  readonly maxClauses?: number;
  readonly minClauses?: number;
}

/** Cases with the given sizes. */
export function caseArbWith(options: CaseOptions = {}): fc.Arbitrary<EvalCase> {
  return catalogArb.chain((catalog) => {
    const keys = (catalog.SearchableAttributes ?? []).map((a) => a.Attribute);
    return queryArb(catalog, options.maxClauses ?? 3, options.minClauses ?? 1).chain((q) =>
      itemsArb(catalog.Aliases.Id, keys, {
        maxLength: options.maxItems ?? 25,
        minLength: options.minItems ?? 0,
        hints: queryHints(q, catalog),
      }).map((items) => ({ catalog, items, query: q, wire: toWireArray(q) })),
    );
  });
}

/** Cases with up to 25 items and 1 to 3 clauses (0 when the catalog has no field). */
export const caseArb: fc.Arbitrary<EvalCase> = caseArbWith();
