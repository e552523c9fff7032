/**
 * `toMongo`: a validated query as one MongoDB filter document. Every clause becomes one `$expr`
 * (see clause.ts for why the match language's own operators are not used); clauses are ANDed.
 */
import type { Query } from '../ast/index.js';
import { resolveField, type Catalog } from '../catalog/index.js';
import { hasErrors, QueryError } from '../diagnostics/index.js';
import { itemRoot, fieldValue, type ItemRoot } from './access.js';
import { compileClause, type ResolvedClause } from './clause.js';
import { checkQuery } from './check-input.js';
import type { MongoExpr, MongoFilter, MongoOptions } from './types.js';

/**
 * Compiles a query into a MongoDB filter document that matches exactly the items the evaluator
 * matches (LANGUAGE.md). The result is plain JSON (no functions, RegExp objects or JavaScript);
 * it needs MongoDB 6.1+ (`$getField`, `$regexFindAll` with the `u` option) and the simple
 * (binary) collation, which is the default. Throws QueryError when the query is not valid for
 * the catalog, and `mongo/unsupported` for anything it cannot express exactly.
 *
 * @example
 * toMongo(query([clause('>', 'price', 10)]), catalog)
 * // { $expr: { $let: { vars: { v: { $getField: ... } }, in: { $and: [{ $isNumber: '$$v' }, { $gt: ['$$v', { $literal: 10 }] }] } } } }
 */
export function toMongo(q: Query, catalog: Catalog, options?: MongoOptions): MongoFilter {
  const root = itemRoot(options);
  return combine(compileClauses(q, catalog, root));
}

/** The `$expr` of each clause, in order. Throws QueryError. */
export function compileClauses(q: Query, catalog: Catalog, root: ItemRoot): MongoExpr[] {
  const diagnostics = checkQuery(q, catalog);
  if (hasErrors(diagnostics)) throw new QueryError(diagnostics);
  return q.clauses.map((clause, index) => {
    const r = resolveField(catalog, clause.field);
    if (!r.ok) throw new QueryError(diagnostics); // unreachable after checkQuery
    const rc: ResolvedClause = { index, clause, attribute: r.attribute };
    return compileClause(rc, fieldValue(root, r.rawKey));
  });
}

/** ANDs clause expressions into one filter document (`{}` for no clause: every item). */
export function combine(exprs: readonly MongoExpr[]): MongoFilter {
  if (exprs.length === 0) return {};
  if (exprs.length === 1) return { $expr: exprs[0] as MongoExpr };
  return { $and: exprs.map((e) => ({ $expr: e })) };
}
