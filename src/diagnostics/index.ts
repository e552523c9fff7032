/**
 * Diagnostics: the shared model (code, severity, message, span, path, fixes), the one catalog
 * of codes, rendering for people, LSP conversion, the interface's 400 body and QueryError.
 * @module
 */
export * from './model.js';
export { CODES, type DiagnosticCode, type DataOf, type CodeDefinition } from './codes/index.js';
export { diagnostic, describeValue, type DiagnosticPlace } from './create.js';
export { isArraySafe } from './diagnostic-of.js';
export { LineIndex } from './line-index.js';
export { QueryError, isQueryError } from './query-error.js';
export { toErrorBody, type ErrorBody } from './error-body.js';
export { toLspDiagnostics, lspPosition, type LspDiagnostic, type LspFix, type LspOptions, type LspPosition, type LspRange, type LspRelatedInformation, type LspTextEdit } from './lsp.js';
export { renderDiagnostics, MAX_SHOWN_COLUMNS, type RenderOptions } from './render.js';
export { argumentError, badArgument, guard, guardAll, throwBadArgument } from './arguments.js';
export { capDiagnostics, DEFAULT_MAX_DIAGNOSTICS } from './cap.js';
export { previewValue } from './preview.js';
export { unknownOptions } from './option-keys.js';
