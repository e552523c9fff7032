/**
 * Hand-built queries (JavaScript callers, `any`-typed data) may hold anything: getters that
 * throw, proxies, BigInts, cycles, sparse arrays, class instances. `validate` reads each clause
 * through here first, so the checks after it see plain JSON data or nothing.
 */
import { isOperator, type Clause, type ClauseSpans } from '../ast/index.js';
import { describeValue, type Diagnostic } from '../diagnostics/index.js';
import { diagnostic } from '../diagnostics/core-diagnostic.js';
import { DEFAULT_LIMITS, jsonValueProblems } from '../wire/index.js';

/** What {@link ownData} returns for an accessor, or a proxy that throws. */
const UNREADABLE: unique symbol = Symbol('unreadable');

/**
 * The own data property `key` (undefined when absent; {@link UNREADABLE} for an accessor or a
 * proxy that throws). Returns the value itself, not a wrapper: this runs four times per clause.
 */
function ownData(obj: object, key: string): unknown {
  try {
    const desc = Object.getOwnPropertyDescriptor(obj, key);
    if (!desc) return undefined;
    return 'value' in desc ? desc.value : UNREADABLE;
  } catch {
    return UNREADABLE;
  }
}

/** A description of any value for a message, never throwing. */
export function describeSafely(v: unknown): string {
  try {
    return describeValue(v);
  } catch {
    return 'a value that cannot be read';
  }
}

/** The diagnostics of a clause read without a problem (shared, never written to). */
const NONE: Diagnostic[] = [];

const unreadable = (index: number, what: string): Diagnostic =>
  diagnostic('wire/not-json', { found: `a value that cannot be read (${what})` }, { path: `/${index}` });

/**
 * The clause `c` (element `index` of the query) as plain data: its operator, field and value
 * read as own data properties, the value copied when it is not plain JSON... or the diagnostics
 * that say why it cannot be read. A clause made by `decode`, `parse` or `clause()` is returned
 * as it is (it is frozen JSON already) after a walk that finds nothing.
 */
export function readClause(c: unknown, index: number): { clause?: Clause; diagnostics: Diagnostic[] } {
  if (c === null || typeof c !== 'object') return { diagnostics: [diagnostic('wire/bad-clause', { found: describeSafely(c) }, { path: `/${index}` })] };
  const operator = ownData(c, 'operator');
  const field = ownData(c, 'field');
  const value = ownData(c, 'value');
  const spans = ownData(c, 'spans');
  if (operator === UNREADABLE || field === UNREADABLE || value === UNREADABLE || spans === UNREADABLE) return { diagnostics: [unreadable(index, 'a getter or proxy')] };
  if (!isOperator(operator)) {
    // A string is reported as it is; anything else (a symbol, a null-prototype object) described.
    const op = typeof operator === 'string' ? operator : describeSafely(operator);
    return { diagnostics: [diagnostic('wire/unknown-operator', { operator: op }, { path: `/${index}/0/0` })] };
  }
  if (typeof field !== 'string') {
    return { diagnostics: [diagnostic('wire/field-not-string', { found: describeSafely(field) }, { path: `/${index}/0/1` })] };
  }
  const v = value;
  // A scalar is plain JSON as it is (NaN and the infinities are kept: the value checks report them).
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return { clause: c as Clause, diagnostics: NONE };
  const checked = jsonValueProblems(v, [index, 1], DEFAULT_LIMITS, true);
  if (checked.diagnostics.length) return { diagnostics: checked.diagnostics };
  if (checked.value === v) return { clause: c as Clause, diagnostics: NONE };
  return { clause: rebuild(operator, field, checked.value, spans), diagnostics: [] };
}

/** A clause with a copied value. */
function rebuild(operator: Clause['operator'], field: string, value: unknown, spans: unknown): Clause {
  const out: Record<string, unknown> = { kind: 'clause', operator, field, value };
  if (spans !== undefined) out['spans'] = spans as ClauseSpans;
  return Object.freeze(out) as unknown as Clause;
}
