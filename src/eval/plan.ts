import type { Clause, JsonValue, Operator, Query } from '../ast/index.js';
import type { AttributeType, Cardinality, Catalog } from '../catalog/index.js';
import { resolveField } from '../catalog/index.js';
import { tokenize } from '../text/index.js';
import { phraseMatcher, termsMatcher, type StringMatcher } from './text-matcher.js';

/** An ordering operator. */
export type OrderOp = '<' | '<=' | '>' | '>=';

/**
 * The test one value (an item value, or one element of it for Many) must pass, precomputed from
 * a clause. Every test is false on values of other JSON types.
 */
export type ValueTest =
  /** A number equal to one of `values` (numerically: -0 = 0). */
  | { readonly kind: 'number-in'; readonly values: readonly number[] }
  | { readonly kind: 'number-order'; readonly op: OrderOp; readonly value: number }
  /** A string equal (exactly) to one of `values`. */
  | { readonly kind: 'string-in'; readonly values: readonly string[] }
  /** A string ordered by code point against `value`; `native` when JS `<` agrees (no unit >= U+D800 in the value). */
  | { readonly kind: 'string-order'; readonly op: OrderOp; readonly value: string; readonly native: boolean }
  | { readonly kind: 'boolean-in'; readonly values: readonly boolean[] }
  /** A Referenced id: a string among `strings`, or a number whose String() is among them (`numbers`, `nan`). */
  | { readonly kind: 'ref-in'; readonly strings: readonly string[]; readonly numbers: readonly number[]; readonly nan: boolean }
  /** A scalar strictly equal to one of `values` (elements of Array attributes). */
  | { readonly kind: 'scalar-in'; readonly values: readonly (string | number | boolean)[] }
  | { readonly kind: 'text'; readonly operator: 'matches' | 'matches-phrase'; readonly tokens: readonly string[]; readonly matcher: StringMatcher };

/** How a clause reads the item value. */
export type ClauseShape =
  /** The value itself must pass. */
  | 'one'
  /** An array: some element passes; a bare value: it passes. */
  | 'many'
  /** Array+One: an array with some top-level element passing. */
  | 'array-one'
  /** Array+Many: a non-empty array of arrays (some inner element passes) or one bare array. */
  | 'array-many';

/** A clause resolved against the catalog and ready to run. */
export type ClausePlan =
  | { readonly index: number; readonly clause: Clause; readonly rawKey: string; readonly kind: 'present'; readonly present: boolean }
  | {
      readonly index: number;
      readonly clause: Clause;
      readonly rawKey: string;
      readonly kind: 'test';
      readonly shape: ClauseShape;
      readonly test: ValueTest;
    };

/** The canonical string of a Referenced id (LANGUAGE.md section 3). */
export function canonicalId(v: string | number): string {
  return typeof v === 'string' ? v : String(v);
}

function isOrderOp(op: Operator): op is OrderOp {
  return op === '<' || op === '<=' || op === '>' || op === '>=';
}

/** The candidates of `=` (one) or `one-of` (the list). */
function candidates(c: Clause): readonly JsonValue[] {
  return c.operator === 'one-of' && Array.isArray(c.value) ? (c.value as readonly JsonValue[]) : [c.value];
}

function valueTest(c: Clause, type: AttributeType): ValueTest {
  const op = c.operator;
  if (op === 'matches' || op === 'matches-phrase') {
    const tokens = tokenize(String(c.value));
    return { kind: 'text', operator: op, tokens, matcher: op === 'matches' ? termsMatcher(tokens) : phraseMatcher(tokens) };
  }
  if (isOrderOp(op)) {
    if (type === 'Number') return { kind: 'number-order', op, value: c.value as number };
    const value = c.value as string;
    return { kind: 'string-order', op, value, native: !/[\uD800-\uFFFF]/.test(value) };
  }
  const cs = candidates(c);
  switch (type) {
    case 'Number':
      return { kind: 'number-in', values: cs.filter((v): v is number => typeof v === 'number') };
    case 'String':
    case 'Text':
      return { kind: 'string-in', values: cs.filter((v): v is string => typeof v === 'string') };
    case 'Boolean':
      return { kind: 'boolean-in', values: cs.filter((v): v is boolean => typeof v === 'boolean') };
    case 'Referenced': {
      const strings = [...new Set(cs.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(canonicalId))];
      const numbers: number[] = [];
      let nan = false;
      for (const s of strings) {
        const n = Number(s);
        // A number matches a string exactly when String(number) is that string.
        if (s !== '' && String(n) === s) {
          if (Number.isNaN(n)) nan = true;
          else numbers.push(n);
        }
      }
      return { kind: 'ref-in', strings, numbers, nan };
    }
    case 'Array':
      return {
        kind: 'scalar-in',
        values: cs.filter((v): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'),
      };
    case 'Object':
      return { kind: 'scalar-in', values: [] }; // unreachable for valid queries: Object allows only present?
  }
}

function shapeOf(type: AttributeType, cardinality: Cardinality): ClauseShape {
  if (type === 'Array') return cardinality === 'Many' ? 'array-many' : 'array-one';
  return cardinality === 'Many' ? 'many' : 'one';
}

/**
 * Resolves every clause of a (valid) query: raw key through `Aliases`, the shape from type and
 * cardinality, and the precomputed value test. Clauses whose field does not resolve (impossible
 * after validation) become tests that never hold.
 */
export function planQuery(q: Query, catalog: Catalog): ClausePlan[] {
  return q.clauses.map((c, index): ClausePlan => {
    const res = resolveField(catalog, c.field);
    if (!res.ok) return { index, clause: c, rawKey: c.field, kind: 'test', shape: 'one', test: { kind: 'scalar-in', values: [] } };
    if (c.operator === 'present?') return { index, clause: c, rawKey: res.rawKey, kind: 'present', present: c.value === true };
    const { Type, Cardinality } = res.attribute;
    return { index, clause: c, rawKey: res.rawKey, kind: 'test', shape: shapeOf(Type, Cardinality), test: valueTest(c, Type) };
  });
}

/** Whether the query holds on an item that has no keys (a non-object): only when every clause is `present? false`. */
export function holdsOnKeyless(plans: readonly ClausePlan[]): boolean {
  return plans.every((p) => p.kind === 'present' && !p.present);
}
