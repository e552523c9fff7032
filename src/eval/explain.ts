import type { Clause, JsonValue, Operator, Span } from '../ast/index.js';
import type { Catalog } from '../catalog/index.js';
import type { Query } from '../ast/index.js';
import { hasErrors, QueryError } from '../diagnostics/index.js';
import { check } from '../check/index.js';
import { clauseFn } from './closure.js';

/** Why a clause held or not, in one word. */
export type ClauseOutcome =
  /** The clause held. */
  | 'held'
  /** The item has no own key (or is not an object). */
  | 'missing'
  /** The key holds `null`. */
  | 'null'
  /** The key holds a value, and the clause is false on it (wrong type, or not equal/ordered/matching). */
  | 'failed';

/** What one clause saw on one item. */
export interface ClauseExplanation {
  /** The clause's position in the query. */
  readonly index: number;
  readonly clause: Clause;
  readonly operator: Operator;
  /** The field as written (attribute or alias path). */
  readonly field: string;
  /** The top-level key of the raw item the field resolved to. */
  readonly rawKey: string;
  /** The clause's span in the query's source text, when the query was parsed. */
  readonly span?: Span;
  readonly held: boolean;
  readonly outcome: ClauseOutcome;
  /** Whether the item has the raw key as an own property. */
  readonly hasKey: boolean;
  /** The value at the raw key (`undefined` when missing). */
  readonly seen: JsonValue | undefined;
}

/** The explanation of one item against a query. */
export interface Explanation {
  /** Whether the item matches (every clause held). */
  readonly matched: boolean;
  readonly clauses: readonly ClauseExplanation[];
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Explains why an item does or does not match: per clause, whether it held, the raw key and the
 * value it saw there, and the clause's span. Throws a QueryError for a query that is not valid
 * for the catalog (as {@link compile} does); never throws because of the item.
 */
export function explain(query: Query, catalog: Catalog, item: unknown): Explanation {
  const { diagnostics, plan } = check(query, catalog);
  if (!plan || hasErrors(diagnostics)) throw new QueryError(diagnostics);
  let isObject: boolean;
  try {
    isObject = typeof item === 'object' && item !== null && !Array.isArray(item);
  } catch {
    // A revoked proxy: Array.isArray throws on it. It has no keys: every clause is missing.
    isObject = false;
  }
  const clauses = plan.clauses.map((p): ClauseExplanation => {
    let hasKey = false;
    let seen: unknown;
    let held: boolean;
    try {
      hasKey = isObject && hasOwn.call(item, p.rawKey);
      seen = hasKey ? (item as Record<string, unknown>)[p.rawKey] : undefined;
      held = isObject ? clauseFn(p)(item as object) : p.kind === 'present' && !p.present;
    } catch {
      held = false;
    }
    const outcome: ClauseOutcome = held ? 'held' : !hasKey || seen === undefined ? 'missing' : seen === null ? 'null' : 'failed';
    const out: { -readonly [K in keyof ClauseExplanation]: ClauseExplanation[K] } = {
      index: p.index,
      clause: p.clause,
      operator: p.clause.operator,
      field: p.clause.field,
      rawKey: p.rawKey,
      held,
      outcome,
      hasKey,
      seen: seen as JsonValue | undefined,
    };
    if (p.clause.spans) out.span = p.clause.spans.clause;
    return out;
  });
  return { matched: clauses.every((c) => c.held), clauses };
}
