import { argumentError, throwBadArgument } from './arguments.js';
import { isArraySafe } from './diagnostic-of.js';
import type { Diagnostic } from './model.js';

/** The interface's 400 response body. */
export interface ErrorBody {
  readonly Errors: readonly { readonly message: string }[];
}

/**
 * The interface's 400 body for a set of diagnostics: one entry per error (warnings do not make a
 * request fail). Each message names the place and ends with the code. The place is the JSON
 * pointer into `q` when the problem has one (`At /0/1: `); a problem of the text itself, which
 * has no pointer (JSON syntax, nesting too deep), names the character where it starts (`At
 * character 3 of the query text: `, counted from 1 in UTF-16 code units, as the spans are).
 */
export function toErrorBody(diagnostics: readonly Diagnostic[]): ErrorBody {
  try {
    if (!isArraySafe(diagnostics)) throwBadArgument('toErrorBody', 'diagnostics', 'an array of diagnostics', diagnostics, 'Pass the diagnostics returned by decode, validate or lint.');
    return {
      Errors: diagnostics.filter((d) => d.severity === 'error').map((d) => ({ message: `${placeOf(d)}${d.message} [${d.code}]` })),
    };
  } catch (e) {
    throw argumentError('toErrorBody', e);
  }
}

/** The start of a 400 message: where the problem is, or nothing for the query as a whole (path ''). */
function placeOf(d: Diagnostic): string {
  if (typeof d.path === 'string') return d.path === '' ? '' : `At ${d.path}: `;
  const start = d.span?.start;
  return typeof start === 'number' && Number.isSafeInteger(start) && start >= 0 ? `At character ${start + 1} of the query text: ` : '';
}
