/**
 * The canonical infix form. Pure string work: the formatter never needs the parser engine.
 *
 * One form per query: the canonical operator spelling (`one-of`, never `in`; `present? true`,
 * never `is present`), values as JSON literals (`-0` prints `0`), fields bare when that is safe
 * and back-quoted otherwise, single spaces, ` and ` between clauses, and the empty string for the
 * empty query. `parse(format(q))` gives `q` back for every query.
 */
import { isQuery, type Clause, type JsonValue, type Query } from '../ast/index.js';
import { guard, throwBadArgument } from '../diagnostics/index.js';
import { OPERATORS } from '../operators/index.js';
import { BARE_FIELD, KEYWORDS } from './tokens.js';

const reserved: ReadonlySet<string> = new Set(KEYWORDS);

/** Whether `name` can be written without back-quotes (see {@link BARE_FIELD}; keywords cannot). */
export function isBareField(name: string): boolean {
  return BARE_FIELD.test(name) && !reserved.has(name);
}

/**
 * A field as infix text: bare when safe, else in back-quotes with each back-quote doubled
 * (`` `size (EU)` ``, `` `it``s` ``, `` `and` ``).
 */
export function formatField(name: string): string {
  return isBareField(name) ? name : '`' + name.replace(/`/g, '``') + '`';
}

/**
 * A JSON value as infix text: JSON literals with `, ` between array elements and `": "` in
 * objects; strings with JSON escapes (lone surrogates escaped as `\udXXX`), `-0` as `0`.
 */
export function formatValue(value: JsonValue): string {
  if (value === null || typeof value !== 'object') {
    // JSON.stringify prints -0 as 0 and escapes lone surrogates (well-formed JSON.stringify).
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    const items = value as readonly JsonValue[];
    let out = '[';
    for (let i = 0; i < items.length; i++) out += (i ? ', ' : '') + formatValue(items[i] as JsonValue);
    return out + ']';
  }
  let out = '{';
  let first = true;
  for (const key of Object.keys(value)) {
    out += (first ? '' : ', ') + JSON.stringify(key) + ': ' + formatValue((value as Record<string, JsonValue>)[key] as JsonValue);
    first = false;
  }
  return out + '}';
}

/** One clause in canonical form: `field operator value`. */
export function formatClause(c: Clause): string {
  return formatField(c.field) + ' ' + OPERATORS[c.operator].infix + ' ' + formatValue(c.value);
}

/** The canonical infix text of a query; the empty query is the empty string. */
export function format(q: Query): string {
  return guard('format', () => {
    if (!isQuery(q)) throwBadArgument('format', 'query', 'a Query', q, 'Pass the query returned by parse(text) or decode(q).');
    let out = '';
    for (let i = 0; i < q.clauses.length; i++) out += (i ? ' and ' : '') + formatClause(q.clauses[i] as Clause);
    return out;
  });
}
