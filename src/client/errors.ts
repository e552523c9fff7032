/**
 * The errors of the client: {@link CatalogApiError} for an HTTP error status (with the
 * interface's `Errors` messages) and {@link CatalogNetworkError} for a request that got no
 * response (connection failure or timeout). Both say which request failed and, for the batch
 * helpers, which part of the caller's array. Their constructors throw a QueryError for arguments
 * they cannot use (facts without a method or url, a Proxy that throws).
 */
import { argumentError, throwBadArgument } from '../diagnostics/index.js';

/** Where a failed request of a batch helper stood in the caller's array. */
export interface BatchFailure {
  /** Index in the caller's array of the first item of the failed request. */
  readonly start: number;
  /** One past the index of its last item. */
  readonly end: number;
  /**
   * The index ranges `[start, end)` of the requests the service acknowledged (200) before the
   * helper stopped. Requests neither acknowledged nor failed were not sent.
   */
  readonly acknowledged: readonly { readonly start: number; readonly end: number }[];
}

/** Common fields of the client's errors. */
interface RequestFacts {
  readonly method: string;
  readonly url: string;
  readonly attempts: number;
}

/**
 * The service answered with an error status: 400, 401, 404 (never retried), or 429 / 5xx after
 * the retries ran out. `messages` are the `Errors[].message` of the body (empty when the body was
 * not the interface's error body; `body` then holds the text).
 */
export class CatalogApiError extends Error {
  override readonly name = 'CatalogApiError';
  readonly status: number;
  readonly messages: readonly string[];
  readonly method: string;
  readonly url: string;
  /** How many times the request was sent. */
  readonly attempts: number;
  /** The response body: parsed JSON, or the text when it was not JSON. */
  readonly body: unknown;
  /** Set by the batch helpers. */
  batch?: BatchFailure;

  /** Recognises errors from another copy of the client, like catq's `QueryError`. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    try {
      return value instanceof Error && value.name === 'CatalogApiError' && typeof (value as { status?: unknown }).status === 'number';
    } catch {
      return false; // a revoked Proxy, or one whose traps throw
    }
  }

  constructor(status: number, messages: readonly string[], body: unknown, facts: RequestFacts) {
    const f = factsOf('CatalogApiError', facts);
    let said: string;
    try {
      if (typeof status !== 'number') throwBadArgument('CatalogApiError', 'status', 'an HTTP status (a number)', status, 'Pass the status of the response.');
      said = messages.length ? `: ${messages.slice(0, 3).join('; ')}${messages.length > 3 ? ` (and ${messages.length - 3} more)` : ''}` : '';
    } catch (e) {
      throw argumentError('CatalogApiError', e);
    }
    super(`${f.method} ${f.url} failed with status ${status}${said}`);
    this.status = status;
    this.messages = messages;
    this.body = body;
    this.method = f.method;
    this.url = f.url;
    this.attempts = f.attempts;
  }
}

/**
 * No response: the connection failed, the response could not be read, or the attempt timed out
 * (`timedOut`), after the retries ran out (or at once where repeating the call is not safe).
 * `cause` is the last underlying error.
 */
export class CatalogNetworkError extends Error {
  override readonly name = 'CatalogNetworkError';
  readonly method: string;
  readonly url: string;
  readonly attempts: number;
  /** Whether the last attempt ran out of time. */
  readonly timedOut: boolean;
  /** Set by the batch helpers. */
  batch?: BatchFailure;

  /** Recognises errors from another copy of the client. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    try {
      return value instanceof Error && value.name === 'CatalogNetworkError' && typeof (value as { timedOut?: unknown }).timedOut === 'boolean';
    } catch {
      return false; // a revoked Proxy, or one whose traps throw
    }
  }

  constructor(cause: unknown, timedOut: boolean, facts: RequestFacts) {
    const f = factsOf('CatalogNetworkError', facts);
    if (typeof timedOut !== 'boolean') throwBadArgument('CatalogNetworkError', 'timedOut', 'true or false', timedOut, 'Pass whether the last attempt ran out of time.');
    const why = timedOut ? 'timed out' : `got no response (${describeCause(cause)})`;
    super(`${f.method} ${f.url} ${why} after ${f.attempts} attempt${f.attempts === 1 ? '' : 's'}`, { cause });
    this.method = f.method;
    this.url = f.url;
    this.attempts = f.attempts;
    this.timedOut = timedOut;
  }
}

/** A response of status 200 whose body is not what the interface promises (a service bug). */
export class CatalogResponseError extends Error {
  override readonly name = 'CatalogResponseError';
  readonly method: string;
  readonly url: string;
  readonly body: unknown;

  constructor(problem: string, body: unknown, facts: Omit<RequestFacts, 'attempts'>) {
    const f = factsOf('CatalogResponseError', facts);
    if (typeof problem !== 'string') throwBadArgument('CatalogResponseError', 'problem', 'a string (what is wrong with the response)', problem, 'Pass a sentence.');
    super(`${f.method} ${f.url}: ${problem}`);
    this.method = f.method;
    this.url = f.url;
    this.body = body;
  }
}

/** The request facts of an error's constructor `fn`, read once; a QueryError when they cannot be. */
function factsOf(fn: string, facts: unknown): RequestFacts {
  try {
    const { method, url, attempts = 1 } = facts as RequestFacts;
    if (typeof method === 'string' && typeof url === 'string' && typeof attempts === 'number') return { method, url, attempts };
  } catch {
    // a revoked Proxy, a getter that throws
  }
  return throwBadArgument(fn, 'facts', '{ method, url, attempts } (two strings and a number)', facts, 'Pass the method and URL of the request that failed.');
}

/** What an underlying error says; never throws (a cause that cannot be read says so). */
function describeCause(cause: unknown): string {
  try {
    if (cause instanceof Error) {
      const inner = (cause as { cause?: unknown }).cause;
      const code = inner && typeof inner === 'object' ? (inner as { code?: unknown }).code : undefined;
      return typeof code === 'string' ? `${cause.message}: ${code}` : cause.message;
    }
    return String(cause);
  } catch {
    return 'an error that cannot be read';
  }
}
