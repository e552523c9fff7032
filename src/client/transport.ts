/**
 * One call of the interface: builds the request (API key, JSON body), sends it with a timeout per
 * attempt and the caller's AbortSignal, retries what may be retried (see retry.ts), and returns
 * the parsed JSON body of a 2xx response or throws the client's typed errors.
 */
import { CatalogApiError, CatalogNetworkError, CatalogResponseError } from './errors.js';
import { backoffDelay, mayRetry, retryAfterMs, sleep, type RetryPolicy } from './retry.js';

/** The platform `fetch`, or a compatible function. */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** Settings shared by every request of a client. */
export interface TransportConfig {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly fetch: FetchFunction;
  readonly retry: RetryPolicy;
  readonly timeoutMs: number;
  readonly random?: () => number;
}

/** One request. */
export interface Call {
  readonly method: 'GET' | 'POST' | 'PATCH';
  /** Path below the base URL, starting with `/v1/`, already percent-encoded. */
  readonly path: string;
  /** Query string without `?`, already encoded; empty for none. */
  readonly query?: string;
  readonly body?: unknown;
  /** Whether sending the request twice leaves the same state as once (see `mayRetry`). */
  readonly idempotent: boolean;
  readonly signal?: AbortSignal | undefined;
  readonly retry: RetryPolicy;
  readonly timeoutMs: number;
}

/** Sends `call`, retrying as the policy allows; resolves to the parsed JSON body of the 2xx response. */
export async function send(config: TransportConfig, call: Call): Promise<unknown> {
  const url = `${config.baseUrl}${call.path}${call.query ? `?${call.query}` : ''}`;
  const headers: Record<string, string> = { accept: 'application/json', 'x-service-apikey': config.apiKey };
  let body: string | undefined;
  if (call.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.body);
  }
  const { signal } = call;
  for (let attempt = 1; ; attempt++) {
    signal?.throwIfAborted();
    const facts = { method: call.method, url, attempts: attempt };
    const retriesLeft = attempt <= call.retry.retries;
    const outcome = await attemptOnce(config, url, { method: call.method, headers, ...(body !== undefined ? { body } : {}) }, call);
    if ('response' in outcome) {
      const { status, text, retryAfter } = outcome.response;
      if (status >= 200 && status < 300) return parseBody(text, facts);
      if (retriesLeft && mayRetry({ status }, call.idempotent)) {
        const wait = waitBefore(attempt, call.retry, config.random, retryAfterMs(retryAfter));
        if (wait !== undefined) {
          await sleep(wait, signal);
          continue;
        }
      }
      const parsed = tryJson(text);
      throw new CatalogApiError(status, errorMessages(parsed), parsed === undefined ? text : parsed, facts);
    }
    if (signal?.aborted) throw signal.reason;
    if (retriesLeft && mayRetry(outcome, call.idempotent)) {
      await sleep(waitBefore(attempt, call.retry, config.random, undefined) ?? 0, signal);
      continue;
    }
    throw new CatalogNetworkError(outcome.error, outcome.timedOut, facts);
  }
}

type Outcome =
  | { response: { status: number; text: string; retryAfter: string | null } }
  | { error: unknown; timedOut: boolean; refused: boolean };

/** One attempt, body read included, within the attempt's timeout. Never throws. */
async function attemptOnce(config: TransportConfig, url: string, init: RequestInit, call: Call): Promise<Outcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`no response within ${call.timeoutMs} ms`));
  }, call.timeoutMs);
  const onAbort = () => controller.abort(call.signal?.reason);
  call.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const res = await config.fetch(url, { ...init, signal: controller.signal });
    const text = await res.text();
    return { response: { status: res.status, text, retryAfter: res.headers.get('retry-after') } };
  } catch (error) {
    return { error, timedOut, refused: !timedOut && causeCode(error) === 'ECONNREFUSED' };
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', onAbort);
  }
}

/** The wait before the next attempt, or `undefined` when the service asks for longer than the policy allows. */
function waitBefore(attempt: number, policy: RetryPolicy, random: (() => number) | undefined, retryAfter: number | undefined): number | undefined {
  const backoff = backoffDelay(attempt - 1, policy, random);
  if (retryAfter === undefined) return backoff;
  return retryAfter > policy.maxDelayMs ? undefined : Math.max(retryAfter, backoff);
}

function causeCode(error: unknown): unknown {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function parseBody(text: string, facts: { method: string; url: string }): unknown {
  const parsed = tryJson(text);
  if (parsed === undefined) throw new CatalogResponseError('the response body is not JSON', text, facts);
  return parsed;
}

/** The `Errors[].message` strings of an error body; empty when the body is not one. */
export function errorMessages(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const errors = (body as { Errors?: unknown }).Errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((e: unknown) => (e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string' ? [(e as { message: string }).message] : []));
}
