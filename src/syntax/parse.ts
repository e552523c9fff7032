/**
 * `parse(text)`: infix text to a query, with every diagnostic at once. Never throws.
 */
import type { CstNode, IRecognitionException, IToken } from 'chevrotain';
import { beyondLimit, query, type LineColumn, type Query, type Span } from '../ast/index.js';
import { argumentError, badArgument, capDiagnostics, DEFAULT_MAX_DIAGNOSTICS, diagnostic, hasErrors, LineIndex, throwBadArgument, type Diagnostic } from '../diagnostics/index.js';
import { ownOptions } from '../wire/index.js';
import { optionKeyProblems, QUERY_LIMIT_KEYS } from '../wire/limits.js';
import type { QueryCstNode } from './cst.js';
import { getEngine } from './engine.js';
import { fastParse } from './fast-parse.js';
import { fixKeywordCase } from './keyword-case.js';
import { isRealToken, tokenEnd, tokenSpan } from './token-span.js';
import { AstBuilder } from './visit.js';

/** What {@link parse} returns. */
export interface ParseResult {
  /** The query, present when there is no error. Its spans point into the text; `syntax` is `'infix'`. */
  readonly query?: Query;
  /**
   * Every clause that could be read completely, even when there are errors (for editors: the
   * validator can still check fields and values of a text being typed). Equal to `query` when
   * there is no error.
   */
  readonly partial: Query;
  /** Every problem, in text order. */
  readonly diagnostics: Diagnostic[];
}

function describeFound(t: IToken): string {
  if (t.tokenType.name === 'EOF' || Number.isNaN(t.startOffset)) return 'the end of the query';
  const img = t.image.length > 40 ? t.image.slice(0, 37) + '...' : t.image;
  switch (t.tokenType.name) {
    case 'StringLit':
      return `the string ${img}`;
    case 'NumberLit':
      return `the number ${img}`;
    case 'QuotedField':
      return img;
    default:
      return '`' + img + '`';
  }
}

/**
 * Parses infix text. All diagnostics come at once (lexer errors, several independent syntax
 * errors thanks to error recovery, and the dedicated `or`/`not`/`!=`/grouping codes with quick
 * fixes); `query` is present only when none is an error, `partial` always.
 */
export function parse(text: string, options?: ParseOptions): ParseResult {
  if (typeof text !== 'string') {
    return { partial: query([], { syntax: 'infix' }), diagnostics: [badArgument('parse', 'text', 'a string', text, 'Pass the query text.')] };
  }
  const optionProblems = optionKeyProblems('parse', options, QUERY_LIMIT_KEYS);
  if (optionProblems.length) return { partial: query([], { syntax: 'infix' }), diagnostics: [...optionProblems] };
  const limits = parseLimits(options);
  if (text.length > limits.maxInfixLength) {
    const span = beyondLimit(text, limits.maxInfixLength);
    return { partial: query([], { span: { start: 0, end: text.length }, syntax: 'infix' }), diagnostics: [diagnostic('syntax/too-long', { length: text.length, limit: limits.maxInfixLength }, { span })] };
  }
  // Valid text is read by the fast path (no Chevrotain); anything else by the full parser.
  const fast = fastParse(text, MAX_NESTING);
  if (fast) return { query: fast, partial: fast, diagnostics: [] };
  const result = parseText(text, limits.maxDiagnostics);
  if (result.diagnostics.length <= limits.maxDiagnostics) return result;
  const diagnostics = capDiagnostics(result.diagnostics, limits.maxDiagnostics);
  return result.query ? { ...result, diagnostics } : { partial: result.partial, diagnostics };
}

/** Options of {@link parse}: the limits it applies (the rest of a query's limits are accepted and ignored; any other key is `api/unknown-option`). */
export interface ParseOptions {
  /** Longest text read, in UTF-16 code units (default {@link DEFAULT_MAX_INFIX_LENGTH}). */
  readonly maxInfixLength?: number;
  /** Most diagnostics returned (default 100). */
  readonly maxDiagnostics?: number;
}

