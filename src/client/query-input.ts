/**
 * The pre-send check's reading of `q` (`catq/client/check`): every form a program may hold it in
 * (a builder, a `Query`, the wire array, wire or infix text) read by the wire decoder into a
 * `Query`, with every diagnostic of a malformed one, then validated against the catalog when the
 * client knows it. The client sends the query's canonical wire encoding.
 *
 * Infix text is read with the `parse` the caller hands to `createClient` (usually `parse` of
 * `catq/syntax`); the client never imports the infix parser itself.
 */
import { isQuery, type Query } from '../ast/index.js';
import type { Catalog } from '../catalog/index.js';
import { validate } from '../check/index.js';
import { badArgument, hasErrors, isArraySafe, QueryError, type Diagnostic } from '../diagnostics/index.js';
import { decode } from '../wire/index.js';
import { isBuilder, type InfixParser } from './query-parameter.js';

/**
 * Reads `q` into a query. With a catalog every error of docs/semantics.md section 5 is found here,
 * before anything is sent; without one only the syntax is checked (the service validates the
 * rest). Throws `QueryError` carrying every diagnostic.
 */
export function readQueryInput(q: unknown, catalog: Catalog | undefined, parseInfix?: InfixParser): Query {
  let query: Query | undefined;
  let diagnostics: Diagnostic[] = [];
  if (typeof q === 'string') {
    ({ query, diagnostics } = decode(q));
    if (diagnostics.some((d) => d.code === 'wire/infix-as-q')) {
      if (!parseInfix) throw new QueryError(diagnostics, "q is infix text: pass createClient({ parse }) with parse from 'catq/syntax' to send it, or send the wire form");
      const parsed = parseInfix(q);
      ({ query } = parsed);
      diagnostics = [...parsed.diagnostics];
    }
  } else if (isArraySafe(q)) {
    ({ query, diagnostics } = decode(q));
  } else if (isQuery(q)) {
    // An AST built by hand may break the invariants decode guarantees: round-trip it through the wire.
    let wire: unknown[] | undefined;
    try {
      wire = q.clauses.map(clauseToWire);
    } catch {
      diagnostics = [badArgument('listItems', 'q', 'a Query whose clauses can be read', q, 'Pass plain data: no getters or proxies that throw.')];
    }
    if (wire) ({ query, diagnostics } = decode(wire));
  } else if (isBuilder(q)) {
    let built: unknown;
    try {
      built = q.toQuery();
    } catch (e) {
      if (e instanceof QueryError) throw e;
      throw new QueryError([badArgument('listItems', 'q', 'a builder whose toQuery() returns a query', e, 'Fix the builder; its toQuery() threw.')], 'The query builder failed');
    }
    return readQueryInput(isQuery(built) ? built : { notAQuery: true }, catalog, parseInfix);
  } else {
    diagnostics = [badArgument('listItems', 'q', 'a query builder, a Query, a wire array or query text', q, 'Pass e.g. q: \'price < 20\' or q: [["price", 20]].')];
  }
  if (query && catalog) diagnostics.push(...validate(query, catalog));
  return orThrow(query, diagnostics);
}

function clauseToWire(c: unknown): unknown {
  if (!c || typeof c !== 'object') return c;
  const { operator, field, value } = c as { operator?: unknown; field?: unknown; value?: unknown };
  return [[operator, field], value];
}

function orThrow(query: Query | undefined, diagnostics: Diagnostic[]): Query {
  if (!query || hasErrors(diagnostics)) throw new QueryError(diagnostics, 'The q option is not a valid query');
  return query;
}
