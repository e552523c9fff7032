import { deepFreeze, jsonEqual, type JsonValue } from './json.js';
import { span, type Span } from './span.js';

import { OPERATOR_NAMES, type Operator } from '../operators/table.js';

// The operator names come from the operator table (the lowest stage); the AST re-exports them.
export { OPERATOR_NAMES, type Operator };

const operatorSet: ReadonlySet<string> = new Set(OPERATOR_NAMES);

/** Whether `name` is one of the operators (exact, case-sensitive). */
export function isOperator(name: unknown): name is Operator {
  return typeof name === 'string' && operatorSet.has(name);
}

/** Where each part of a clause stands in its source text. */
export interface ClauseSpans {
  /** The whole clause. */
  readonly clause: Span;
  /** The operator; absent for the wire's equality shorthand `[field, value]`. */
  readonly operator?: Span;
  readonly field: Span;
  readonly value: Span;
  /** One span per element when the value is an array (for pointing at one `one-of` candidate). */
  readonly items?: readonly Span[];
}

/** One condition: `field operator value`. Clauses of a query are combined with AND. */
export interface Clause {
  readonly kind: 'clause';
  readonly operator: Operator;
  /** A searchable attribute name or an alias path, exactly as written. */
  readonly field: string;
  /** The operand, a JSON value (checked against the catalog by the validator, not here). */
  readonly value: JsonValue;
  /** Source positions; absent on clauses built in code. */
  readonly spans?: ClauseSpans;
}

/** The syntax a query was read from, which decides how quick fixes are written back. */
export type SourceSyntax = 'wire' | 'infix';

/** A whole query: the AND of its clauses. `[]` matches every item. */
export interface Query {
  readonly kind: 'query';
  readonly clauses: readonly Clause[];
  /** The whole query in its source text; absent on queries built in code. */
  readonly span?: Span;
  /** The syntax of the source text the spans point into. */
  readonly syntax?: SourceSyntax;
}

/** Optional source information for {@link clause}. */
export interface ClauseOptions {
  readonly spans?: ClauseSpans;
}

/**
 * Builds a frozen clause from a value the caller owns and will not touch again: the value is
 * deep-frozen in place and nothing is checked. The decoder and the parser use it on values they
 * have just built. The package's public `clause` (src/wire/checked-nodes.ts) checks its
 * arguments and copies the value first.
 */
export function clause(operator: Operator, field: string, value: JsonValue, options: ClauseOptions = {}): Clause {
  const node: Clause = options.spans
    ? { kind: 'clause', operator, field, value: deepFreeze(value), spans: freezeSpans(options.spans) }
    : { kind: 'clause', operator, field, value: deepFreeze(value) };
  return Object.freeze(node);
}

/** Optional source information for {@link query}. */
export interface QueryOptions {
  readonly span?: Span;
  readonly syntax?: SourceSyntax;
}

/**
 * Builds a frozen query from trusted clauses (copies the array, checks nothing). The package's
 * public `query` (src/wire/checked-nodes.ts) checks every element and copies it.
 */
export function query(clauses: readonly Clause[], options: QueryOptions = {}): Query {
  const node: { -readonly [K in keyof Query]: Query[K] } = { kind: 'query', clauses: Object.freeze([...clauses]) };
  // Copied key by key: in Node 20, freezing the copy an object spread made was the slow part of `parse`.
  if (options.span) node.span = span(options.span.start, options.span.end);
  if (options.syntax) node.syntax = options.syntax;
  return Object.freeze(node);
}

/**
 * {@link clause} for parts its caller has just built and frozen itself (the decoder's fast
 * path): `value` a scalar or a frozen array of scalars, `spans` frozen with their `items`.
 */
export function ownedClause(operator: Operator, field: string, value: JsonValue, spans: ClauseSpans): Clause {
  return Object.freeze({ kind: 'clause', operator, field, value, spans });
}

/**
 * {@link query} for a clause array its caller has just built and hands over (the decoder): the
 * array is frozen in place rather than copied, and `span` is used as it is, so it must be frozen
 * already (as {@link span} makes them). The same node, two freezes and a copy cheaper.
 */
export function ownedQuery(clauses: Clause[], span: Span | undefined, syntax: SourceSyntax): Query {
  const node: { -readonly [K in keyof Query]: Query[K] } = { kind: 'query', clauses: Object.freeze(clauses) };
  if (span) node.span = span;
  node.syntax = syntax;
  return Object.freeze(node);
}

/**
 * Whether a query can never change: the query, its clause array, every clause and every value
 * in them frozen (what {@link query}, {@link clause} and the decoder and parser make). Work done
 * on such a query may be remembered by the query object (the listing does). Never throws.
 */
export function isImmutable(q: Query): boolean {
  try {
    if (!Object.isFrozen(q) || !Object.isFrozen(q.clauses)) return false;
    for (const c of q.clauses) if (!Object.isFrozen(c) || !frozenValue(c.value)) return false;
    return true;
  } catch {
    return false;
  }
}

function frozenValue(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return true;
  if (!Object.isFrozen(v)) return false;
  return Array.isArray(v) ? v.every(frozenValue) : Object.values(v).every(frozenValue);
}

function freezeSpans(s: ClauseSpans): ClauseSpans {
  if (s.items) Object.freeze(s.items);
  return Object.freeze(s);
}

/** Structural equality of clauses: operator, field and value; spans are ignored. */
export function clauseEqual(a: Clause, b: Clause): boolean {
  return a.operator === b.operator && a.field === b.field && jsonEqual(a.value, b.value);
}

/** Structural equality of queries: the same clauses in the same order; spans are ignored. */
export function queryEqual(a: Query, b: Query): boolean {
  if (a.clauses.length !== b.clauses.length) return false;
  for (let i = 0; i < a.clauses.length; i++) {
    if (!clauseEqual(a.clauses[i] as Clause, b.clauses[i] as Clause)) return false;
  }
  return true;
}

/** The query without any source positions (handy in tests and for caching keys). */
export function stripSpans(q: Query): Query {
  return query(q.clauses.map((c) => clause(c.operator, c.field, c.value)));
}

/**
 * Whether `value` has the shape of a Query (`kind: 'query'` and an array of clauses). The
 * clauses themselves are checked by `validate`. Never throws: a value that cannot be read (a
 * revoked Proxy, a getter or Proxy trap that throws) is not a Query.
 */
export function isQuery(value: unknown): value is Query {
  try {
    return typeof value === 'object' && value !== null && (value as Query).kind === 'query' && Array.isArray((value as Query).clauses);
  } catch {
    return false;
  }
}
