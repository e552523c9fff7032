/**
 * `toMongo`: a validated query as one MongoDB filter document. Every clause becomes one exact
 * `$expr` (see clause.ts for why the match language's own operators are not used), preceded by an
 * index-friendly superset where one exists (prefilter.ts); everything is ANDed.
 */
import type { Query } from '../ast/index.js';
import type { Catalog } from '../catalog/index.js';
import { argumentError, hasErrors, QueryError } from '../diagnostics/index.js';
import { itemRoot, fieldValue, type ItemRoot } from './access.js';
import { compileClause } from './clause.js';
import { prefilter } from './prefilter.js';
import { checkOnce, type CheckedQuery } from '../check/index.js';
import type { MongoExpr, MongoFilter, MongoOptions } from './types.js';

/**
 * Compiles a query (or a checked query, then not checked again) into a MongoDB filter document that matches exactly the items the evaluator
 * matches (docs/semantics.md). The result is plain JSON (no functions, RegExp objects or JavaScript);
 * it needs MongoDB 6.1+ (`$getField`, `$regexFindAll` with the `u` option) and the simple
 * (binary) collation, which is the default. Throws QueryError when the query is not valid for
 * the catalog, and `mongo/unsupported` for anything it cannot express exactly.
 *
 * @example
 * toMongo(query([clause('>', 'price', 10)]), catalog)
 * // { $and: [ { price: { $gt: 10 } },
 * //   { $expr: { $let: { vars: { v: { $getField: ... } }, in: { $and: [{ $isNumber: '$$v' }, { $gt: ['$$v', { $literal: 10 }] }] } } } } ] }
 */
export function toMongo(q: Query | CheckedQuery, catalog: Catalog, options?: MongoOptions): MongoFilter {
  try {
    const root = itemRoot(options, 'toMongo');
    return combine(compileClauses(q, catalog, root, options));
  } catch (e) {
    throw argumentError('toMongo', e);
  }
}

/** What one clause compiles to: the exact `$expr`, and an index-friendly superset when there is one. */
export interface CompiledClause {
  readonly expr: MongoExpr;
  readonly prefilter?: MongoFilter;
}

/**
 * Each clause compiled, in order. The shared checker decides what a valid query is and hands
 * over its plan, so every backend refuses the same queries with the same diagnostics; warnings
 * (duplicate or never-true clauses) do not stop compilation.
 */
export function compileClauses(q: Query | CheckedQuery, catalog: Catalog, root: ItemRoot, options?: MongoOptions): CompiledClause[] {
  const { diagnostics, plan } = checkOnce(q, catalog, options ? { limits: options.limits } : undefined);
  if (!plan || hasErrors(diagnostics)) throw new QueryError(diagnostics);
  return plan.clauses.map((p) => {
    const expr = compileClause(p, fieldValue(root, p.rawKey));
    const pre = prefilter(p, root);
    return pre ? { expr, prefilter: pre } : { expr };
  });
}

/**
 * ANDs compiled clauses (and any extra conditions) into one filter document: the prefilters
 * first, then one `$expr` per clause; `{}` when there is nothing (every item).
 */
export function combine(clauses: readonly CompiledClause[], extra: readonly MongoFilter[] = []): MongoFilter {
  const parts: MongoFilter[] = [];
  for (const c of clauses) if (c.prefilter) parts.push(c.prefilter);
  for (const c of clauses) parts.push({ $expr: c.expr });
  parts.push(...extra);
  if (parts.length === 0) return {};
  if (parts.length === 1) return parts[0] as MongoFilter;
  return { $and: parts };
}
