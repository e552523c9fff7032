/**
 * `catq/client/check`: the check of `q` before sending, for `createClient({ check: preSendCheck })`
 * of `catq/client`. Kept out of `catq/client` so that a client without it stays small in a
 * browser bundle: it brings the wire decoder, the checker and the catalog loader.
 * @module
 */
export { preSendCheck } from './pre-send-check.js';
export { readQueryInput } from './query-input.js';
export type { PreSendCheck } from './pre-send.js';
