/**
 * When and how long the client waits before sending a request again: exponential backoff with
 * full jitter, `Retry-After` honoured, and the rule of which failures may be repeated at all.
 */
import { argumentError, throwBadArgument } from '../diagnostics/index.js';

/** Retry settings (client-wide, or per call). */
export interface RetryOptions {
  /** Retries after the first attempt (so `retries + 1` attempts at most). Default 3; 0 turns retrying off. */
  readonly retries?: number;
  /** The backoff cap of the first retry, doubled for each further one. Default 250 ms. */
  readonly baseDelayMs?: number;
  /** Largest wait between two attempts. A `Retry-After` above it is not waited for: the error is thrown. Default 10,000 ms. */
  readonly maxDelayMs?: number;
}

/** Retry settings with every default applied. */
export interface RetryPolicy {
  readonly retries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 250, maxDelayMs: 10_000 };

/** The policy with defaults applied to what `options` leaves out. */
export function retryPolicy(options: RetryOptions | undefined, base: RetryPolicy = DEFAULT_RETRY): RetryPolicy {
  return {
    retries: options?.retries ?? base.retries,
    baseDelayMs: options?.baseDelayMs ?? base.baseDelayMs,
    maxDelayMs: options?.maxDelayMs ?? base.maxDelayMs,
  };
}

/**
 * The wait before retry number `retry` (0 for the first retry): "full jitter", a uniformly random
 * time between 0 and `min(maxDelayMs, baseDelayMs * 2^retry)`, so that clients failing together
 * do not come back together.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  let cap: number;
  try {
    if (typeof retry !== 'number') throwBadArgument('backoffDelay', 'retry', 'a number (0 for the first retry)', retry, 'Pass the number of the retry.');
    if (policy === null || typeof policy !== 'object') throwBadArgument('backoffDelay', 'policy', 'a retry policy ({ retries, baseDelayMs, maxDelayMs })', policy, 'Pass DEFAULT_RETRY or a policy of your own.');
    cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  } catch (e) {
    throw argumentError('backoffDelay', e);
  }
  if (typeof random !== 'function') throwBadArgument('backoffDelay', 'random', 'a function returning a number in [0, 1)', random, 'Leave it out for Math.random.');
  return Math.floor(random() * cap);
}

/**
 * A `Retry-After` header in milliseconds: delta-seconds or an HTTP date (relative to `now`).
 * `undefined` when absent or unreadable.
 */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  try {
    if (header === null) return undefined;
    const text = header.trim();
    if (/^\d+$/.test(text)) return Number(text) * 1000;
    if (!/[a-z]/i.test(text)) return undefined; // not an HTTP date (Date.parse would read "-1" as a year)
    const date = Date.parse(text);
    return Number.isNaN(date) ? undefined : Math.max(0, date - now);
  } catch (e) {
    throw argumentError('retryAfterMs', e);
  }
}

/**
 * Statuses worth another attempt: 429 (too many requests) and the 5xx family except 501 (not
 * implemented) and 505 (HTTP version not supported), which will not change on their own.
 */
export function isRetryableStatus(status: number): boolean {
  if (typeof status !== 'number') return false;
  return status === 429 || (status >= 500 && status <= 599 && status !== 501 && status !== 505);
}

/**
 * Whether a request that failed this way may be sent again.
 * - `idempotent` requests (GETs, batch upsert, batch delete: sending them twice leaves the same
 *   state as once): any retryable status, any network failure, any timeout.
 * - Others (batch partial update): only when the service cannot have acted on the request: a 429,
 *   or a connection that was refused before anything was sent.
 */
export function mayRetry(failure: { status?: number; refused?: boolean; timedOut?: boolean }, idempotent: boolean): boolean {
  try {
    if (typeof idempotent !== 'boolean') throwBadArgument('mayRetry', 'idempotent', 'true or false', idempotent, 'Pass whether sending the request twice leaves the same state as once.');
    if (failure === null || typeof failure !== 'object') throwBadArgument('mayRetry', 'failure', 'an object ({ status?, refused?, timedOut? })', failure, 'Pass what went wrong.');
    if (failure.status !== undefined) return isRetryableStatus(failure.status) && (idempotent || failure.status === 429);
    return idempotent || (failure.refused === true && failure.timedOut !== true);
  } catch (e) {
    throw argumentError('mayRetry', e);
  }
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