/** The longest infix text `parse` (and `lint`) reads by default, in UTF-16 code units (docs/limits.md). */
export const DEFAULT_MAX_INFIX_LENGTH = 10_000;

/** The limits of {@link parse}: own data properties only; a missing, NaN or negative value keeps the default. */
function parseLimits(options: unknown): { maxInfixLength: number; maxDiagnostics: number } {
  const o = ownOptions(options);
  const pick = (v: unknown, fallback: number): number => (typeof v === 'number' && v >= 0 && !Number.isNaN(v) ? v : fallback);
  return { maxInfixLength: pick(o['maxInfixLength'], DEFAULT_MAX_INFIX_LENGTH), maxDiagnostics: pick(o['maxDiagnostics'], DEFAULT_MAX_DIAGNOSTICS) };
}

/**
 * `&&` (lexed as `and`, so that the rest of the query parses as meant): an error whose fix writes
 * `and`, with a space on each side that has none (`price<20&&brand="x"` -> `price<20 and brand="x"`).
 */
function ampersandAnds(tokens: readonly IToken[], text: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const t of tokens) {
    if (t.tokenType.name !== 'And' || t.image !== '&&') continue;
    const span = tokenSpan(t);
    const spaced = (c: string | undefined) => c === undefined || /\s/.test(c);
    const newText = (spaced(text[span.start - 1]) ? '' : ' ') + 'and' + (spaced(text[span.end]) ? '' : ' ');
    out.push(diagnostic('syntax/ampersand-and', {}, { span, fixes: [{ title: 'Write `and`', edits: [{ span, newText }] }] }));
  }
  return out;
}

/**
 * The full parser alone (Chevrotain), without the fast path: for the tests that hold the fast
 * path to it. Not part of the package's API.
 */
export function parseFull(text: string, options?: ParseOptions): ParseResult {
  const limits = parseLimits(options);
  return parseText(text, limits.maxDiagnostics);
}

