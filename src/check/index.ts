/**
 * Stage `check`: validates a query against a catalog (LANGUAGE.md section 5) and turns quick-fix
 * changes into text edits.
 * @module
 */
export { validate, type ValidateOptions } from './validate.js';
export { checkLimits, DEFAULT_QUERY_LIMITS, resolveQueryLimits, type LimitOptions, type QueryLimits } from './limits.js';
export { fixEdits, wirePrinter, type SourcePrinter } from './fix-edits.js';
export { suggestFields } from './suggest.js';
