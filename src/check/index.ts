/**
 * Stage `check`: validates a query against a catalog (docs/semantics.md section 5) and turns quick-fix
 * changes into text edits.
 * @module
 */
export { validate, check, checkOnce, LIMIT_OPTION_KEYS, type CheckResult, type ValidateOptions } from './validate.js';
export { checkLimits, DEFAULT_QUERY_LIMITS, resolveQueryLimits, type LimitOptions, type QueryLimits } from './limits.js';
export { holdsOnKeyless, isCheckedQuery, shapeOf, type CheckedQuery, type ClausePlan, type ElementShape, type PlanBase, type ValueTest } from './plan.js';
export { canonicalNumber } from './value-types.js';
export { testedValues } from './tested-values.js';
export { fixEdits, wirePrinter, type SourcePrinter } from './fix-edits.js';
export { suggestFields } from './suggest.js';
