/**
 * Stage `check`: validates a query against a catalog (LANGUAGE.md section 5) and turns quick-fix
 * changes into text edits.
 * @module
 */
export { validate } from './validate.js';
export { fixEdits, wirePrinter, type SourcePrinter } from './fix-edits.js';
export { suggestFields } from './suggest.js';
