import { CODES, type DataOf, type DiagnosticCode } from './codes/index.js';
import { diagnosticOf, type DiagnosticPlace } from './diagnostic-of.js';
import type { Diagnostic } from './model.js';

export { describeValue, type DiagnosticPlace } from './diagnostic-of.js';

/** Builds a diagnostic whose message is rendered from the code's template and typed data. */
export function diagnostic<C extends DiagnosticCode>(code: C, data: DataOf<C>, place: DiagnosticPlace = {}): Diagnostic {
  return diagnosticOf(code, CODES[code] as never, data, place);
}
