/**
 * catq: the search query language of the catalog-management interface.
 *
 * The root entry exports every stage. It never loads the infix parser's engine (Chevrotain)
 * until a function that needs it is called, so importing catq for decoding or evaluation stays
 * cheap. Backends also have their own subpath entries (`catq/sql`, `catq/mongo`, ...).
 * @module
 */
export * from './ast/index.js';
export * from './operators/index.js';
export * from './diagnostics/index.js';
export * from './text/index.js';
export * from './catalog/index.js';
export * from './wire/index.js';
// The checked, copying builders of the wire stage, not the AST's trusted ones (which freeze in place).
export { clause, query } from './wire/index.js';
export * from './check/index.js';
export * from './syntax/index.js';
export * from './editor/index.js';
export * from './listing/index.js';
export * from './eval/index.js';
export * from './sql/index.js';
export * from './mongo/index.js';
