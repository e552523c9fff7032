import type { Diagnostic } from './model.js';

/**
 * Thrown by functions that turn a checked query into something executable (`compile`, `toSql`,
 * `toMongo`, ...) when the query is not usable. Carries every diagnostic, not just the first.
 */
export class QueryError extends Error {
  override readonly name = 'QueryError';
  /** Every diagnostic found (errors first). */
  readonly diagnostics: readonly Diagnostic[];

  /**
   * `instanceof QueryError` also recognises errors thrown by another copy of catq (each entry
   * point, `catq`, `catq/eval`, `catq/sql`..., is bundled on its own).
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Error && value.name === 'QueryError' && Array.isArray((value as { diagnostics?: unknown }).diagnostics);
  }

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
  return e instanceof QueryError;
}
