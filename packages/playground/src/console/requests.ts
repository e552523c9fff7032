/**
 * The requests the console sends, recorded as they go out (a `fetch` wrapper given to
 * `createClient`), so that the `curl` line shown is the request that produced what is on screen.
 */
import type { FetchFunction } from 'catq/client';

/** One request as sent. */
export interface SentRequest {
  readonly method: string;
  readonly url: string;
  readonly body?: string;
}

/** A `fetch` that records each request in `log` (the newest last), optionally rewriting its URL. */
export function recordingFetch(log: SentRequest[], rewrite: (url: string) => string = (u) => u): FetchFunction {
  return (input, init) => {
    const url = rewrite(input);
    log.push({ method: init.method ?? 'GET', url, ...(typeof init.body === 'string' ? { body: init.body } : {}) });
    if (log.length > 20) log.splice(0, log.length - 20);
    return fetch(url, init);
  };
}

/** Adds `dry-run=true` to a URL (the service's dry-run flag on the batch operations). */
export function dryRunUrl(url: string): string {
  return url + (url.includes('?') ? '&' : '?') + 'dry-run=true';
}
