import { diagnostic, describeValue } from './create.js';
import type { Diagnostic } from './model.js';
import { QueryError } from './query-error.js';

/**
 * Arguments of the wrong kind (a programming error in the caller, typically from JavaScript or
 * from `JSON.parse` output typed as `any`). Functions that never throw return this diagnostic;
 * the others throw it in a QueryError. Either way the message names the function, the argument
 * and the fix, never a runtime `TypeError` from deep inside.
 */
export function badArgument(fn: string, name: string, expected: string, value: unknown, fix: string): Diagnostic {
  return diagnostic('api/bad-argument', { fn, name, expected, found: describeValue(value), fix }, { path: '' });
}

/** Throws a QueryError for an argument of the wrong kind. */
export function throwBadArgument(fn: string, name: string, expected: string, value: unknown, fix: string): never {
  throw new QueryError([badArgument(fn, name, expected, value, fix)], `${fn} was called with a bad argument`);
}
