/**
 * Stage `editor`: what editors ask of a query text, in either syntax, against a catalog: `lint`
 * (read and validate, with quick fixes as text edits), `complete`, `hover` and `semanticTokens`.
 * Built on the parser (`syntax`) and the checker (`check`); no backend imports it.
 * @module
 */
export { lint, infixPrinter, type LintOptions, type LintResult } from './lint.js';
export { complete, type CompletionItem } from './complete.js';
export { hover, describeField, describeOperator, DEFAULT_MAX_HOVER_LENGTH, type HoverInfo, type HoverOptions } from './hover.js';
export { DEFAULT_MAX_COMPLETE_LENGTH, type CompleteOptions } from './proposals.js';
export { semanticTokens, SEMANTIC_TOKEN_TYPES, DEFAULT_MAX_SEMANTIC_TOKENS_LENGTH, type SemanticToken, type SemanticTokenType, type SemanticTokensOptions } from './semantic-tokens.js';
