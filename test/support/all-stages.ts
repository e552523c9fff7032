/**
 * Every public name of every stage of src/, for tests that walk the whole surface (argument
 * checks, sharp edges) or reach a stage's finer parts. The package's root entry (src/index.ts)
 * is the smaller front door; this is what it exported before it was one.
 */
export * from '../../src/ast/index.js';
export * from '../../src/operators/index.js';
export * from '../../src/diagnostics/index.js';
export * from '../../src/text/index.js';
export * from '../../src/catalog/index.js';
export * from '../../src/wire/index.js';
// The checked, copying builders of the wire stage, not the AST's trusted ones.
export { clause, query } from '../../src/wire/index.js';
export * from '../../src/check/index.js';
export * from '../../src/syntax/index.js';
export * from '../../src/editor/index.js';
export * from '../../src/listing/index.js';
export * from '../../src/eval/index.js';
export * from '../../src/sql/index.js';
export * from '../../src/mongo/index.js';
