import { isQuery, type JsonArray, type JsonValue, type Query } from '../ast/index.js';
import { guard, throwBadArgument } from '../diagnostics/index.js';

/**
 * The wire array of a query (docs/semantics.md section 1): equality in the shorthand `[field, value]`,
 * every other operator in the full form `[[operator, field], value]`. Clause order, object key
 * order and values are kept as they are.
 */
export function toWire(query: Query): JsonArray {
  return guard('toWire', () => {
    if (!isQuery(query)) throwBadArgument('toWire', 'query', 'a Query', query, 'Pass the query returned by decode(q) or parse(text).');
    return query.clauses.map((c): JsonValue => (c.operator === '=' ? [c.field, c.value] : [[c.operator, c.field], c.value]));
  });
}

/**
 * The canonical `q` string of a query: `encodeURIComponent(JSON.stringify(toWire(query)))`.
 * Decoding it gives the same query back, and encoding a decoded canonical string gives the same
 * bytes. (`-0` is written `0`, as JSON.stringify does; the two are equal query values.)
 */
export function encode(query: Query): string {
  return guard('encode', () => {
    return encodeURIComponent(JSON.stringify(toWire(query)));
  });
}
