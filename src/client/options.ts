/**
 * The options of the client and of its calls, and their checks: arguments of the wrong kind
 * are a QueryError (`api/bad-argument`) before anything is sent, never a TypeError later.
 */
import { throwBadArgument } from '../diagnostics/index.js';
import type { Direction } from './pages.js';
import type { PreSendCheck } from './pre-send.js';
import type { InfixParser, QueryInput } from './query-parameter.js';
import { retryPolicy, type RetryOptions, type RetryPolicy } from './retry.js';
import type { FetchFunction, TransportConfig } from './transport.js';
import type { Catalog, Scope } from './types.js';

/** Settings of {@link createClient}. */
export interface ClientOptions {
  /** The service's base address, e.g. `https://catalog.example.com`; paths `/v1/...` are appended. */
  readonly baseUrl: string;
  /** Sent as `X-Service-ApiKey` on every request. */
  readonly apiKey: string;
  /** The `fetch` to use; default the platform's `globalThis.fetch`. */
  readonly fetch?: FetchFunction;
  /** Time allowed for one attempt (response and body), in ms. Default 30,000. */
  readonly timeoutMs?: number;
  /** Retry settings for every call (see {@link RetryOptions}). */
  readonly retry?: RetryOptions;
  /** Requests a batch helper keeps in flight at once. Default 4. */
  readonly concurrency?: number;
  /**
   * Retry batch partial updates (PATCH) like the idempotent calls, on 5xx and network failures
   * too. Off by default: a PATCH whose response was lost may have been applied, and sending it
   * again would undo a concurrent change made in between. Turn on when no one else writes the
   * same keys.
   */
  readonly retryPartialUpdates?: boolean;
  /**
   * Catalogs known up front; `getCatalog` adds the catalogs it reads. With `check`, `q` is
   * validated against a known catalog before it is sent; either way a known catalog's id key
   * orders batch requests (see docs/sdk.md).
   */
  readonly catalogs?: readonly Catalog[];
  /**
   * The check of `q` before sending: pass `preSendCheck` from `catq/client/check`. With it, `q`
   * is read by the wire decoder and validated against the catalog when the client knows it, and
   * a `QueryError` with every problem is thrown before anything is sent. Without it (the
   * default, which keeps `catq/client` small) `q` is sent as wire text and the service checks
   * it: a mistake is its 400, a `CatalogApiError`.
   */
  readonly check?: PreSendCheck;
  /**
   * Reads infix text given as `q` (`'price < 20 and ...'`): pass `parse` from `catq/syntax`.
   * The client itself never loads the infix parser, so without this option infix text is a
   * QueryError; wire text, wire arrays, Query values and builders need nothing.
   */
  readonly parse?: InfixParser;
}

/** Per-call settings. */
export interface CallOptions {
  /** Aborts the call (waits between retries included); the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call. */
  readonly timeoutMs?: number;
  /** Overrides the client's retry settings for this call. */
  readonly retry?: RetryOptions;
}

/** Options of the list methods. */
export interface ListOptions extends CallOptions {
  /** Page size, 1 to 1000 (the service's default when absent). */
  readonly limit?: number;
  /**
   * `forward` (default) follows `NextQuery`; `backward` follows `PrevQuery`, and without `from`
   * starts at the end of the list.
   */
  readonly direction?: Direction;
  /**
   * Where to start: a Scope from an earlier page (`NextQuery`, `PrevQuery` or `Metadata.Scope`).
   * Its `q` and `limit` apply unless the `q` and `limit` options are given.
   */
  readonly from?: Scope<unknown>;
}

/** Options of {@link CatalogClient.listItems}. */
export interface ListItemsOptions extends ListOptions {
  /** The search: a builder (`toQuery()`), a Query, a wire array, or wire or infix text. */
  readonly q?: QueryInput;
}

/** Options of the batch helpers. */
export interface BatchOptions extends CallOptions {
  /** Overrides the client's `concurrency`. */
  readonly concurrency?: number;
}