function parseText(text: string, maxDiagnostics: number): ParseResult {
  const engine = getEngine();
  const { lexer, parser } = engine;
  const lexed = lexer.tokenize(text);
  const diagnostics: Diagnostic[] = [];
  const lexErrors: Span[] = [];
  for (const e of lexed.errors) {
    const span = { start: e.offset, end: e.offset + e.length };
    lexErrors.push(span);
    diagnostics.push(diagnostic('syntax/unexpected-character', { text: text.slice(span.start, span.end) }, { span }));
  }
  const tokens = lexed.tokens;
  if (lexErrors.length > maxDiagnostics) {
    // More characters the lexer rejects than diagnostics listed: this is not a query being
    // typed, and the parser's error recovery (tens of microseconds per bad token) is skipped.
    return { partial: query([], { span: { start: 0, end: text.length }, syntax: 'infix' }), diagnostics };
  }
  const tooDeep = nestingBeyond(tokens, MAX_NESTING);
  if (tooDeep) {
    diagnostics.push(diagnostic('syntax/too-deep', { limit: MAX_NESTING }, { span: tokenSpan(tooDeep) }));
    return { partial: query([], { span: { start: 0, end: text.length }, syntax: 'infix' }), diagnostics };
  }
  diagnostics.push(...fixKeywordCase(tokens, engine.tokens));
  diagnostics.push(...ampersandAnds(tokens, text));
  // Error recovery costs tens of microseconds per bad token: once more errors are found than can
  // be listed, the parser stops (it sees the end of the input); what was read before the first
  // error left out is kept, the rest counted as "at least 1 more".
  parser.input = tokens;
  parser.errorLimit = maxDiagnostics;
  const restoreStacks = withoutStackTraces();
  let cst: QueryCstNode;
  try {
    cst = parser.query() as QueryCstNode;
  } catch (e) {
    // The nesting bound above keeps the parser's recursion shallow; should some text still
    // exhaust the stack, it is reported as too deep, never thrown.
    if (!(e instanceof RangeError)) throw e;
    diagnostics.push(diagnostic('syntax/too-deep', { limit: MAX_NESTING }, { span: { start: 0, end: text.length } }));
    return { partial: query([], { span: { start: 0, end: text.length }, syntax: 'infix' }), diagnostics };
  } finally {
    parser.errorLimit = Infinity;
    restoreStacks();
  }
  const stop = parser.stoppedAt;
  // (a token the parser's recovery made up has no place in the text)
  const stoppedAt = stop === undefined ? undefined : isRealToken(stop) ? stop.startOffset : text.length;
  for (const e of parser.errors as IRecognitionException[]) {
    const t = e.token;
    const atEnd = t.tokenType.name === 'EOF' || Number.isNaN(t.startOffset);
    // The end of a prefix cut short is not the end of the text.
    if (stoppedAt !== undefined && (atEnd || t.startOffset >= stoppedAt)) continue;
    const span = atEnd ? { start: text.length, end: text.length } : tokenSpan(t);
    // The token before the error: when a character the lexer rejected lies between the two, the
    // parser error is its consequence and would only repeat it.
    const prevEnd = previousEnd(tokens, span.start);
    if (anyStartIn(lexErrors, prevEnd, atEnd ? text.length + 1 : span.start)) continue;
    diagnostics.push(diagnostic('syntax/unexpected-token', { expected: e.message, found: describeFound(t) }, { span }));
  }
  const builder = new AstBuilder(text);
  builder.conjunctionTop(cst.children.conjunction?.[0]);
  // An unterminated string or field swallows the rest of its line (or text): what the parser
  // then misses after it is a consequence, not another mistake.
  const open = builder.diagnostics.find((d) => d.code === 'syntax/unterminated-string' || d.code === 'syntax/unterminated-field');
  let kept = diagnostics;
  if (open?.span) {
    const from = open.span.start;
    kept = diagnostics.filter((d) => !(d.code === 'syntax/unexpected-token' && (d.span?.start ?? 0) >= from));
  }
  for (const d of builder.diagnostics) kept.push(d);
  // Only what lies before the first error left out is listed, so the list is the start of the
  // one a parse that did not stop would give. The last top-level term may have been cut in two
  // by the stop, and what is said about it, or about the connective before it, can depend on its
  // end (`x is present ( or )`: a full parse says `and` is missing before the group, the group cut
  // short is damaged and says nothing; `b = 1 or ) not "x" a`: the `or` is reported only before a
  // whole term), so the list ends where the term before it ends.
  const cut = stoppedAt === undefined ? undefined : Math.min(stoppedAt, lastWholeEnd(cst) ?? stoppedAt);
  if (cut !== undefined) kept = kept.filter((d) => (d.span?.start ?? 0) < cut);
  const diagnostics2 = kept;
  diagnostics2.sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
  if (cut !== undefined) diagnostics2.push(stoppedSummary(maxDiagnostics, { start: cut, end: text.length }));
  const partial = query(builder.clauses, { span: { start: 0, end: text.length }, syntax: 'infix' });
  return hasErrors(diagnostics2) ? { partial, diagnostics: diagnostics2 } : { query: partial, partial, diagnostics: diagnostics2 };
}

/**
 * Where what a stopped parse may have cut in two begins: the end of the top-level term before
 * the last one, or the start of the last when no term before it holds a token (undefined: no
 * term).
 */
function lastWholeEnd(cst: QueryCstNode): number | undefined {
  const terms = cst.children.conjunction?.[0]?.children.term ?? [];
  // (a term error recovery made up holds no token: the one before it counts)
  for (let i = terms.length - 2; i >= 0; i--) {
    const end = tokenExtent(terms[i] as CstNode, 'end');
    if (end !== undefined) return end;
  }
  const last = terms[terms.length - 1];
  return last ? tokenExtent(last, 'start') : undefined;
}

