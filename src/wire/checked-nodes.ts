import {
  clause as freezeClause,
  isOperator,
  isQuery,
  query as freezeQuery,
  queryEqual as astQueryEqual,
  stripSpans as astStripSpans,
  type Clause,
  type ClauseOptions,
  type ClauseSpans,
  type JsonValue,
  type Operator,
  type Query,
  type QueryOptions,
  type Span,
} from '../ast/index.js';
import { capDiagnostics, describeValue, guardAll, previewValue, QueryError, throwBadArgument, type Diagnostic } from '../diagnostics/index.js';
import { diagnostic } from '../diagnostics/core-diagnostic.js';
import { fromJs } from './from-js.js';
import { DEPTH_CAP, type DecodeLimits } from './limits.js';
import { suggestOperator } from './suggest-operator.js';

// Queries built in code are not untrusted input: no size limits beyond the hard depth cap and
// a bound on the values walked (holes included) that no real query reaches, so that a
// hand-built `a.length = 2 ** 32 - 1` is refused at once instead of walked.
const CODE_LIMITS: DecodeLimits = { maxLength: 10_000_000, maxClauses: Number.MAX_SAFE_INTEGER, maxListLength: Number.MAX_SAFE_INTEGER, maxDepth: DEPTH_CAP, maxDiagnostics: Number.MAX_SAFE_INTEGER };

/**
 * Builds a clause in code: `clause('<', 'price', 20)`. The value is copied (the caller's arrays
 * and objects are neither frozen nor shared) and the node is deep-frozen.
 *
 * Throws a {@link QueryError} carrying every problem when the operator is not one of the
 * language's (with a did-you-mean: `'lt'` suggests `'<'`), the field is not a string, or the
 * value holds something JSON cannot (`NaN`, `undefined`, a function, a cycle, a `Date`...).
 * Paths of the diagnostics point into the clause's wire form `[[operator, field], value]`.
 * Whether the value suits the operator and the catalog is `validate`'s job, as for decoded
 * queries.
 */
export function clause(operator: Operator, field: string, value: JsonValue, options: ClauseOptions = {}): Clause {
  return guardAll('clause', () => {
    const diagnostics: Diagnostic[] = [];
    const built = checkedClause(operator, field, value, readSafely(options ?? {}, 'spans'), '', diagnostics);
    if (!built) throw new QueryError(capDiagnostics(diagnostics), 'clause() cannot build this clause');
    return built;
  });
}

/**
 * Builds a query from clauses: `query([clause('=', 'brand', 'Acme')])`. Each element must be a
 * Clause (as built by {@link clause}, `decode` or `parse`); it is checked again and copied, so a
 * hand-made clause object is never frozen in place. Throws a {@link QueryError} listing every
 * element that is not a clause (a wire array such as `['brand', 'Acme']` gets the two ways to
 * write it) or that holds an unknown operator or a value JSON cannot hold.
 */
export function query(clauses: readonly Clause[], options: QueryOptions = {}): Query {
  return guardAll('query', () => buildQuery(clauses, options));
}

function buildQuery(clauses: readonly Clause[], options: QueryOptions): Query {
  if (!Array.isArray(clauses)) {
    throw new QueryError(
      [badElement('clauses', 'an array of clauses', clauses, 'Pass an array such as [clause("=", "brand", "Acme")] (use [] for the query that matches everything).', '')],
      'query() was called with a bad argument',
    );
  }
  const diagnostics: Diagnostic[] = [];
  const out: Clause[] = [];
  const length = clauses.length;
  for (let i = 0; i < length; i++) {
    if (!Object.prototype.hasOwnProperty.call(clauses, i)) {
      // A hole: reported once; the rest of a sparse array is read by its own elements only, so
      // `clauses.length = 2 ** 32 - 1` costs what its elements cost.
      diagnostics.push(notAClause(undefined, i));
      for (const key of Object.keys(clauses)) {
        const j = Number(key);
        if (Number.isInteger(j) && j > i && String(j) === key) check(readSafely(clauses, j), j);
      }
      break;
    }
    check(readSafely(clauses, i), i);
  }
  function check(c: unknown, i: number): void {
    if (!isClauseLike(c)) {
      diagnostics.push(notAClause(c, i));
      return;
    }
    const spans = readSafely(c, 'spans') as ClauseSpans | undefined;
    const built = checkedClause(readSafely(c, 'operator'), readSafely(c, 'field'), readSafely(c, 'value'), spans, `/${i}`, diagnostics);
    if (built) out.push(built);
  }
  if (diagnostics.length) throw new QueryError(capDiagnostics(diagnostics), 'query() cannot build this query');
  const o = (options ?? {}) as QueryOptions;
  const opts: { -readonly [K in keyof QueryOptions]: QueryOptions[K] } = {};
  if (o.span && isSpan(o.span)) opts.span = { start: o.span.start, end: o.span.end };
  if (o.syntax === 'wire' || o.syntax === 'infix') opts.syntax = o.syntax;
  return freezeQuery(out, opts);
}

