import type { Query } from '../ast/index.js';
import type { Catalog } from '../catalog/index.js';
import { argumentError, badArgument, hasErrors, QueryError, throwBadArgument, type Diagnostic } from '../diagnostics/index.js';
import { optionKeyProblems } from '../wire/limits.js';
import { checkOnce, holdsOnKeyless, isCheckedQuery, type CheckedQuery, type LimitOptions } from '../check/index.js';
import { queryFn } from './closure.js';
import { canGenerateCode, generatedFn } from './codegen.js';
import { cost } from './plan.js';
import { eachItem } from './each-item.js';

/** A compiled query: true when the raw item matches. Total: never throws, on any value. */
export type Predicate = (item: unknown) => boolean;

/** Options of {@link compile}. */
export interface CompileOptions extends LimitOptions {
  /**
   * `auto` (default): generated code when the environment allows `new Function`, closures
   * otherwise. `codegen`: generated code (falls back to closures when forbidden). `closure`:
   * closures only.
   */
  readonly mode?: 'auto' | 'codegen' | 'closure';
}

/**
 * Compiles a query (or a checked query, the result of `check`, then not checked again) for a
 * catalog into a predicate over raw items, once. Throws a
 * {@link QueryError} carrying every diagnostic when `validate(query, catalog)` reports an error.
 *
 * ```ts
 * const isCheapRed = compile(decode('[["color","red"],[["<","price"],20]]').query!, catalog);
 * items.filter(isCheapRed);
 * ```
 */
export function compile(query: Query | CheckedQuery, catalog: Catalog, options: CompileOptions = {}): Predicate {
  try {
    const optionProblems = compileOptionProblems('compile', options);
    if (optionProblems.length) throw new QueryError(optionProblems, 'compile was given an unknown option');
    const { diagnostics, plan } = checkOnce(query, catalog, options ?? undefined);
    if (!plan || hasErrors(diagnostics)) throw new QueryError(diagnostics);
    return compilePlan(plan, options);
  } catch (e) {
    throw argumentError('compile', e);
  }
}

/** The option names of {@link compile}. */
export const COMPILE_OPTION_KEYS: readonly string[] = ['mode', 'limits'];

/** Unknown keys of compile options, and a `mode` that is not one of the three. */
export function compileOptionProblems(fn: string, options: unknown): Diagnostic[] {
  if (options === null || typeof options !== 'object') {
    return [badArgument(fn, 'options', 'an object such as { mode: "auto" }', options, 'Leave it out for the defaults.')];
  }
  const problems = [...optionKeyProblems(fn, options, COMPILE_OPTION_KEYS)];
  const mode = options !== null && typeof options === 'object' ? (options as { mode?: unknown }).mode : undefined;
  if (mode !== undefined && mode !== 'auto' && mode !== 'codegen' && mode !== 'closure') {
    problems.push(badArgument(fn, 'options.mode', '"auto", "codegen" or "closure"', mode, 'Leave it out for the default, "auto".'));
  }
  return problems;
}

/**
 * {@link compile} of a query already checked: the `plan` of {@link check}'s result (for callers
 * that validate once and compile the same query several times, or on several backends).
 */
export function compileChecked(checked: CheckedQuery, options: CompileOptions = {}): Predicate {
  try {
    if (!isCheckedQuery(checked)) throwBadArgument('compileChecked', 'checked', 'a checked query (the plan of check(query, catalog))', checked, 'Pass check(query, catalog).plan, or call compile(query, catalog).');
    const optionProblems = compileOptionProblems('compileChecked', options);
    if (optionProblems.length) throw new QueryError(optionProblems, 'compileChecked was given a bad option');
    return compilePlan(checked, options);
  } catch (e) {
    throw argumentError('compileChecked', e);
  }
}

function compilePlan(checked: CheckedQuery, options: CompileOptions): Predicate {
  const plans = checked.clauses;
  const keyless = holdsOnKeyless(plans);
  const ordered = [...plans].sort((a, b) => cost(a) - cost(b) || a.index - b.index);
  const mode = options.mode ?? 'auto';
  // The generated predicate is total by itself (its whole body is inside a try): wrapping it
  // again would put every predicate behind one shared call site, which V8 cannot inline.
  return mode !== 'closure' && canGenerateCode() ? generatedFn(ordered, keyless) : total(queryFn(ordered, keyless));
}

/**
 * The predicate made total over hostile values: an item that cannot be read (a revoked proxy, a
 * proxy or getter that throws) matches nothing. Plain data never throws; the guard costs a
 * try/catch per call, which V8 optimises away on the path that does not throw.
 */
function total(p: Predicate): Predicate {
  return (item: unknown): boolean => {
    try {
      return p(item);
    } catch {
      return false;
    }
  };
}

/** Whether one raw item matches (compiles the query each call; use {@link compile} for many items). */
export function matches(query: Query | CheckedQuery, catalog: Catalog, item: unknown): boolean {
  return compile(query, catalog, { mode: 'closure' })(item);
}

/** The items that match, in their order. Throws QueryError for an invalid query. */
export function filter<T>(items: readonly T[], query: Query | CheckedQuery, catalog: Catalog, options: CompileOptions = {}): T[] {
  try {
    const p = compile(query, catalog, options);
    if (!Array.isArray(items)) throwBadArgument('filter', 'items', 'an array of items', items, 'Pass the raw items as an array.');
    const out: T[] = [];
    eachItem(items, (it) => {
      if (p(it)) out.push(it as T);
    });
    return out;
  } catch (e) {
    throw argumentError('filter', e);
  }
}
