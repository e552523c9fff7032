/**
 * Stage `syntax`: the readable infix syntax (`brand = "Acme" and price < 20`): parser with
 * error recovery, canonical formatter, syntax detection, lint and completion.
 *
 * Importing this module does not load Chevrotain: the lexer and parser are built on the first
 * call of `parse`, `lint` or `complete` (see engine.ts). `format` never needs them.
 * @module
 */
export { parse, lineColumns, MAX_NESTING, type ParseOptions, type ParseResult } from './parse.js';
export { format, formatField, formatValue, formatClause, isBareField } from './format.js';
export { detectSyntax, type DetectedSyntax } from './detect.js';
export { KEYWORDS } from './tokens.js';
export { lint, infixPrinter, type LintOptions, type LintResult } from './lint.js';
export { complete, type CompletionItem } from './complete.js';
export { hover, describeField, describeOperator, type HoverInfo } from './hover.js';
export { DEFAULT_MAX_COMPLETE_LENGTH, type CompleteOptions } from './proposals.js';
