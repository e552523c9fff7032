import { assertNever, type Clause, type JsonValue, type Query } from '../ast/index.js';
import type { AttributeType, Cardinality, Catalog, SearchableAttribute } from '../catalog/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import { operatorInfo, type OrderOp, type TextMatch } from '../operators/index.js';
import { tokenize } from '../text/index.js';
import { canonicalNumber } from './value-types.js';

/**
 * The test one value (the item value, or one element of it) must pass, normalised from a valid
 * clause. Every test is false on values of any other JSON type (docs/semantics.md section 3: a clause
 * can only be true on a value of the declared type). Each backend turns this union into its own
 * code through an exhaustive `switch`, so a new kind of test is a compile error in every backend
 * until it is handled.
 */
export type ValueTest =
  /** A number equal to one of `values` (numerically: -0 = 0). Values are finite, distinct, and never -0. */
  | { readonly kind: 'number-in'; readonly values: readonly number[] }
  /** A number ordered against `value` (finite; never -0). */
  | { readonly kind: 'number-order'; readonly op: OrderOp; readonly value: number }
  /** A string equal (exactly, code point for code point) to one of `values`. */
  | { readonly kind: 'string-in'; readonly values: readonly string[] }
  /** A string ordered against `value` in Unicode code point order. */
  | { readonly kind: 'string-order'; readonly op: OrderOp; readonly value: string }
  /** `true` or `false`, one of `values`. */
  | { readonly kind: 'boolean-in'; readonly values: readonly boolean[] }
  /**
   * A Referenced id (docs/semantics.md section 3): a string among `strings` (the candidates'
   * canonical strings, distinct), or a number among `numbers` (the finite numbers whose
   * `String()` is one of `strings`: `"5"` gives 5, `"5.0"` and `"NaN"` give none).
   */
  | { readonly kind: 'id-in'; readonly strings: readonly string[]; readonly numbers: readonly number[] }
  /** An element of an Array attribute strictly equal to one of `values` (same JSON type; numbers numerically). */
  | { readonly kind: 'element-in'; readonly values: readonly (string | number | boolean)[] }
  /**
   * `matches` (`all`: every token of `tokens`, distinct, is a token of the text) or
   * `matches-phrase` (`phrase`: `tokens`, in order, are a contiguous run of the text's tokens).
   * Tokens are the shared tokenizer's (src/text), lower-cased; never empty.
   */
  | { readonly kind: 'text'; readonly match: TextMatch; readonly tokens: readonly string[] };

/** How a clause reads the item value (from the attribute's type and cardinality). */
export type ElementShape =
  /** The value itself must pass. */
  | 'one'
  /** An array: some element passes; a bare value: it passes. */
  | 'many'
  /** Array + One: an array with some top-level element passing. */
  | 'array-one'
  /** Array + Many: a non-empty array of arrays (some inner element passes) or one bare array (some element passes). */
  | 'array-many';

/** What every clause plan carries: the clause and what its field resolved to. */
export interface PlanBase {
  /** The clause's position in the query. */
  readonly index: number;
  readonly clause: Clause;
  /** The declared attribute the field resolved to (directly or through `Aliases`). */
  readonly attribute: SearchableAttribute;
  /** The top-level key of the raw item holding the value. */
  readonly rawKey: string;
}

/** One checked clause, resolved and normalised. */
export type ClausePlan =
  /** `present?`: the raw key exists with a non-null value (`present: true`), or not. */
  | (PlanBase & { readonly kind: 'present'; readonly present: boolean })
  /** Every other operator: `test` on the value read with `shape`. */
  | (PlanBase & { readonly kind: 'test'; readonly shape: ElementShape; readonly test: ValueTest });

/**
 * A query that passed {@link check} without errors, ready for any backend: the hand-off between
 * stages. Every entry that compiles or lists (`compile`, `filter`, `listItems`, `toSql`,
 * `listSql`, `sqlListItems`, `toMongo`, `toMongoListing`) takes one in place of a query and then
 * does not check again. Only {@link check} makes them (see {@link isCheckedQuery}).
 */
