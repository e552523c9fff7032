import { badArgumentCode } from './codes/api.js';
import { describeValue, diagnosticOf } from './diagnostic-of.js';
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
   * point, `catq`, `catq/eval`, `catq/sql`..., is bundled on its own). Never throws: a value that
   * cannot be read (a revoked Proxy, one whose traps throw) is not a QueryError.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    try {
      return value instanceof Error && value.name === 'QueryError' && Array.isArray((value as { diagnostics?: unknown }).diagnostics);
    } catch {
      return false;
    }
  }

  /**
   * Throws a QueryError (`api/bad-argument`) itself when `diagnostics` is not an array of
   * diagnostics or `context` not a string.
   */
  constructor(diagnostics: readonly Diagnostic[], context = 'The query is not valid') {
    let errors: Diagnostic[];
    let message: string;
    try {
      if (typeof context !== 'string' || !Array.isArray(diagnostics)) throw 0;
      errors = diagnostics.filter((d) => d.severity === 'error');
      const shown = (errors.length ? errors : diagnostics).slice(0, 3).map((d) => `${d.message} [${d.code}]`);
      const more = (errors.length || diagnostics.length) - shown.length;
      message = shown.length ? `${context}: ${shown.join(' ')}${more > 0 ? ` (and ${more} more)` : ''}` : `${context}.`;
      errors = errors.concat(diagnostics.filter((d) => d.severity !== 'error'));
    } catch {
      // Not an array of diagnostics (null, a Proxy whose traps throw, a revoked Proxy), or a context that is not a string.
      const data = typeof context === 'string'
        ? { fn: 'QueryError', name: 'diagnostics', expected: 'an array of diagnostics', found: describeValue(diagnostics), fix: 'Pass the diagnostics a catq function returned.' }
        : { fn: 'QueryError', name: 'context', expected: 'a string', found: describeValue(context), fix: 'Pass a sentence, or leave it out.' };
      throw new QueryError([diagnosticOf('api/bad-argument', badArgumentCode, data, { path: '' })], 'QueryError was constructed with a bad argument');
    }
    super(message);
    this.diagnostics = errors;
  }
}

/** Whether `e` is a QueryError (also across duplicated copies of the package). */
export function isQueryError(e: unknown): e is QueryError {
  return e instanceof QueryError;
}
