import type { Query } from '../ast/index.js';
import type { Catalog } from '../catalog/index.js';
import { checkOnce, type CheckedQuery } from '../check/index.js';
import { argumentError, hasErrors, QueryError, type Diagnostic } from '../diagnostics/index.js';
import { SqlBuilder } from './builder.js';
import { compileClause, type ClauseContext } from './compile-clause.js';
import { newBuilder, resolveOptions, type ResolvedOptions, type SqlOptions } from './options.js';

/** A compiled statement: `sql` with placeholders and its parameters in binding order. */
export interface SqlStatement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** The result of {@link toSql}. */
export interface SqlQuery extends SqlStatement {
  /** The bare condition, with the same parameters as `sql` (`$1`... or `?` in the same order). */
  readonly where: string;
}

/**
 * The checked query of `input` (checked once, unless it is one already); throws QueryError with
 * the errors when it has any (warnings do not stop compilation).
 */
export function checkedOrThrow(input: Query | CheckedQuery, catalog: Catalog, opts: ResolvedOptions): CheckedQuery {
  const { diagnostics, plan } = checkOnce(input, catalog, { limits: opts.limits });
  if (!plan || hasErrors(diagnostics)) throw new QueryError(diagnostics.filter((d) => d.severity === 'error'));
  return plan;
}

/** The condition of a checked query, still with parameter markers (used by toSql and listSql). */
export function compileWhere(plan: CheckedQuery, opts: ResolvedOptions, builder: SqlBuilder): string {
  const problems: Diagnostic[] = [];
  let n = 0;
  const ctx: ClauseContext = { dialect: opts.dialect, builder, column: opts.column, alias: () => `catq_e${++n}` };
  const parts: string[] = [];
  for (const p of plan.clauses) {
    const out = compileClause(p, ctx);
    if ('error' in out) {
      problems.push(out.error);
      continue;
    }
    const pre = opts.indexed ? opts.dialect.prefilter?.(p, ctx) : undefined;
    parts.push(pre ? `(${pre}) AND (${out.sql})` : `(${out.sql})`);
  }
  if (problems.length) throw new QueryError(problems, 'The query cannot be compiled to SQL');
  // The empty query matches every item (docs/semantics.md section 1).
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

/**
 * Compiles a query (or a {@link CheckedQuery}, then not checked again) to SQL for a table holding one item per row, its raw data in a JSON column.
 * `sql` selects that column of every matching row; `where` is the bare condition. Every value
 * and every JSON key is a bound parameter; table and column are quoted identifiers.
 *
 * Throws QueryError when the options are invalid (`sql/bad-option`), the query does not
 * validate against the catalog, or a clause cannot be expressed exactly (`sql/unsupported`).
 *
 * On SQLite, `matches` and `matches-phrase` call functions that {@link registerSqliteFunctions}
 * installs on the connection.
 *
 * @example
 * const { sql, params } = toSql(q, catalog, { dialect: 'postgres', table: 'items', column: 'data' });
 * await db.query(sql, params);
 */
export function toSql(query: Query | CheckedQuery, catalog: Catalog, options: SqlOptions): SqlQuery {
  try {
    const opts = resolveOptions(options);
    const plan = checkedOrThrow(query, catalog, opts);
    const builder = newBuilder(opts);
    const where = compileWhere(plan, opts, builder);
    // The SELECT adds no parameter before the condition, so both share one numbering.
    const bare = builder.finish(where);
    return { sql: `SELECT ${opts.column} FROM ${opts.table} WHERE ${bare.sql}`, params: bare.params, where: bare.sql };
  } catch (e) {
    throw argumentError('toSql', e);
  }
}
