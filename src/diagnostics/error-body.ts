import { throwBadArgument } from './arguments.js';
import type { Diagnostic } from './model.js';

/** The interface's 400 response body. */
export interface ErrorBody {
  readonly Errors: readonly { readonly message: string }[];
}

/**
 * The interface's 400 body for a set of diagnostics: one entry per error (warnings do not make a
 * request fail). Each message names the place (the JSON pointer into `q`, when known) and the code.
 */
export function toErrorBody(diagnostics: readonly Diagnostic[]): ErrorBody {
  if (!Array.isArray(diagnostics)) throwBadArgument('toErrorBody', 'diagnostics', 'an array of diagnostics', diagnostics, 'Pass the diagnostics returned by decode, validate or lint.');
  return {
    Errors: diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => ({ message: `${d.path !== undefined && d.path !== '' ? `At ${d.path}: ` : ''}${d.message} [${d.code}]` })),
  };
}
