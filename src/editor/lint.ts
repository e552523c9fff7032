/**
 * `lint(input, catalog)`: one entry point for editors and the CLI. Accepts infix text or wire
 * text (plain JSON or percent-encoded), parses or decodes it, validates it against the catalog,
 * and returns every diagnostic with its span (and its quick-fix edits) in the INPUT text.
 */
import { clause, query, type Clause, type ClauseSpans, type Query, type Span } from '../ast/index.js';
import { catalogArgumentProblems, type Catalog } from '../catalog/index.js';
import { fixEdits, LIMIT_OPTION_KEYS, resolveQueryLimits, validate, type LimitOptions, type QueryLimits, type SourcePrinter } from '../check/index.js';
import { badArgument, capDiagnostics, hasErrors, type Diagnostic, type Fix, type QueryChange, type TextEdit } from '../diagnostics/index.js';
import { OPERATORS } from '../operators/index.js';
import { decode } from '../wire/index.js';
import { optionKeyProblems } from '../wire/limits.js';
import { detectSyntax, type DetectedSyntax } from '../syntax/detect.js';
import { formatClause, formatField, formatValue } from '../syntax/format.js';
import { parse } from '../syntax/parse.js';

/** What {@link lint} returns. */
export interface LintResult {
  /** The query, present when neither the syntax nor the validation found an error. */
  readonly query?: Query;
  /** Syntax and validation diagnostics, spans in the input text. */
  readonly diagnostics: Diagnostic[];
  /** The syntax the input was read as. */
  readonly syntax: DetectedSyntax;
}

/** Writes quick-fix edits in the infix syntax (canonical spellings). */
export const infixPrinter: SourcePrinter = {
  field: formatField,
  value: formatValue,
  clause: formatClause,
  separator: ' and ',
  operator: (op) => OPERATORS[op].infix,
};

/**
 * Lints a query text against a catalog. Never throws.
 *
 * ```ts
 * lint('price < "20" and colour = "red"', catalog).diagnostics.map((d) => d.code);
 * // ['schema/type-mismatch', 'schema/unknown-field']
 * ```
 */
export function lint(input: string, catalog: Catalog, options?: LintOptions): LintResult {
  const problems = catalogArgumentProblems('lint', catalog);
  if (typeof input !== 'string') problems.unshift(badArgument('lint', 'input', 'a string (infix or wire text)', input, 'Pass the query text.'));
  problems.push(...optionKeyProblems('lint', options, LIMIT_OPTION_KEYS));
  if (problems.length) return { diagnostics: problems, syntax: 'infix' };
  const limits = resolveQueryLimits(options?.limits);
  const result = detectSyntax(input) === 'wire' ? lintWire(input, catalog, limits) : lintInfix(input, catalog, limits);
  if (result.diagnostics.length <= limits.maxDiagnostics) return result;
  return { ...result, diagnostics: capDiagnostics(result.diagnostics, limits.maxDiagnostics) };
}

/** Options of {@link lint}: the limits for untrusted queries (docs/limits.md). */
export type LintOptions = LimitOptions;

function lintWire(input: string, catalog: Catalog, limits: QueryLimits): LintResult {
  const decoded = decode(input, limits);
  const map = decoded.mapOffset ?? ((o: number) => o);
  // Edits to percent-encoded input must be percent-encoded themselves.
  const encoded = decoded.text !== undefined && decoded.text !== input;
  const diagnostics = [...decoded.diagnostics];
  if (decoded.query) diagnostics.push(...validate(decoded.query, catalog, { limits }));
  else {
    // As for infix text with syntax errors: the clauses that were read are checked one by one,
    // so an unknown operator in one clause does not hide the type error of the next.
    for (const { index, clause: c } of decoded.readable ?? []) {
      for (const d of validate(query([c], { syntax: 'wire' }), catalog, { limits })) diagnostics.push(reindex(d, index));
    }
    diagnostics.sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
  }
  const mapped = diagnostics.map((d) => mapDiagnostic(d, map, encoded));
  return !hasErrors(mapped) && decoded.query ? { query: decoded.query, diagnostics: mapped, syntax: 'wire' } : { diagnostics: mapped, syntax: 'wire' };
}

function mapSpan(s: Span, map: (o: number) => number): Span {
  return { start: map(s.start), end: map(s.end) };
}

function mapDiagnostic(d: Diagnostic, map: (o: number) => number, encoded: boolean): Diagnostic {
  const out: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = { ...d };
  if (d.span) out.span = mapSpan(d.span, map);
  if (d.related) out.related = d.related.map((r) => (r.span ? { ...r, span: mapSpan(r.span, map) } : r));
  if (d.fixes) {
    out.fixes = d.fixes.map((f) => ({
      ...f,
      edits: f.edits.map((e) => ({ span: mapSpan(e.span, map), newText: encoded ? encodeURIComponent(e.newText) : e.newText })),
    }));
  }
  return out;
}

function lintInfix(input: string, catalog: Catalog, limits: QueryLimits): LintResult {
  const parsed = parse(input, limits);
  const diagnostics = [...parsed.diagnostics];
  const q = forEdits(parsed.partial, input);
  if (parsed.query) {
    diagnostics.push(...validate(parsed.query, catalog, { limits }).map((d) => withInfixEdits(d, q)));
  } else {
    // With syntax errors the clauses read are checked one by one: relations between clauses
    // (duplicates, contradictions) would be noise while `or`, `not` or a typo is being fixed.
    parsed.partial.clauses.forEach((c, i) => {
      for (const d of validate(query([c], { syntax: 'infix' }), catalog, { limits })) diagnostics.push(withInfixEdits(reindex(d, i), q));
    });
  }
  diagnostics.sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
  return parsed.query && !hasErrors(diagnostics) ? { query: parsed.query, diagnostics, syntax: 'infix' } : { diagnostics, syntax: 'infix' };
}

/**
 * The query as the edit writer should see it: clauses written `field is present` get no
 * operator span, so that changing their operator rewrites the whole clause. (Exported for the
 * language server's incremental check, which assembles the same result from cached parts.)
 */
export function forEdits(q: Query, text: string): Query {
  const clauses = q.clauses.map((c): Clause => {
    const s = c.spans;
    if (!s?.operator || text.slice(s.operator.start, s.operator.end) !== 'is') return c;
    const spans: ClauseSpans = { clause: s.clause, field: s.field, value: s.value };
    return clause(c.operator, c.field, c.value, { spans });
  });
  return query(clauses, { ...(q.span ? { span: q.span } : {}), syntax: 'infix' });
}

/** A validation diagnostic with the text edits of its fixes written in the infix syntax. */
export function withInfixEdits(d: Diagnostic, q: Query): Diagnostic {
  if (!d.fixes) return d;
  const fixes: Fix[] = d.fixes.map((f) => (f.change ? { ...f, edits: fixEdits(q, f.change, infixPrinter) as TextEdit[] } : f));
  return { ...d, fixes };
}

/** A diagnostic of a one-clause query, moved to clause `i` of the whole query. */
function reindex(d: Diagnostic, i: number): Diagnostic {
  const out: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = { ...d };
  if (d.path !== undefined && (d.path === '/0' || d.path.startsWith('/0/'))) out.path = `/${i}` + d.path.slice(2);
  if (d.fixes) out.fixes = d.fixes.map((f) => (f.change ? { ...f, change: reindexChange(f.change, i) } : f));
  return out;
}

function reindexChange(c: QueryChange, i: number): QueryChange {
  switch (c.kind) {
    case 'replace-clauses':
      return { ...c, clauses: c.clauses.map(() => i) };
    default:
      return { ...c, clause: i };
  }
}
