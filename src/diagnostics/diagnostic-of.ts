/**
 * Builds a diagnostic from one code's definition, without the table of every code: what the
 * modules that make only a few codes (the client, argument checks) build with, so that a bundle
 * of them does not carry every message of catq.
 */
import type { CodeDefinition, DiagnosticCode } from './codes/index.js';
import type { Diagnostic, RelatedInformation, Fix, Severity } from './model.js';
import type { Span } from '../ast/index.js';

/** Where a diagnostic points, and what comes with it. */
export interface DiagnosticPlace {
  readonly span?: Span | undefined;
  readonly path?: string | undefined;
  readonly related?: readonly RelatedInformation[] | undefined;
  readonly fixes?: readonly Fix[] | undefined;
  /** Overrides the code's default severity (rarely needed). */
  readonly severity?: Severity | undefined;
}

/** A diagnostic of `code`, its message rendered from `definition`'s template and the typed data. */
export function diagnosticOf<D>(code: DiagnosticCode, definition: CodeDefinition<D>, data: D, place: DiagnosticPlace = {}): Diagnostic {
  const out: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = {
    code,
    severity: place.severity ?? definition.severity,
    message: definition.message(data),
    data: data as Readonly<Record<string, unknown>>,
  };
  if (place.span) out.span = place.span;
  if (place.path !== undefined) out.path = place.path;
  if (place.related && place.related.length) out.related = place.related;
  if (place.fixes && place.fixes.length) out.fixes = place.fixes;
  return out;
}

/** How a person names the JSON type of an arbitrary value in a message (`the string "20"`). */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (isArraySafe(value)) {
    let length: unknown;
    try {
      length = value.length;
    } catch {
      return 'an array that cannot be read';
    }
    return length === 0 ? 'an empty array' : 'an array';
  }
  switch (typeof value) {
    case 'string': {
      const s = value.length > 40 ? value.slice(0, 37) + '...' : value;
      return `the string ${JSON.stringify(s)}`;
    }
    case 'number':
      return `the number ${String(value)}`;
    case 'boolean':
      return `the boolean ${String(value)}`;
    case 'undefined':
      return 'nothing';
    case 'object':
      return 'an object';
    default:
      return `a ${typeof value}`;
  }
}

/**
 * Array.isArray, false for a revoked proxy (on which it throws): describing a value never throws,
 * nor does an argument check that asks whether a value is an array.
 */
export function isArraySafe(value: unknown): value is unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}
