import { badArgumentCode } from './codes/api.js';
import { diagnosticOf, describeValue } from './diagnostic-of.js';
import type { Diagnostic } from './model.js';
import { QueryError } from './query-error.js';

/**
 * Arguments of the wrong kind (a programming error in the caller, typically from JavaScript or
 * from `JSON.parse` output typed as `any`). Functions that never throw return this diagnostic;
 * the others throw it in a QueryError. Either way the message names the function, the argument
 * and the fix, never a runtime `TypeError` from deep inside.
 */
export function badArgument(fn: string, name: string, expected: string, value: unknown, fix: string): Diagnostic {
  return diagnosticOf('api/bad-argument', badArgumentCode, { fn, name, expected, found: describeValue(value), fix }, { path: '' });
}

/** Throws a QueryError for an argument of the wrong kind. */
export function throwBadArgument(fn: string, name: string, expected: string, value: unknown, fix: string): never {
  throw new QueryError([badArgument(fn, name, expected, value, fix)], `${fn} was called with a bad argument`);
}

/**
 * Runs the body of a public function so that a wrong argument the function's own checks did
 * not foresee (a hand-built value of the wrong shape, a cycle, a getter that throws) surfaces as
 * a QueryError (`api/bad-argument`) naming the function, never a bare TypeError or RangeError
 * from deep inside. Other errors (a QueryError, a database's own) pass through.
 */
export function guard<R>(fn: string, body: () => R): R {
  try {
    return body();
  } catch (e) {
    throw isRuntimeError(e) ? argumentError(fn, e) : e;
  }
}

/** A TypeError or RangeError (what JavaScript throws for a value of the wrong kind); never throws. */
function isRuntimeError(e: unknown): e is Error {
  try {
    return e instanceof TypeError || e instanceof RangeError;
  } catch {
    return false; // a thrown Proxy whose getPrototypeOf trap throws
  }
}

/**
 * {@link guard} for functions that run no database and call no user code on purpose (`format`,
 * `clause`, `query`): whatever their arguments throw (a Proxy trap, a getter, any Error) surfaces
 * as a QueryError (`api/bad-argument`), so that a throw of theirs is always a QueryError.
 */
export function guardAll<R>(fn: string, body: () => R): R {
  try {
    return body();
  } catch (e) {
    throw argumentError(fn, e);
  }
}

/**
 * What {@link guardAll} throws for `e`, caught in the body of `fn`: `e` itself when it is a
 * QueryError, else a QueryError (`api/bad-argument`) naming `fn` and what was thrown. For entries
 * that write their own `try { ... } catch (e) { throw argumentError(fn, e); }` (no closure per
 * call on a hot path). Never throws.
 */
export function argumentError(fn: string, e: unknown): QueryError {
  if (e instanceof QueryError) return e;
  const runtime = isRuntimeError(e);
  let what: string;
  try {
    what = runtime ? e.message : e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  } catch {
    what = 'an exception that cannot be read';
  }
  const data = runtime
    ? { fn, name: 'arguments', expected: 'the values its documentation describes', found: `something it cannot use (${what})`, fix: 'Check each argument against docs/api.md.' }
    : { fn, name: 'arguments', expected: 'plain data', found: `a value that threw when read (${what.slice(0, 200)})`, fix: 'Pass plain data: no getters or proxies that throw.' };
  return new QueryError([diagnosticOf('api/bad-argument', badArgumentCode, data, { path: '' })], `${fn} was called with a bad argument`);
}
