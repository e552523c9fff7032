import { isOperator, isQuery, type Clause, type JsonArray, type JsonValue, type Query } from '../ast/index.js';
import { guardAll, throwBadArgument } from '../diagnostics/index.js';

/**
 * The wire array of a query (docs/wire.md, "Clauses"): equality in the shorthand `[field, value]`,
 * every other operator in the full form `[[operator, field], value]`. Clause order, object key
 * order and values are kept as they are.
 */
export function toWire(query: Query): JsonArray {
  return guardAll('toWire', () => {
    if (!isQuery(query)) throwBadArgument('toWire', 'query', 'a Query', query, 'Pass the query returned by decode(q) or parse(text).');
    return query.clauses.map((c, i): JsonValue => {
      // A hand-made Query may hold anything; never write `[[null, null], null]` for it.
      if (!isClauseShaped(c)) {
        throwBadArgument('toWire', `query.clauses[${i}]`, 'a clause', c, 'Build queries with query([clause(...)]), decode(q) or parse(text).');
      }
      return c.operator === '=' ? [c.field, c.value] : [[c.operator, c.field], c.value];
    });
  });
}

/**
 * The canonical `q` string of a query: `encodeURIComponent(JSON.stringify(toWire(query)))`.
 * Decoding it gives the same query back, and encoding a decoded canonical string gives the same
 * bytes. (`-0` is written `0`, as JSON.stringify does; the two are equal query values.)
 */
export function encode(query: Query): string {
  return guardAll('encode', () => {
    return encodeURIComponent(JSON.stringify(toWire(query)));
  });
}

function isClauseShaped(c: unknown): c is Clause {
  return typeof c === 'object' && c !== null && isOperator((c as Clause).operator) && typeof (c as Clause).field === 'string' && (c as Clause).value !== undefined;
}