function checkedClause(operator: unknown, field: unknown, value: unknown, spans: unknown, at: string, diagnostics: Diagnostic[]): Clause | undefined {
  // Copied in the clause's wire form, so that paths and codes are the decoder's for the same data.
  const copied: Diagnostic[] = [];
  const { value: wire } = fromJs([[operator, field], value], CODE_LIMITS, copied);
  const notJson = new Set(copied.map((d) => d.path));
  const problems: Diagnostic[] = [];
  if (notJson.has('/0/0')) {
    // Reported by the copy (a symbol, undefined...).
  } else if (typeof operator !== 'string') {
    problems.push(diagnostic('wire/operator-not-string', { found: describeValue(operator) }, { path: '/0/0' }));
  } else if (!isOperator(operator)) {
    const suggestion = suggestOperator(operator);
    problems.push(diagnostic('wire/unknown-operator', suggestion ? { operator, suggestion } : { operator }, { path: '/0/0' }));
  }
  if (!notJson.has('/0/1') && typeof field !== 'string') problems.push(diagnostic('wire/field-not-string', { found: describeValue(field) }, { path: '/0/1' }));
  problems.push(...copied);
  for (const d of problems) diagnostics.push(d.path === undefined ? d : { ...d, path: at + d.path });
  if (problems.length) return undefined;
  const copiedSpans = copySpans(spans);
  return freezeClause(operator as Operator, field as string, wire[1] as JsonValue, copiedSpans ? { spans: copiedSpans } : {});
}

function copySpans(s: unknown): ClauseSpans | undefined {
  if (typeof s !== 'object' || s === null) return undefined;
  const r = s as Record<string, unknown>;
  if (!isSpan(r['clause']) || !isSpan(r['field']) || !isSpan(r['value'])) return undefined;
  const out: { -readonly [K in keyof ClauseSpans]: ClauseSpans[K] } = { clause: spanCopy(r['clause']), field: spanCopy(r['field']), value: spanCopy(r['value']) };
  if (isSpan(r['operator'])) out.operator = spanCopy(r['operator']);
  const items = r['items'];
  if (Array.isArray(items) && items.every(isSpan)) out.items = items.map(spanCopy);
  return out;
}

function isSpan(s: unknown): s is Span {
  return typeof s === 'object' && s !== null && Number.isInteger((s as Span).start) && Number.isInteger((s as Span).end);
}

function spanCopy(s: Span): Span {
  return { start: s.start, end: s.end };
}

function isClauseLike(c: unknown): c is Record<string, unknown> {
  return typeof c === 'object' && c !== null && !Array.isArray(c) && readSafely(c, 'kind') === 'clause';
}

function readSafely(o: object, key: string | number): unknown {
  try {
    return (o as Record<string | number, unknown>)[key];
  } catch {
    return undefined;
  }
}

function notAClause(c: unknown, i: number): Diagnostic {
  let fix = 'Build each clause with clause(operator, field, value).';
  if (Array.isArray(c)) {
    const [head, value] = c as unknown[];
    const [op, field] = Array.isArray(head) ? (head as unknown[]) : ['=', head];
    if (c.length === 2 && typeof op === 'string' && typeof field === 'string') {
      // Bounded: the array may hold anything (a sparse array of length 2 ** 32 - 1, a cycle).
      const shown = (v: unknown): string => previewValue(v, 80);
      fix = `It looks like the wire form: build it with clause('${op}', ${shown(field)}, ${shown(value)}), or read wire arrays with decode(${shown(c)}).`;
    } else {
      fix = 'Wire arrays are read with decode(array); clauses are built with clause(operator, field, value).';
    }
  }
  return badElement(`clauses[${i}]`, 'a clause (built by clause(), decode or parse)', c, fix, `/${i}`);
}

function badElement(name: string, expected: string, value: unknown, fix: string, path: string): Diagnostic {
  let found: string;
  try {
    found = describeValue(value);
  } catch {
    found = 'a value that cannot be read';
  }
  return diagnostic('api/bad-argument', { fn: 'query', name, expected, found, fix }, { path });
}

/**
 * Structural equality of queries: the same clauses in the same order; spans are ignored. Throws a
 * QueryError (`api/bad-argument`) when an argument is not a Query.
 */
export function queryEqual(a: Query, b: Query): boolean {
  return guardAll('queryEqual', () => {
    if (!isQuery(a)) throwBadArgument('queryEqual', 'a', 'a Query', a, 'Pass two queries (from decode, parse or query).');
    if (!isQuery(b)) throwBadArgument('queryEqual', 'b', 'a Query', b, 'Pass two queries (from decode, parse or query).');
    return astQueryEqual(a, b);
  });
}

/** The query without any source positions (handy in tests and for caching keys). Throws a QueryError when `q` is not a Query. */
export function stripSpans(q: Query): Query {
  return guardAll('stripSpans', () => {
    if (!isQuery(q)) throwBadArgument('stripSpans', 'q', 'a Query', q, 'Pass the query returned by decode(q), parse(text) or query().');
    return astStripSpans(q);
  });
}
