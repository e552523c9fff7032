import { isQuery, type Clause, type Query } from '../ast/index.js';
import { catalogArgumentProblems, type Catalog } from '../catalog/index.js';
import { badArgument, capDiagnostics, hasErrors, type Diagnostic } from '../diagnostics/index.js';
import { diagnostic } from '../diagnostics/core-diagnostic.js';
import { optionKeyProblems } from '../wire/limits.js';
import { checkClause, type CheckedClause } from './check-clause.js';
import { checkContext } from './context.js';
import { checkLimits, resolveQueryLimits, type LimitOptions } from './limits.js';
import { readClause } from './read-clause.js';
import { isPlainQuery } from '../wire/plain-queries.js';
import { checkRelations } from './relations.js';
import { checkedQuery, isCheckedQuery, planClause, type CheckedQuery, type ClausePlan } from './plan.js';

/** What {@link check} finds: every diagnostic, and the checked plan when none is an error. */
export interface CheckResult {
  readonly diagnostics: Diagnostic[];
  /** The query resolved and normalised for the backends; absent exactly when a diagnostic is an error. */
  readonly plan?: CheckedQuery;
}

/**
 * Checks a query against a catalog (docs/semantics.md section 5) and returns every problem at once:
 * errors (unknown field, unusable alias path, operator not allowed on the type, value of the
 * wrong type, empty `one-of`, `matches` without a word, non-boolean `present?`) and warnings
 * (duplicate clause, clause implied by another, clauses that can never be true together).
 *
 * Each diagnostic points at the most precise part of the clause (span and JSON pointer into the
 * wire form). Quick fixes carry a structural `change`; their text edits are filled in for wire
 * queries with positions (the infix `lint` writes its own). Never throws, whatever the clauses
 * hold.
 *
 * @example
 * ```ts
 * const { query } = decode('[["price","20"]]');
 * validate(query!, catalog); // [{ code: 'schema/type-mismatch', fixes: [{ title: 'Replace "20" with 20', ... }] }]
 * ```
 */
export function validate(query: Query, catalog: Catalog, options?: ValidateOptions): Diagnostic[] {
  const optionProblems = optionKeyProblems('validate', options, LIMIT_OPTION_KEYS);
  if (optionProblems.length) return [...optionProblems];
  // Only the diagnostics are wanted: no plan is built.
  return guardedCheck(query, catalog, options, false).diagnostics;
}

/** Options of {@link validate} and {@link check}: the limits for untrusted queries (docs/limits.md). An unknown key, here or in `limits`, is an `api/unknown-option` diagnostic. */
export type ValidateOptions = LimitOptions;

/** The option names of the functions whose only option is `limits`. */
export const LIMIT_OPTION_KEYS: readonly string[] = Object.freeze(['limits']);

/**
 * {@link validate}, plus the checked query that every backend compiles: each clause resolved
 * (attribute, raw key, type, cardinality) and normalised into a {@link ClausePlan}. `plan` is
 * present exactly when no diagnostic is an error. Never throws.
 */
export function check(query: Query, catalog: Catalog, options?: ValidateOptions): CheckResult {
  const optionProblems = optionKeyProblems('check', options, LIMIT_OPTION_KEYS);
  if (optionProblems.length) return { diagnostics: [...optionProblems] };
  return guardedCheck(query, catalog, options, true);
}

/**
 * The checked query of `input` for `catalog`, checking it only when it is not one already: a
 * {@link CheckedQuery} made by {@link check} for the same catalog is handed on as it is (with the
 * warnings of its check); anything else, a plain query included, is checked once. The entries that
 * compile or list call this, so a caller that checked first pays for one check, not two.
 */
export function checkOnce(input: Query | CheckedQuery, catalog: Catalog, options?: ValidateOptions): CheckResult {
  if (isCheckedQuery(input)) {
    if (input.catalog === catalog) return { diagnostics: [...input.diagnostics], plan: input };
    return guardedCheck(input.query, catalog, options, true);
  }
  // The caller's options hold its own keys too (compile's `mode`): it checks them itself.
  return guardedCheck(input, catalog, options, true);
}

function guardedCheck(query: Query, catalog: Catalog, options: ValidateOptions | undefined, wantPlan: boolean): CheckResult {
  try {
    return checkQuery(query, catalog, options, wantPlan);
  } catch {
    // Only a query whose own parts are proxies that throw gets here (clauses are read safely).
    return { diagnostics: [badArgument('validate', 'query', 'a Query', 'a value that cannot be read', 'Pass the query returned by decode(q) or parse(text).')] };
  }
}

function checkQuery(query: Query, catalog: Catalog, options: ValidateOptions | undefined, wantPlan: boolean): CheckResult {
  // Arguments of the wrong kind (from JavaScript callers) are reported, never a TypeError.
  const argumentProblems = catalogArgumentProblems('validate', catalog);
  if (!isQuery(query)) argumentProblems.unshift(badArgument('validate', 'query', 'a Query', query, 'Pass the query returned by decode(q) or parse(text).'));
  if (argumentProblems.length) return { diagnostics: argumentProblems };
  const limits = resolveQueryLimits(options?.limits);
  const ctx = checkContext(query, catalog, limits.maxDiagnostics);
  const valid: CheckedClause[] = [];
  const clauses = query.clauses;
  // The decoder's limit, for queries that did not come through it (infix text, built in code):
  // a query valid here encodes to a q the decoder takes. Only the first maxClauses are checked.
  const count = Math.min(clauses.length, limits.maxClauses);
  if (clauses.length > limits.maxClauses) {
    const first = (clauses[count] as Clause | undefined)?.spans?.clause;
    const last = (clauses[clauses.length - 1] as Clause | undefined)?.spans?.clause;
    const where = first && last ? { span: { start: first.start, end: last.end }, path: `/${count}` } : { path: `/${count}` };
    ctx.out.push(diagnostic('wire/too-many-clauses', { count: clauses.length, limit: limits.maxClauses }, where));
  }
  // A query decode read from JSON text within the default limits is plain data already.
  const plain = isPlainQuery(query);
  for (let i = 0; i < count; i++) {
    // Hand-built clauses may hold anything (getters, proxies, BigInt, cycles): read as plain data first.
    let c = clauses[i] as Clause;
    if (!plain) {
      const read = readClause(c, i);
      if (!read.clause) {
        for (const d of read.diagnostics) ctx.out.push(d);
        continue;
      }
      c = read.clause;
    }
    const checked = checkClause(ctx, i, c);
    if (checked) valid.push(checked);
  }
  checkRelations(ctx, valid);
  checkLimits(query, limits, ctx.out);
  const diagnostics = capDiagnostics(ctx.out, limits.maxDiagnostics);
  if (!wantPlan || hasErrors(diagnostics) || valid.length !== clauses.length) return { diagnostics };
  const plans = new Array<ClausePlan>(valid.length);
  for (let i = 0; i < valid.length; i++) {
    const v = valid[i] as CheckedClause;
    plans[i] = planClause(v.index, v.clause, v.attribute, v.rawKey);
  }
  return { diagnostics, plan: checkedQuery(query, catalog, plans, diagnostics.slice()) };
}
