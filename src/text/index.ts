/**
 * Text analysis for `matches` and `matches-phrase`: one tokenizer for every backend.
 * @module
 */
export * from './tokenize.js';
// The one text matcher: the evaluator takes its builders from the file; the index keeps the two one-text entries it always had.
export { matchesAll, containsPhrase } from './matcher.js';
export * from './code-point-order.js';
export * from './unicode-tables.js';
export * from './token-pattern.js';
export { fnv1a } from './hash.js';