/** The start of a CST node's first real token, or the end of its last (undefined: none). */
function tokenExtent(node: CstNode, which: 'start' | 'end'): number | undefined {
  let out: number | undefined;
  for (const children of Object.values(node.children)) {
    for (const child of children) {
      const at = !('image' in child) ? tokenExtent(child, which) : isRealToken(child) ? tokenSpan(child)[which] : undefined;
      if (at !== undefined && (out === undefined || (which === 'start' ? at < out : at > out))) out = at;
    }
  }
  return out;
}

/** The summary of a parse that stopped looking for errors: at least one more was found. */
function stoppedSummary(limit: number, span: Span): Diagnostic {
  return diagnostic('limit/more-diagnostics', { count: 1, limit, stopped: true }, { span });
}

/**
 * How deeply arrays, objects and parentheses may nest. The parser recurses once per level, so
 * this bounds its stack; 30 levels of value is also what the wire decoder accepts by default
 * (its depth 32 counts the query array and the clause).
 */
export const MAX_NESTING = 30;

/** The closing token of each opening one. */
const CLOSER: Readonly<Record<string, string>> = { LBracket: 'RBracket', LBrace: 'RBrace', LParen: 'RParen' };

/**
 * The first opening token nested deeper than `limit`, if any. Only the matching closing token
 * ends a level, as in the parser: a `}` does not close a `(` (error recovery skips it and stays
 * inside), so counting every closer against every opener let text such as `((((}}}}` repeated
 * nest the parser hundreds of levels deep, and its error recovery then overflowed the stack.
 */
export function nestingBeyond(tokens: readonly IToken[], limit: number): IToken | undefined {
  const open: string[] = [];
  for (const t of tokens) {
    const n = t.tokenType.name;
    const closer = CLOSER[n];
    if (closer !== undefined) {
      open.push(closer);
      if (open.length > limit) return t;
    } else if (open.length > 0 && n === open[open.length - 1]) open.pop();
  }
  return undefined;
}

/**
 * The end offset of the last real token that starts before `offset` (0 when none). A binary
 * search: error-heavy text has one parser error per token, so a scan here would be quadratic.
 */
function previousEnd(tokens: readonly IToken[], offset: number): number {
  let lo = 0;
  let hi = tokens.length; // the answer is tokens[lo - 1]: the first token at or after offset is tokens[lo]
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((tokens[mid] as IToken).startOffset < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? 0 : tokenEnd(tokens[lo - 1] as IToken);
}

/** Whether a span of `sorted` (ordered by start) starts in [from, to); a binary search. */
function anyStartIn(sorted: readonly Span[], from: number, to: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as Span).start < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && (sorted[lo] as Span).start < to;
}

/** Line and column (1-based, UTF-16 columns) of both ends of a span in `text`. */
export function lineColumns(text: string, span: Span): { readonly start: LineColumn; readonly end: LineColumn } {
  try {
    if (typeof text !== 'string') throwBadArgument('lineColumns', 'text', 'a string', text, 'Pass the text the span points into.');
    const lines = new LineIndex(text);
    return { start: lines.at(span.start), end: lines.at(span.end) };
  } catch (e) {
    throw argumentError('lineColumns', e);
  }
}

/**
 * Chevrotain reports each syntax error it recovers from by throwing an `Error` subclass, whose
 * constructor captures a stack trace: a third of the time of a warm parse of text full of
 * mistakes (measured: `"a " x 5000`). Nobody sees those stacks, so none is captured while the
 * parser runs. Returns the function that puts the setting back (call it in a `finally`); where
 * `Error.stackTraceLimit` cannot be written (frozen intrinsics) nothing changes.
 */
function withoutStackTraces(): () => void {
  const saved = Error.stackTraceLimit;
  try {
    Error.stackTraceLimit = 0;
  } catch {
    return () => undefined;
  }
  return () => {
    Error.stackTraceLimit = saved;
  };
}
