import type { Diagnostic } from './model.js';

/**
 * Thrown by functions that turn a checked query into something executable (`compile`, `toSql`,
 * `toMongo`, ...) when the query is not usable. Carries every diagnostic, not just the first.
 */
export class QueryError extends Error {
  override readonly name = 'QueryError';
  /** Every diagnostic found (errors first). */
  readonly diagnostics: readonly Diagnostic[];

  constructor(diagnostics: readonly Diagnostic[], context = 'The query is not valid') {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const shown = (errors.length ? errors : diagnostics).slice(0, 3).map((d) => `${d.message} [${d.code}]`);
    const more = (errors.length || diagnostics.length) - shown.length;
    super(shown.length ? `${context}: ${shown.join(' ')}${more > 0 ? ` (and ${more} more)` : ''}` : `${context}.`);
    this.diagnostics = [...errors, ...diagnostics.filter((d) => d.severity !== 'error')];
  }
}

/** Whether `e` is a QueryError (also across duplicated copies of the package). */
export function isQueryError(e: unknown): e is QueryError {
  return e instanceof QueryError || (e instanceof Error && e.name === 'QueryError' && Array.isArray((e as QueryError).diagnostics));
}
