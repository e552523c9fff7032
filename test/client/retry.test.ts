import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_RETRY, isRetryableStatus, mayRetry, retryAfterMs } from '../../src/client/index.js';

describe('retry policy', () => {
  it('draws full-jitter delays below a doubling cap bounded by maxDelayMs', () => {
    const policy = { retries: 5, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(0, policy, () => 0)).toBe(0);
    expect(backoffDelay(0, policy, () => 0.999999)).toBe(99);
    expect(backoffDelay(2, policy, () => 0.5)).toBe(200);
    expect(backoffDelay(10, policy, () => 0.999999)).toBe(999);
    for (let r = 0; r < 8; r++) {
      const d = backoffDelay(r, DEFAULT_RETRY);
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThan(Math.min(DEFAULT_RETRY.maxDelayMs, DEFAULT_RETRY.baseDelayMs * 2 ** r));
    }
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(' 0 ')).toBe(0);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs('-1')).toBeUndefined();
  });

  it('retries 429 and 5xx but not 4xx, 501 or 505', () => {
    for (const s of [429, 500, 502, 503, 504, 599]) expect(isRetryableStatus(s), String(s)).toBe(true);
    for (const s of [200, 400, 401, 403, 404, 409, 501, 505]) expect(isRetryableStatus(s), String(s)).toBe(false);
  });

  it('repeats a non-idempotent call only when the service cannot have acted on it', () => {
    expect(mayRetry({ status: 503 }, true)).toBe(true);
    expect(mayRetry({ status: 503 }, false)).toBe(false);
    expect(mayRetry({ status: 429 }, false)).toBe(true);
    expect(mayRetry({ status: 400 }, true)).toBe(false);
    expect(mayRetry({ timedOut: true }, true)).toBe(true);
    expect(mayRetry({ timedOut: true }, false)).toBe(false);
    expect(mayRetry({ refused: false }, false)).toBe(false);
    expect(mayRetry({ refused: true }, false)).toBe(true);
  });
});
