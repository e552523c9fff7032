import type { Span } from '../ast/index.js';
import { CODES, type DataOf, type DiagnosticCode } from './codes/index.js';
import type { Diagnostic, Fix, RelatedInformation, Severity } from './model.js';

/** Where a diagnostic points, and what comes with it. */
export interface DiagnosticPlace {
  readonly span?: Span | undefined;
  readonly path?: string | undefined;
  readonly related?: readonly RelatedInformation[] | undefined;
  readonly fixes?: readonly Fix[] | undefined;
  /** Overrides the code's default severity (rarely needed). */
  readonly severity?: Severity | undefined;
}

/** Builds a diagnostic whose message is rendered from the code's template and typed data. */
export function diagnostic<C extends DiagnosticCode>(code: C, data: DataOf<C>, place: DiagnosticPlace = {}): Diagnostic {
  const def = CODES[code] as { severity: Severity; message: (d: DataOf<C>) => string };
  const out: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = {
    code,
    severity: place.severity ?? def.severity,
    message: def.message(data),
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
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : 'an array';
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