export interface CheckedQuery {
  readonly query: Query;
  readonly catalog: Catalog;
  /** One plan per clause, in query order. */
  readonly clauses: readonly ClausePlan[];
  /** The warnings found by the check that made it (it has no errors). */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The plans {@link check} made: a look-alike built by hand is not trusted (it is checked as what
 * it is, not a query, and refused).
 * One set for every entry of the package loaded in the process: each entry bundle (`catq`,
 * `catq/sql`, `catq/eval`, ...) has its own copy of this module, and a plan that `catq`'s `check`
 * made is one that `catq/sql`'s `layoutListSql` takes as it is. The key names the plans' format:
 * change its number when `CheckedQuery` or `ClausePlan` change, so that another version of catq
 * in the same process never takes a plan it cannot read.
 */
const REGISTRY = Symbol.for('catq.checked-plans.1');
const MADE_BY_CHECK: WeakSet<object> = sharedSet();

function sharedSet(): WeakSet<object> {
  const g = globalThis as unknown as Record<symbol, unknown>;
  const found = g[REGISTRY];
  if (found instanceof WeakSet) return found as WeakSet<object>;
  const made = new WeakSet<object>();
  try {
    g[REGISTRY] = made;
  } catch {
    // A frozen global object (a locked-down realm): each entry keeps its own plans.
  }
  return made;
}

/** The checked query of `query`: `clauses` are the plans of every clause, in order. */
export function checkedQuery(query: Query, catalog: Catalog, clauses: readonly ClausePlan[], diagnostics: readonly Diagnostic[]): CheckedQuery {
  const out: CheckedQuery = Object.freeze({ query, catalog, clauses, diagnostics });
  MADE_BY_CHECK.add(out);
  return out;
}

/** Whether `value` is a {@link CheckedQuery} that {@link check} made (never throws). */
export function isCheckedQuery(value: unknown): value is CheckedQuery {
  return typeof value === 'object' && value !== null && MADE_BY_CHECK.has(value);
}

/** The shape of the item value for an attribute. */
export function shapeOf(type: AttributeType, cardinality: Cardinality): ElementShape {
  if (type === 'Array') return cardinality === 'Many' ? 'array-many' : 'array-one';
  return cardinality === 'Many' ? 'many' : 'one';
}

/** The candidates of `=` (the value) or `one-of` (the list). */
function candidates(c: Clause): readonly JsonValue[] {
  return Array.isArray(c.value) ? (c.value as readonly JsonValue[]) : [c.value];
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/** The equality test of `=` / `one-of` for the type; the candidates are valid values of it. */
function equalityTest(type: AttributeType, cs: readonly JsonValue[]): ValueTest {
  switch (type) {
    case 'Number':
      return { kind: 'number-in', values: unique(cs.filter((v): v is number => typeof v === 'number').map((v) => (v === 0 ? 0 : v))) };
    case 'String':
    case 'Text':
      return { kind: 'string-in', values: unique(cs.filter((v): v is string => typeof v === 'string')) };
    case 'Boolean':
      return { kind: 'boolean-in', values: unique(cs.filter((v): v is boolean => typeof v === 'boolean')) };
    case 'Referenced': {
      const strings = unique(cs.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map((v) => String(v)));
      const numbers = unique(strings.map(canonicalNumber).filter((n): n is number => n !== undefined));
      return { kind: 'id-in', strings, numbers };
    }
    case 'Array':
      return {
        kind: 'element-in',
        values: unique(cs.filter((v): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean').map((v) => (v === 0 ? 0 : v))),
      };
    case 'Object':
      return { kind: 'element-in', values: [] }; // no operator but present? is allowed on Object
    default:
      return assertNever(type, 'attribute type');
  }
}

/**
 * The plan of one clause that passed every check of its own. The operator table decides the
 * kind of test (its value shape), so a new operator needs a row there and, when its shape is
 * new, a case here and in every backend. Each plan is one object literal of a fixed shape (no
 * spread of a shared base: V8 builds those slowly, and a check builds one per clause).
 */
export function planClause(index: number, c: Clause, attribute: SearchableAttribute, rawKey: string): ClausePlan {
  const info = operatorInfo(c.operator);
  const type = attribute.Type;
  let test: ValueTest;
  switch (info.value) {
    case 'boolean':
      return { index, clause: c, attribute, rawKey, kind: 'present', present: c.value === true };
    case 'scalar':
    case 'list':
      test = equalityTest(type, candidates(c));
      break;
    case 'ordered':
      test = type === 'Number' ? { kind: 'number-order', op: info.order, value: (c.value as number) === 0 ? 0 : (c.value as number) } : { kind: 'string-order', op: info.order, value: c.value as string };
      break;
    case 'text': {
      const tokens = tokenize(c.value as string);
      test = { kind: 'text', match: info.text, tokens: info.text === 'all' ? unique(tokens) : tokens };
      break;
    }
    default:
      return assertNever(info, 'operator value shape');
  }
  return { index, clause: c, attribute, rawKey, kind: 'test', shape: shapeOf(type, attribute.Cardinality), test };
}

/** Whether a checked query holds on an item that has no keys (a non-object): only when every clause is `present? false`. */
export function holdsOnKeyless(plans: readonly ClausePlan[]): boolean {
  return plans.every((p) => p.kind === 'present' && !p.present);
}
