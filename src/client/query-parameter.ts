/**
 * The `q` query-string parameter of a request, written without the wire decoder or the checker
 * (what keeps `catq/client` small; `catq/client/check` adds both, see pre-send-check.ts).
 *
 * Every form of `q` becomes percent-encoded wire text: a builder or a `Query` through `toWire`,
 * a wire array as its JSON, wire text as it was written (percent-encoded once), infix text
 * through the `parse` the caller handed to `createClient`. What is read here is only what keeps
 * the request honest: a value that is not JSON (`NaN`, `undefined`, a Date) is refused rather
 * than silently turned into `null` by `JSON.stringify`, and infix text without a parser is
 * refused rather than sent as if it were wire text. Whether the clauses make a valid query is
 * the service's to say (a 400), or the pre-send check's when the client has one.
 */
import { isQuery, type JsonArray, type JsonValue, type Query } from '../ast/index.js';
import { infixAsQCode } from '../diagnostics/codes/infix-as-q.js';
import { diagnosticOf } from '../diagnostics/diagnostic-of.js';
import { guardAll, hasErrors, QueryError, throwBadArgument, type Diagnostic } from '../diagnostics/index.js';
import { toWire } from '../wire/encode.js';

/** Anything with a `toQuery()` returning a catq `Query` (the typed builder of `catq/builder`). */
export interface QueryBuilderLike {
  toQuery(): Query;
}

/** Reads infix text into a query: `parse` of `catq/syntax` is one. */
export type InfixParser = (text: string) => { readonly query?: Query; readonly diagnostics: readonly Diagnostic[] };

/** Every form the client accepts for `q`. */
export type QueryInput = QueryBuilderLike | Query | readonly JsonValue[] | string;

const FN = 'listItems';

/** Text whose first non-blank character is `[`: the plain JSON wire form. */
const WIRE_JSON = /^[ \t\r\n]*\[/;

/**
 * Text that reads like the infix syntax: a field name first (a letter, `_` or a back-quote), and
 * not a misspelt JSON literal. The wire decoder tells infix text from wire text the same way.
 */
function looksLikeInfix(text: string): boolean {
  return /^[ \t\r\n]*(?:[\p{L}_]|`)/u.test(text) && !/^[ \t\r\n]*(?:true|false|null|nan|infinity|undefined)\b/i.test(text);
}

/** Whether `value` has a `toQuery()` method (the typed builder of `catq/builder` has). */
export function isBuilder(value: unknown): value is QueryBuilderLike {
  try {
    return !!value && typeof value === 'object' && typeof (value as { toQuery?: unknown }).toQuery === 'function';
  } catch {
    return false; // a revoked Proxy, or one whose get trap throws
  }
}

/**
 * The `q` parameter of `q` in any form `listItems` accepts, percent-encoded once. Throws
 * QueryError: `api/bad-argument` for a value of no such form or holding a non-JSON value,
 * `wire/infix-as-q` for infix text without `parse`, and `parse`'s diagnostics for infix text
 * with a mistake. Nothing else is checked.
 */
export function queryParameter(q: unknown, parse: InfixParser | undefined): string {
  return guardAll(FN, () => {
    if (typeof q === 'string') return textParameter(q, parse);
    if (Array.isArray(q)) return wireParameter(q);
    if (isQuery(q)) return wireParameter(toWire(q));
    if (isBuilder(q)) return wireParameter(toWire(builtQuery(q)));
    return throwBadArgument(FN, 'q', 'a query builder, a Query, a wire array or query text', q, 'Pass e.g. q: \'[["brand","Acme"]]\' or q: [["price", 20]].');
  });
}

/** The query a builder holds; a builder that throws a QueryError keeps its diagnostics. */
export function builtQuery(builder: QueryBuilderLike): Query {
  let built: unknown;
  try {
    built = builder.toQuery();
  } catch (e) {
    if (e instanceof QueryError) throw e;
    return throwBadArgument(FN, 'q', 'a builder whose toQuery() returns a query', e, 'Fix the builder; its toQuery() threw.');
  }
  if (!isQuery(built)) throwBadArgument(FN, 'q', 'a builder whose toQuery() returns a query', built, 'Fix the builder; its toQuery() must return a Query.');
  return built;
}

function textParameter(text: string, parse: InfixParser | undefined): string {
  if (WIRE_JSON.test(text)) return encodeURIComponent(text);
  let decoded: string | undefined;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    decoded = undefined;
  }
  // Percent-encoded wire text: decoded and encoded again, so that it is percent-encoded exactly once.
  if (decoded !== undefined && WIRE_JSON.test(decoded)) return encodeURIComponent(decoded);
  if (!looksLikeInfix(text)) {
    return throwBadArgument(FN, 'q', 'wire text (a JSON array, plain or percent-encoded) or infix text', text, 'Pass e.g. q: \'[["brand","Acme"]]\'.');
  }
  if (!parse) {
    const d = diagnosticOf('wire/infix-as-q', infixAsQCode, {}, { path: '' });
    throw new QueryError([d], "q is infix text: pass createClient({ parse }) with parse from 'catq/syntax' to send it, or send the wire form");
  }
  const { query, diagnostics } = parse(text);
  if (!query || hasErrors(diagnostics)) throw new QueryError(diagnostics, 'The q option is not a valid query');
  return wireParameter(toWire(query));
}

/** A wire array as the `q` parameter, after making sure `JSON.stringify` loses nothing of it. */
function wireParameter(wire: readonly unknown[]): string {
  const problem = notJson(wire, '');
  if (problem) throwBadArgument(FN, `q${problem.path}`, 'a JSON value (null, a boolean, a finite number, a string, an array or a plain object)', problem.value, 'Queries hold JSON values only.');
  return encodeURIComponent(JSON.stringify(wire as JsonArray));
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * The first value in `value` that JSON cannot carry as it is, with its JSON pointer; undefined
 * when there is none. (A cycle or a nesting too deep for the stack ends as a RangeError, which
 * `guardAll` reports as a bad argument.)
 */
function notJson(value: unknown, path: string): { path: string; value: unknown } | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : { path, value };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = hasOwn.call(value, i) ? notJson(value[i], `${path}/${i}`) : { path: `${path}/${i}`, value: undefined };
      if (p) return p;
    }
    return undefined;
  }
  if (typeof value !== 'object') return { path, value };
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return { path, value };
  for (const key of Object.keys(value)) {
    const p = notJson((value as Record<string, unknown>)[key], `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    if (p) return p;
  }
  return undefined;
}

/**
 * The `q` of a Scope sent back by the service (`NextQuery.q`), or given as `from`, written for
 * the query string. The specification only says "string": plain JSON text is percent-encoded,
 * percent-encoded text is decoded and encoded again (percent-encoded exactly once), and anything
 * else is percent-encoded as it came; the service reads it as it reads any `q`.
 */
export function scopeQParameter(q: string): string {
  if (WIRE_JSON.test(q)) return encodeURIComponent(q);
  try {
    return encodeURIComponent(decodeURIComponent(q));
  } catch {
    return encodeURIComponent(q);
  }
}
