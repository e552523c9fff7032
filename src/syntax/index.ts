/**
 * Stage `syntax`: the readable infix syntax (`brand = "Acme" and price < 20`), a front end beside
 * `wire`: the parser with error recovery, the canonical formatter and syntax detection. It knows
 * no catalog; the editor services over it (lint, completion, hover) are the `editor` stage.
 *
 * Importing this module does not load Chevrotain: the lexer and parser are built on the first
 * call of `parse` (see engine.ts). `format` never needs them.
 * @module
 */
export { parse, lineColumns, MAX_NESTING, DEFAULT_MAX_INFIX_LENGTH, type ParseOptions, type ParseResult } from './parse.js';
export { format, formatField, formatValue, formatClause, isBareField } from './format.js';
export { detectSyntax, type DetectedSyntax } from './detect.js';
export { KEYWORDS } from './tokens.js';
