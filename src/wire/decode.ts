import { beyondLimit, span, type Clause, type JsonValue, type Query } from '../ast/index.js';
import { capDiagnostics, type Diagnostic } from '../diagnostics/index.js';
import { diagnostic } from '../diagnostics/core-diagnostic.js';
import { readClauses } from './clauses.js';
import { readPlainWire } from './fast-read.js';
import { describeInput, fromJs } from './from-js.js';
import { optionKeyProblems, QUERY_LIMIT_KEYS, resolveLimits, type DecodeLimits, type DecodeOptions } from './limits.js';
import { percentDecode } from './percent.js';
import { scanJson } from './scan.js';
import { jsonSyntaxErrors } from './syntax-errors.js';

/** What {@link decode} returns. */
export interface DecodeResult {
  /** The query; present exactly when there is no error-severity diagnostic. */
  readonly query?: Query;
  /** Every problem found, in text order per stage (never only the first). */
  readonly diagnostics: Diagnostic[];
  /**
   * The text the spans of the query and of the diagnostics point into: the decoded JSON text.
   * When percent-decoding itself failed (or the input was too long) it is the input as given.
   * Absent for an already-parsed array.
   */
  readonly text?: string;
  /** Maps an offset in {@link text} to the offset in the original `q` string (identity for plain JSON). */
  readonly mapOffset?: (decodedOffset: number) => number;
  /**
   * When there are errors: every clause that was read without a problem, with its index in the
   * query, so that a linter can still check them against the catalog (`lint` does) and report
   * every problem of the query at once.
   */
  readonly readable?: readonly { readonly index: number; readonly clause: Clause }[];
}

const identity = (offset: number): number => offset;

/**
 * Decodes a `q` value: the percent-encoded text, the plain JSON text (first non-blank character
 * `[`), or an already-parsed array (docs/semantics.md section 1). Never throws: every problem is a
 * diagnostic with a JSON pointer `path` and, for text input, a `span` in the decoded text.
 *
 * ```ts
 * const { query, diagnostics } = decode('%5B%5B%22brand%22%2C%22Acme%22%5D%5D');
 * ```
 */
export function decode(q: unknown, options?: DecodeOptions): DecodeResult {
  try {
    // A misspelt limit (`maxLenght`) would be ignored in silence. Any query limit is known: a
    // whole limits object may be passed (decode applies the wire ones).
    const optionProblems = optionKeyProblems('decode', options, QUERY_LIMIT_KEYS);
    if (optionProblems.length) return { diagnostics: [...optionProblems] };
    const limits = resolveLimits(options);
    if (typeof q === 'string') return capped(decodeText(q, limits), limits);
    if (Array.isArray(q)) return capped(decodeArray(q, limits), limits);
    return { diagnostics: [diagnostic('wire/not-an-array', { found: describeInput(q) }, { path: '' })] };
  } catch (e) {
    // Not expected to happen; the contract is that decode never throws, so say what broke.
    return { diagnostics: [diagnostic('wire/invalid-json', { detail: `the decoder failed unexpectedly (${String(e)})` }, { path: '' })] };
  }
}

/** The result with at most `maxDiagnostics` diagnostics listed (the rest counted). */
function capped(result: DecodeResult, limits: DecodeLimits): DecodeResult {
  if (result.diagnostics.length <= limits.maxDiagnostics) return result;
  return { ...result, diagnostics: capDiagnostics(result.diagnostics, limits.maxDiagnostics) };
}

function decodeArray(q: readonly unknown[], limits: DecodeLimits): DecodeResult {
  const diagnostics: Diagnostic[] = [];
  const data = fromJs(q, limits, diagnostics);
  if (data.aborted) {
    // The budget is what stopped the walk: say so first, before the problems met on the way.
    const budget = diagnostics.findIndex((d) => d.code === 'wire/too-many-values');
    if (budget > 0) diagnostics.unshift(...diagnostics.splice(budget, 1));
    return { diagnostics };
  }
  const query = readClauses({ value: data.value, skip: data.badClauses }, limits, diagnostics);
  return query && diagnostics.length === 0 ? { query, diagnostics } : { diagnostics };
}

