import type { Span } from '../ast/index.js';
import { argumentError, throwBadArgument } from './arguments.js';
import { isArraySafe } from './diagnostic-of.js';
import { LineIndex } from './line-index.js';
import type { Diagnostic } from './model.js';

/** An LSP position: 0-based line, 0-based character in UTF-16 code units. */
export interface LspPosition {
  readonly line: number;
  readonly character: number;
}

/** An LSP range (end exclusive). */
export interface LspRange {
  readonly start: LspPosition;
  readonly end: LspPosition;
}

/** An LSP text edit: replace `range` with `newText`. */
export interface LspTextEdit {
  readonly range: LspRange;
  readonly newText: string;
}

/** A quick fix ready to apply: a title and its edits, in LSP ranges. */
export interface LspFix {
  readonly title: string;
  readonly edits: readonly LspTextEdit[];
}

/** An LSP `DiagnosticRelatedInformation`: another place that explains the diagnostic. */
export interface LspRelatedInformation {
  readonly location: { readonly uri: string; readonly range: LspRange };
  readonly message: string;
}

/** A Language Server Protocol diagnostic (severity 1 error, 2 warning, 3 information). */
export interface LspDiagnostic {
  readonly range: LspRange;
  readonly severity: 1 | 2 | 3;
  readonly code: string;
  readonly source: 'catq';
  readonly message: string;
  /** `[1]` (Unnecessary) for a clause that changes nothing (duplicate or implied). */
  readonly tags?: readonly 1[];
  /** The diagnostic's `related` places, in the same document. */
  readonly relatedInformation?: readonly LspRelatedInformation[];
  /** The quick fixes, with their edits as LSP text edits (a server turns each into a code action). */
  readonly data?: { readonly fixes: readonly LspFix[] };
}

/** Options of {@link toLspDiagnostics}. */
export interface LspOptions {
  /** The document's URI, used in `relatedInformation` locations (default `''`). */
  readonly uri?: string;
}

/** Codes of clauses that change nothing: editors fade them out. */
const UNNECESSARY = new Set(['schema/duplicate-clause', 'schema/implied-clause']);

/**
 * Converts diagnostics to LSP diagnostics on `source` (the text the spans point into). A
 * diagnostic without a span covers the whole text. `related` places become
 * `relatedInformation` (at the diagnostic's own range when a place has no span); fixes become
 * ready LSP text edits under `data.fixes`.
 *
 * ```ts
 * const r = lint(text, catalog);
 * connection.sendDiagnostics({ uri, diagnostics: toLspDiagnostics(r.diagnostics, text, { uri }) });
 * ```
 */
export function toLspDiagnostics(diagnostics: readonly Diagnostic[], source: string, options: LspOptions = {}): LspDiagnostic[] {
  try {
    if (!isArraySafe(diagnostics)) throwBadArgument('toLspDiagnostics', 'diagnostics', 'an array of diagnostics', diagnostics, 'Pass the diagnostics returned by decode, validate, parse or lint.');
    if (typeof source !== 'string') throwBadArgument('toLspDiagnostics', 'source', 'a string (the text the spans point into)', source, 'Pass the query text.');
    if (options === null || typeof options !== 'object') throwBadArgument('toLspDiagnostics', 'options', 'an object ({ uri? })', options, 'Pass { uri } or leave it out.');
    const uri = typeof options.uri === 'string' ? options.uri : '';
    const index = new LineIndex(source);
    const range = (s: Span): LspRange => ({ start: position(index, s.start), end: position(index, s.end) });
    return (diagnostics as readonly Diagnostic[]).map((d) => {
      const own = range(d.span ?? { start: 0, end: source.length });
      const related = d.related?.map((r): LspRelatedInformation => ({ location: { uri, range: r.span ? range(r.span) : own }, message: r.message }));
      const fixes = d.fixes?.map((f): LspFix => ({ title: f.title, edits: f.edits.map((e) => ({ range: range(e.span), newText: e.newText })) }));
      const out: LspDiagnostic = {
        range: own,
        severity: d.severity === 'error' ? 1 : d.severity === 'warning' ? 2 : 3,
        code: d.code,
        source: 'catq',
        message: d.message,
        ...(UNNECESSARY.has(d.code) ? { tags: [1] as const } : {}),
        ...(related?.length ? { relatedInformation: related } : {}),
        ...(fixes?.length ? { data: { fixes } } : {}),
      };
      return out;
    });
  } catch (e) {
    throw argumentError('toLspDiagnostics', e);
  }
}

/** The LSP position of a UTF-16 offset (clamped into the text). */
export function lspPosition(index: LineIndex, offset: number): LspPosition {
  return position(index, offset);
}

function position(index: LineIndex, offset: number): LspPosition {
  const lc = index.at(offset);
  return { line: lc.line - 1, character: lc.column - 1 };
}
