/**
 * Stage `editor`: what editors ask of a query text, in either syntax, against a catalog: `lint`
 * (read and validate, with quick fixes as text edits), `complete` and `hover`. Built on the
 * parser (`syntax`) and the checker (`check`); no backend imports it.
 * @module
 */
export { lint, infixPrinter, type LintOptions, type LintResult } from './lint.js';
export { complete, type CompletionItem } from './complete.js';
export { hover, describeField, describeOperator, type HoverInfo } from './hover.js';
export { DEFAULT_MAX_COMPLETE_LENGTH, type CompleteOptions } from './proposals.js';
