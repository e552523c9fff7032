/**
 * `catq/client`: a typed client of the catalog-management interface over the platform `fetch`.
 * A method per operation, lists as async iterators over every page, batch helpers that split
 * and report warnings by the caller's indices, typed errors, retries with backoff and jitter
 * where repeating a call is safe, timeouts and AbortSignal. The check of `q` before sending is
 * `catq/client/check` (`createClient({ check: preSendCheck })`), kept out of this entry to keep it
 * small in a browser bundle.
 * @module
 */
export {
  createClient,
  BATCH_LIMITS,
  type CatalogClient,
  type ClientOptions,
  type CallOptions,
  type ListOptions,
  type ListItemsOptions,
  type BatchOptions,
} from './client.js';
export { CatalogApiError, CatalogNetworkError, CatalogResponseError, type BatchFailure } from './errors.js';
export { PageIterator, ItemIterator, type Direction } from './pages.js';
export { backoffDelay, retryAfterMs, isRetryableStatus, mayRetry, DEFAULT_RETRY, type RetryOptions, type RetryPolicy } from './retry.js';
export { warningIndex } from './warnings.js';
export type { QueryInput, QueryBuilderLike, InfixParser } from './query-parameter.js';
export type { PreSendCheck } from './pre-send.js';
export type { FetchFunction } from './transport.js';
export * from './types.js';
export { QueryError, isQueryError } from '../diagnostics/index.js';
