/**
 * The `q` option of `listItems` in every form a program may hold it: a builder (any object with
 * a `toQuery()` method, such as `catq/builder`'s), a `Query` AST, the wire JSON array, or text
 * (wire JSON, percent-encoded wire, or infix). Read into a `Query`, validated against the
 * catalog when the client knows it, and written in the canonical wire encoding.
 *
 * The client never imports the infix parser (Chevrotain is most of catq's weight in a browser
 * bundle): infix text is read with the `parse` the caller hands to `createClient`, usually
 * `parse` of `catq/syntax`. Without it, infix text is a QueryError saying so.
 */
import { isQuery, type JsonValue, type Query } from '../ast/index.js';
import type { Catalog } from '../catalog/index.js';
import { validate } from '../check/index.js';
import { badArgument, hasErrors, QueryError, type Diagnostic } from '../diagnostics/index.js';
import { decode, encode } from '../wire/index.js';

/** Anything with a `toQuery()` returning a catq `Query` (the typed builder of `catq/builder`). */
export interface QueryBuilderLike {
  toQuery(): Query;
}

/** Reads infix text into a query: `parse` of `catq/syntax` is one. */
export type InfixParser = (text: string) => { readonly query?: Query; readonly diagnostics: readonly Diagnostic[] };

/** Every form the client accepts for `q`. */
export type QueryInput = QueryBuilderLike | Query | readonly JsonValue[] | string;

function isBuilder(value: unknown): value is QueryBuilderLike {
  return !!value && typeof value === 'object' && typeof (value as { toQuery?: unknown }).toQuery === 'function';
}

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
  } else if (Array.isArray(q)) {
    ({ query, diagnostics } = decode(q));
  } else if (isQuery(q)) {
    // An AST built by hand may break the invariants decode guarantees: round-trip it through the wire.
    ({ query, diagnostics } = decode(q.clauses.map(clauseToWire)));
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

/** The `q` query-string parameter of a query: its canonical wire encoding, percent-encoded once. */
export function qParameter(query: Query): string {
  return encode(query);
}

/**
 * The `q` of a Scope sent back by the service (`NextQuery.q`), written for the query string.
 * The specification only says "string": read it as any wire text (percent-encoded or plain) and
 * re-encode it canonically; text that is not a query is sent percent-encoded as it came.
 */
export function scopeQParameter(q: string): string {
  const { query } = decode(q);
  return query ? encode(query) : encodeURIComponent(q);
}
