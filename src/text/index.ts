/**
 * Text analysis for `matches` and `matches-phrase`: one tokenizer for every backend.
 * @module
 */
export * from './tokenize.js';
export * from './code-point-order.js';
export * from './unicode-tables.js';
export * from './token-pattern.js';
