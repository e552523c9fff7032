/**
 * Stage `eval`: the in-memory evaluator, the reference meaning of every query (docs/semantics.md made
 * executable). `compile` turns a query into a total predicate over raw items (generated code where
 * allowed, closures otherwise); `matches`, `filter`, `listItems` (List Catalog Items with cursor
 * pagination) and `explain` build on it.
 * @module
 */
export { compile, compileChecked, matches, filter, type Predicate, type CompileOptions } from './compile.js';
export { explain, type Explanation, type ClauseExplanation, type ClauseOutcome } from './explain.js';
export { listItems, type ListItemsResult, type ListItemsOptions } from './list-items.js';
export { canonicalId } from './plan.js';
