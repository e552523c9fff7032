import { LineIndex } from '../ast/index.js';
import { throwBadArgument } from './arguments.js';
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

/** A Language Server Protocol diagnostic (severity 1 error, 2 warning, 3 information). */
export interface LspDiagnostic {
  readonly range: LspRange;
  readonly severity: 1 | 2 | 3;
  readonly code: string;
  readonly source: 'catq';
  readonly message: string;
  readonly data?: unknown;
}

/**
 * Converts diagnostics to LSP diagnostics on `source` (the text the spans point into). A
 * diagnostic without a span covers the whole text.
 */
export function toLspDiagnostics(diagnostics: readonly Diagnostic[], source: string): LspDiagnostic[] {
  if (!Array.isArray(diagnostics)) throwBadArgument('toLspDiagnostics', 'diagnostics', 'an array of diagnostics', diagnostics, 'Pass the diagnostics returned by decode, validate, parse or lint.');
  if (typeof source !== 'string') throwBadArgument('toLspDiagnostics', 'source', 'a string (the text the spans point into)', source, 'Pass the query text.');
  const index = new LineIndex(source);
  const pos = (offset: number): LspPosition => {
    const lc = index.at(offset);
    return { line: lc.line - 1, character: lc.column - 1 };
  };
  return diagnostics.map((d) => {
    const start = d.span ? d.span.start : 0;
    const end = d.span ? d.span.end : source.length;
    const out: LspDiagnostic = {
      range: { start: pos(start), end: pos(end) },
      severity: d.severity === 'error' ? 1 : d.severity === 'warning' ? 2 : 3,
      code: d.code,
      source: 'catq',
      message: d.message,
      ...(d.fixes ? { data: { fixes: d.fixes } } : {}),
    };
    return out;
  });
}
