import type { Clause, JsonValue, Operator, Span } from '../ast/index.js';
import { guardAll, throwBadArgument } from './arguments.js';
import { isArraySafe } from './diagnostic-of.js';

/** How bad a diagnostic is: errors make a query unusable, warnings and hints do not. */
export type Severity = 'error' | 'warning' | 'info';

/** One replacement in the source text. Apply edits of one fix from the end of the text backwards. */
export interface TextEdit {
  readonly span: Span;
  readonly newText: string;
}

/** A structural description of a quick fix, independent of the source syntax. */
export type QueryChange =
  | { readonly kind: 'set-value'; readonly clause: number; readonly value: JsonValue }
  | { readonly kind: 'set-field'; readonly clause: number; readonly field: string }
  | { readonly kind: 'set-operator'; readonly clause: number; readonly operator: Operator }
  | { readonly kind: 'remove-clause'; readonly clause: number }
  /** Replace clauses (by index, ascending) with one clause (used for `a = 1 or a = 2`). */
  | { readonly kind: 'replace-clauses'; readonly clauses: readonly number[]; readonly with: Clause };

/** A quick fix: a title for a menu, and the edits that carry it out on the source text. */
export interface Fix {
  readonly title: string;
  /** Edits on the source text; empty when the query has no source text (built in code). */
  readonly edits: readonly TextEdit[];
  /** The same fix as a change of the query, when it is one. */
  readonly change?: QueryChange;
}

/** A place elsewhere that explains a diagnostic (for example the other clause of a contradiction). */
export interface RelatedInformation {
  readonly message: string;
  readonly span?: Span;
  readonly path?: string;
}

/**
 * A problem found in a query, a catalog or request parameters. Plain data: a stable `code`,
 * a `message` rendered from the code's template, and where it is.
 */
export interface Diagnostic {
  /** A stable, area-prefixed slug such as `schema/unknown-field`; see docs/diagnostics.md. */
  readonly code: string;
  readonly severity: Severity;
  /** A sentence a person understands without the docs. Tests assert codes, never wording. */
  readonly message: string;
  /** The exact range in the source text (infix text, or the decoded JSON text of a wire query). */
  readonly span?: Span;
  /** A JSON pointer (RFC 6901) into the wire array, the catalog or the parameters. */
  readonly path?: string;
  /** The typed parameters the message was rendered from. */
  readonly data?: Readonly<Record<string, unknown>>;
  readonly related?: readonly RelatedInformation[];
  readonly fixes?: readonly Fix[];
}

/** Whether any diagnostic is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return guardAll('hasErrors', () => {
    if (!isArraySafe(diagnostics)) throwBadArgument('hasErrors', 'diagnostics', 'an array of diagnostics', diagnostics, 'Pass the diagnostics a catq function returned.');
    return diagnostics.some((d) => d !== null && typeof d === 'object' && d.severity === 'error');
  });
}

/** Builds a JSON pointer from path segments (escaping `~` and `/`). */
export function pointer(segments: readonly (string | number)[]): string {
  let out = '';
  for (const s of segments) out += '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1');
  return out;
}