/** The client's settings, checked, with defaults applied. */
export function readOptions(o: ClientOptions): TransportConfig & { concurrency: number; retryPartialUpdates: boolean; check: PreSendCheck | undefined } {
  if (!o || typeof o !== 'object') throwBadArgument('createClient', 'options', 'an object { baseUrl, apiKey }', o, 'Pass createClient({ baseUrl, apiKey }).');
  let base: URL | undefined;
  try {
    base = typeof o.baseUrl === 'string' ? new URL(o.baseUrl) : undefined;
  } catch {
    base = undefined;
  }
  if (!base || (base.protocol !== 'https:' && base.protocol !== 'http:')) {
    throwBadArgument('createClient', 'baseUrl', 'an http(s) URL', o.baseUrl, "Pass the service's address, e.g. 'https://catalog.example.com'.");
  }
  if (o.parse !== undefined && typeof o.parse !== 'function') throwBadArgument('createClient', 'parse', 'a function (text) => { query?, diagnostics }', o.parse, "Pass parse from 'catq/syntax'.");
  if (o.check !== undefined && !isPreSendCheck(o.check)) throwBadArgument('createClient', 'check', 'a pre-send check { readQuery, catalogOfKind, readCatalog }', o.check, "Pass check: preSendCheck from 'catq/client/check'.");
  if (typeof o.apiKey !== 'string' || o.apiKey === '') throwBadArgument('createClient', 'apiKey', 'a non-empty string', o.apiKey, 'Pass the API key generated in the account settings.');
  // The platform's fetch is called as a plain function, never as a method of the config object:
  // browsers throw "Illegal invocation" when fetch runs with another `this` than the window.
  const platformFetch = globalThis.fetch as FetchFunction | undefined;
  const f = o.fetch ?? (typeof platformFetch === 'function' ? ((input, init) => globalThis.fetch(input, init)) as FetchFunction : undefined);
  if (typeof f !== 'function') throwBadArgument('createClient', 'fetch', 'a fetch function', f, 'This platform has no global fetch: pass one.');
  if (o.retry !== undefined && (o.retry === null || typeof o.retry !== 'object')) throwBadArgument('createClient', 'retry', 'an object { retries?, baseDelayMs?, maxDelayMs? }', o.retry, 'Pass e.g. retry: { retries: 3 }.');
  const retry: RetryPolicy = retryPolicy(o.retry);
  if (!(Number.isInteger(retry.retries) && retry.retries >= 0)) throwBadArgument('createClient', 'retry.retries', 'a whole number ≥ 0', retry.retries, 'Pass e.g. retry: { retries: 3 }.');
  checkTimeout(retry.baseDelayMs, 'retry.baseDelayMs', true);
  checkTimeout(retry.maxDelayMs, 'retry.maxDelayMs', true);
  return {
    baseUrl: base.href.replace(/\/+$/, ''),
    apiKey: o.apiKey,
    fetch: f,
    retry,
    timeoutMs: checkTimeout(o.timeoutMs ?? 30_000, 'timeoutMs'),
    concurrency: checkConcurrency(o.concurrency ?? 4, 'createClient'),
    retryPartialUpdates: o.retryPartialUpdates === true,
    check: o.check,
  };
}

function isPreSendCheck(c: unknown): c is PreSendCheck {
  if (!c || typeof c !== 'object') return false;
  const { readQuery, catalogOfKind, readCatalog } = c as Record<string, unknown>;
  return typeof readQuery === 'function' && typeof catalogOfKind === 'function' && typeof readCatalog === 'function';
}

export function checkTimeout(ms: unknown, name: string, zeroOk = false): number {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || (!zeroOk && ms === 0)) {
    throwBadArgument('createClient', name, zeroOk ? 'a number of milliseconds ≥ 0' : 'a number of milliseconds > 0', ms, 'Pass a duration in milliseconds.');
  }
  return ms;
}

/** Per-call options checked before anything is sent. */
export function checkCallOptions(o: unknown, fn: string): CallOptions | undefined {
  if (o === undefined) return undefined;
  if (o === null || typeof o !== 'object' || Array.isArray(o)) throwBadArgument(fn, 'options', 'an options object', o, 'Pass e.g. { signal, timeoutMs }.');
  const { signal, retry, timeoutMs } = o as { signal?: unknown; retry?: unknown; timeoutMs?: unknown };
  if (signal !== undefined && !(signal instanceof AbortSignal)) throwBadArgument(fn, 'options.signal', 'an AbortSignal', signal, 'Pass the signal of an AbortController, or AbortSignal.timeout(ms).');
  if (retry !== undefined && (retry === null || typeof retry !== 'object')) throwBadArgument(fn, 'options.retry', 'an object { retries?, baseDelayMs?, maxDelayMs? }', retry, 'Pass e.g. retry: { retries: 0 }.');
  if (timeoutMs !== undefined) checkTimeout(timeoutMs, 'options.timeoutMs');
  if (retry !== undefined) {
    const p = retryPolicy(retry as RetryOptions);
    if (!(Number.isInteger(p.retries) && p.retries >= 0)) throwBadArgument(fn, 'options.retry.retries', 'a whole number ≥ 0', p.retries, 'Pass e.g. retry: { retries: 3 }.');
    checkTimeout(p.baseDelayMs, 'options.retry.baseDelayMs', true);
    checkTimeout(p.maxDelayMs, 'options.retry.maxDelayMs', true);
  }
  return o as CallOptions;
}

export function checkConcurrency(n: unknown, fn: string): number {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throwBadArgument(fn, 'concurrency', 'a whole number ≥ 1', n, 'Pass e.g. concurrency: 4.');
  return n;
}
