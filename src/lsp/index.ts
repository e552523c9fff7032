/**
 * Stage `lsp`: the catq language server (`catq lsp --stdio`, or `startServer()` from the
 * `catq/lsp` entry). Not exported by the root entry: importing `catq` never loads
 * vscode-languageserver, and this entry loads it only when the server starts.
 * @module
 */
export { startServer, type ServerOptions } from './server.js';
export { DocumentChecker } from './document-checker.js';
export { IncrementalLinter } from './incremental.js';
export { splitClauses, splitElements } from './split-clauses.js';
export { checkText, type TextCheck } from './check-text.js';
export { EDITOR_LINT_OPTIONS } from './editor-limits.js';
export { codeActions, completionItems, documentSymbols, formatDocument, hoverAt } from './features.js';
export { CONFIG_FILE, Sources, type DocumentSources, type SourceSettings } from './sources.js';
