/**
 * The canonical infix form. Pure string work: the formatter never needs the parser engine.
 *
 * One form per query: the canonical operator spelling (`one-of`, never `in`; `present? true`,
 * never `is present`), values as JSON literals (`-0` prints `0`), fields bare when that is safe
 * and back-quoted otherwise, single spaces, ` and ` between clauses, and the empty string for the
 * empty query. `parse(format(q))` gives `q` back for every query.
 */
import { isOperator, isQuery, type Clause, type JsonValue, type Query } from '../ast/index.js';
import { argumentError, guardAll, throwBadArgument } from '../diagnostics/index.js';
import { OPERATORS } from '../operators/index.js';
import { BARE_FIELD, KEYWORDS } from './tokens.js';

const reserved: ReadonlySet<string> = new Set(KEYWORDS);

/** Whether `name` can be written without back-quotes (see {@link BARE_FIELD}; keywords cannot). */
export function isBareField(name: string): boolean {
  try {
    return BARE_FIELD.test(name) && !reserved.has(name);
  } catch (e) {
    throw argumentError('isBareField', e);
  }
}

/**
 * A field as infix text: bare when safe, else in back-quotes with each back-quote doubled
 * (`` `size (EU)` ``, `` `it``s` ``, `` `and` ``).
 */
export function formatField(name: string): string {
  if (typeof name !== 'string') throwBadArgument('formatField', 'name', 'a string', name, 'Pass the field name.');
  return isBareField(name) ? name : '`' + name.replace(/`/g, '``') + '`';
}

/**
 * A JSON value as infix text: JSON literals with `, ` between array elements and `": "` in
 * objects; strings with JSON escapes (lone surrogates escaped as `\udXXX`), `-0` as `0`.
 * Throws a QueryError for a hole of a sparse array (not JSON) and for a value of more than
 * {@link MAX_FORMAT_VALUES} values, so that a hand-built `a.length = 2 ** 32 - 1` costs nothing.
 */
export function formatValue(value: JsonValue): string {
  // guardAll: a BigInt, a cycle (RangeError) or a getter that throws is a QueryError.
  return guardAll('formatValue', () => writeValue(value, { left: MAX_FORMAT_VALUES }));
}

/** The most values (elements and members, at any depth) one call of the formatter writes. */
export const MAX_FORMAT_VALUES = 10_000_000;

const hasOwn = Object.prototype.hasOwnProperty;

function writeValue(value: JsonValue, budget: { left: number }): string {
  if (--budget.left < 0) throwBadArgument('format', 'query', `a query of at most ${MAX_FORMAT_VALUES} values`, value, 'Format smaller queries.');
  if (value === null || typeof value !== 'object') {
    // JSON.stringify prints -0 as 0 and escapes lone surrogates (well-formed JSON.stringify).
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    const items = value as readonly JsonValue[];
    const length = items.length;
    if (length > budget.left) throwBadArgument('format', 'query', `a query of at most ${MAX_FORMAT_VALUES} values`, value, 'Format smaller queries.');
    let out = '[';
    for (let i = 0; i < length; i++) {
      if (!hasOwn.call(items, i)) throwBadArgument('format', 'query', 'JSON values (no holes in arrays)', undefined, 'Build clauses with clause(), which refuses sparse arrays.');
      out += (i ? ', ' : '') + writeValue(items[i] as JsonValue, budget);
    }
    return out + ']';
  }
  let out = '{';
  let first = true;
  for (const key of Object.keys(value)) {
    out += (first ? '' : ', ') + JSON.stringify(key) + ': ' + writeValue((value as Record<string, JsonValue>)[key] as JsonValue, budget);
    first = false;
  }
  return out + '}';
}

/**
 * Refuses a hand-built clause whose operator or field is not a string before either is used as
 * one: turning a value into a string (a property key, a regular expression's input) would join
 * an array of any length, 2^32 - 1 holes included.
 */
function checkHead(c: Clause): void {
  const operator: unknown = c.operator;
  const field: unknown = c.field;
  if (!isOperator(operator)) throwBadArgument('format', 'query', 'clauses whose operator is one of the operators', operator, 'Build clauses with clause(), which checks them.');
  if (typeof field !== 'string') throwBadArgument('format', 'query', 'clauses whose field is a string', field, 'Build clauses with clause(), which checks them.');
}

/** One clause in canonical form: `field operator value`. */
export function formatClause(c: Clause): string {
  return guardAll('formatClause', () => {
    if (c === null || typeof c !== 'object' || !isOperator(c.operator) || typeof c.field !== 'string') {
      throwBadArgument('formatClause', 'clause', 'a clause (operator, field, value)', c, 'Build it with clause(operator, field, value).');
    }
    return formatField(c.field) + ' ' + OPERATORS[c.operator].infix + ' ' + formatValue(c.value);
  });
}

/** The canonical infix text of a query; the empty query is the empty string. */
export function format(q: Query): string {
  return guardAll('format', () => {
    if (!isQuery(q)) throwBadArgument('format', 'query', 'a Query', q, 'Pass the query returned by parse(text) or decode(q).');
    const budget = { left: MAX_FORMAT_VALUES };
    const clauses = q.clauses;
    if (clauses.length > budget.left) throwBadArgument('format', 'query', `a query of at most ${MAX_FORMAT_VALUES} values`, q, 'Format smaller queries.');
    let out = '';
    for (let i = 0; i < clauses.length; i++) {
      const c = clauses[i] as Clause;
      checkHead(c);
      out += (i ? ' and ' : '') + formatField(c.field) + ' ' + OPERATORS[c.operator].infix + ' ' + writeValue(c.value, budget);
    }
    return out;
  });
}