/**
 * Whether text that is not JSON reads like the infix syntax: it starts with a field name (a
 * letter, `_` or a back-quote) and is not a misspelt JSON literal.
 */
function looksLikeInfix(text: string): boolean {
  const t = text.trimStart();
  return /^(?:[\p{L}_]|`)/u.test(t) && !/^(?:true|false|null|nan|infinity|undefined)\b/i.test(t);
}

function isJsonBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

function decodeText(q: string, limits: DecodeLimits): DecodeResult {
  if (q.length > limits.maxLength) {
    return {
      diagnostics: [diagnostic('wire/too-long', { length: q.length, limit: limits.maxLength }, { span: beyondLimit(q, limits.maxLength), path: '' })],
      text: q,
      mapOffset: identity,
    };
  }
  let first = 0;
  while (first < q.length && isJsonBlank(q.charCodeAt(first))) first++;
  let text = q;
  let mapOffset = identity;
  if (q.charCodeAt(first) !== 91 /* [ */) {
    const decoded = percentDecode(q);
    if (!decoded.ok) {
      const diagnostics = decoded.problems.map((p) => diagnostic('wire/bad-percent-encoding', { offset: p.start }, { span: p, path: '' }));
      return { diagnostics, text: q, mapOffset: identity };
    }
    text = decoded.text;
    mapOffset = decoded.mapOffset;
  }
  const diagnostics: Diagnostic[] = [];
  const readable: { index: number; clause: Clause }[] = [];
  const query = decodeJson(text, limits, diagnostics, readable);
  return query ? { query, diagnostics, text, mapOffset } : { diagnostics, text, mapOffset, readable };
}

/** Parses the decoded JSON text and reads the clauses, collecting every diagnostic. */
function decodeJson(text: string, limits: DecodeLimits, diagnostics: Diagnostic[], readable: { index: number; clause: Clause }[]): Query | undefined {
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch (e) {
    const twice = /^[ \t\r\n]*%5B/i.exec(text);
    if (twice) {
      // Decoding once left "%5B...": the q was percent-encoded twice. One clear error beats a cascade.
      const at = twice[0].length - 3;
      diagnostics.push(diagnostic('wire/invalid-json', { detail: 'the text is still percent-encoded after decoding it once; it seems to have been encoded twice' }, { span: span(at, at + 3) }));
      return undefined;
    }
    if (looksLikeInfix(text)) {
      // One clear error instead of a cascade of JSON errors: this is the other syntax.
      diagnostics.push(diagnostic('wire/infix-as-q', {}, { span: span(0, text.length), path: '' }));
      return undefined;
    }
    const { errors, tooDeep } = jsonSyntaxErrors(text, limits.maxDepth, e instanceof Error ? e.message : '');
    if (tooDeep) diagnostics.push(diagnostic('wire/too-deep', { depth: limits.maxDepth + 1, limit: limits.maxDepth }, { span: tooDeep }));
    for (const err of errors) diagnostics.push(diagnostic('wire/invalid-json', { detail: err.detail }, { span: err.span }));
    return undefined;
  }
  // Plainly valid text (the common case) is read in one walk; anything else by the full reader.
  const plain = readPlainWire(text, value, limits);
  if (plain) return plain;
  const { root, problems } = scanJson(text, limits.maxDepth);
  for (const p of problems) {
    diagnostics.push(
      p.kind === 'too-deep'
        ? diagnostic('wire/too-deep', { depth: p.depth, limit: limits.maxDepth }, { span: p.span, path: p.path })
        : diagnostic('wire/number-out-of-range', { text: p.text }, { span: p.span, path: p.path }),
    );
  }
  const query = readClauses({ value, root, readable }, limits, diagnostics);
  return diagnostics.length === 0 ? query : undefined;
}
