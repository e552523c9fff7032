/**
 * Stage `wire`: the `q` parameter's wire form. `decode` reads percent-encoded text, plain JSON
 * text or an already-parsed array into a {@link Query} (never throwing: problems are diagnostics
 * with exact spans and JSON pointer paths); `encode` and `toWire` write the canonical form.
 * @module
 */
export { decode, type DecodeResult } from './decode.js';
export { encode, toWire } from './encode.js';
export { DEFAULT_LIMITS, ownOptions, type DecodeLimits, type DecodeOptions } from './limits.js';
export { jsonValueProblems } from './from-js.js';
export { clause, query } from './checked-nodes.js';
