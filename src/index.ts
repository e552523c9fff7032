/**
 * catq: the search query language of the catalog-management interface.
 *
 * The root entry is the front door: what a program calls to read, check, write, edit and run a
 * query, and the types those calls take and return. Every name here has a line in docs/api.md
 * (a test fails otherwise). The stages' finer parts live behind their subpaths (`catq/wire`,
 * `catq/syntax`, `catq/eval`, `catq/listing`, `catq/sql`, `catq/mongo`, `catq/builder`,
 * `catq/client`, `catq/codemirror`, `catq/lsp`).
 *
 * Importing the root never loads the infix parser's engine (Chevrotain) in Node: the first
 * `parse`, `lint`, `complete` or `hover` does.
 * @module
 */

// Reading and writing queries.
export { decode, encode, toWire, DEFAULT_LIMITS, type DecodeResult, type DecodeOptions, type DecodeLimits } from './wire/index.js';
export { parse, format, formatClause, detectSyntax, type ParseResult, type ParseOptions, type DetectedSyntax } from './syntax/index.js';
// The checked, copying builders of the wire stage, not the AST's trusted ones (which freeze in place).
export { clause, query } from './wire/index.js';
export { queryEqual, stripSpans } from './wire/checked-nodes.js';
export { isQuery, isOperator, type LineColumn, type Query, type Clause, type ClauseSpans, type SourceSyntax, type Span, type JsonValue, type JsonArray, type JsonObject, type JsonPrimitive } from './ast/index.js';
export { OPERATORS, OPERATOR_NAMES, operatorsFor, type Operator, type OperatorInfo } from './operators/index.js';

// Catalogs.
export { loadCatalog, resolveField, fieldNames, ALIAS_PATHS, type AliasPath, type LoadCatalogResult, type Catalog, type SearchableAttribute, type AttributeType, type Cardinality, type Aliases } from './catalog/index.js';

// Checking.
export { validate, check, DEFAULT_QUERY_LIMITS, type CheckResult, type ValidateOptions, type QueryLimits, type LimitOptions } from './check/index.js';

// Editing (editors, language servers).
export { lint, complete, hover, semanticTokens, SEMANTIC_TOKEN_TYPES, DEFAULT_MAX_SEMANTIC_TOKENS_LENGTH, type LintResult, type LintOptions, type CompletionItem, type CompleteOptions, type HoverInfo, type HoverOptions, type SemanticToken, type SemanticTokenType, type SemanticTokensOptions } from './editor/index.js';

// Running: the evaluator (the reference meaning) and List Catalog Items over an array.
export { compile, matches, filter, explain, listItems, type Predicate, type CompileOptions, type Explanation, type ListItemsResult, type ListItemsOptions } from './eval/index.js';
export { itemId, type ListPage, type Scope, type ListedItem, type ItemId } from './listing/index.js';

// Compiling for databases (also `catq/sql`, `catq/mongo`).
export { toSql, listSql, indexSql, type SqlQuery, type SqlOptions, type SqlListing, type ListSqlOptions, type IndexSqlOptions, type DialectName } from './sql/index.js';
export { toMongo, toMongoListing, type MongoFilter, type MongoOptions, type MongoListing } from './mongo/index.js';

// Diagnostics and errors.
export { QueryError, isQueryError, hasErrors, LineIndex, CODES, describeValue, renderDiagnostics, toErrorBody, toLspDiagnostics, type Diagnostic, type DiagnosticCode, type Severity, type Fix, type TextEdit, type RelatedInformation, type ErrorBody, type RenderOptions, type LspDiagnostic } from './diagnostics/index.js';
