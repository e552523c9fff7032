/**
 * The typed AST of catalog queries: plain frozen data with a `kind` discriminant, source spans
 * on every parsed node, and structural equality that ignores spans.
 * @module
 */
export * from './json.js';
export * from './span.js';
export * from './nodes.js';
export { assertNever } from './assert-never.js';
