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
  return {
    Errors: diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => ({ message: `${d.path !== undefined && d.path !== '' ? `At ${d.path}: ` : ''}${d.message} [${d.code}]` })),
  };
}
