import { resolveQueryLimits, type LimitOptions, type QueryLimits } from '../check/index.js';
import { describeValue, diagnostic, QueryError, type Diagnostic } from '../diagnostics/index.js';
import { optionKeyProblems } from '../wire/limits.js';
import type { Dialect } from './dialect.js';
import { SqlBuilder } from './builder.js';
import { pgLiteral } from './postgres-indexes.js';
import { DIALECT_NAMES, dialectOf, type DialectName } from './dialects.js';

/** Where the items live and which SQL to write. */
export interface SqlOptions extends LimitOptions {
  /** `postgres` (JSON column of type `jsonb`), `sqlite` (JSON text) or `mysql` (MySQL 8 / MariaDB 10.6+, a `JSON` / `LONGTEXT` column). */
  readonly dialect: DialectName;
  /** The table, optionally schema-qualified as `['schema', 'table']`. Default `items`. */
  readonly table?: string | readonly string[];
  /** The JSON column holding each item's raw data. Default `data`. */
  readonly column?: string;
  /**
   * PostgreSQL only: the database has {@link indexSql}'s DDL applied. Adds index-usable
   * prefilters (GIN containment, the token array of Text attributes) ANDed with the exact
   * conditions, which stay unchanged. Needs the `catq_tokens` function for `matches`.
   */
  readonly indexed?: boolean;
  /**
   * PostgreSQL only, default false: write the JSON keys (attribute names from the catalog) and
   * the compiler's own constants as SQL literals; the query's values stay parameters. A
   * statement is then the same text for every query of one shape and its plan no longer needs
   * the parameters to match {@link indexSql}'s indexes, so it is planned faster and a prepared
   * statement can use a generic plan. See docs/sql.md.
   */
  readonly inlineConstants?: boolean;
}

/** Options after checking: quoted identifiers and the dialect object. */
export interface ResolvedOptions {
  readonly dialect: Dialect;
  readonly table: string;
  readonly column: string;
  readonly indexed: boolean;
  readonly inlineConstants: boolean;
  readonly limits: QueryLimits;
}

/** The option names of {@link SqlOptions}. */
export const SQL_OPTION_KEYS: readonly string[] = ['dialect', 'table', 'column', 'indexed', 'inlineConstants', 'limits'];


/** What was given, for an option's message: `missing`, or the value described. */
export const describeGiven = (v: unknown): string => (v === undefined ? 'missing' : describeValue(v));

function identProblem(name: unknown): string | undefined {
  if (typeof name !== 'string') return 'it must be a string';
  if (name === '') return 'it must not be empty';
  // NUL cannot be stored in an identifier on either engine; it also marks parameters internally.
  if (name.includes('\u0000')) return 'it must not contain the NUL character';
  return undefined;
}

/** Checks and resolves compiler options; throws QueryError (`sql/bad-option`) listing every problem. */
export function resolveOptions(options: SqlOptions, fn = 'toSql', known: readonly string[] = SQL_OPTION_KEYS): ResolvedOptions {
  // A misspelled option (`tableName`) would otherwise be ignored in silence.
  const problems: Diagnostic[] = [...optionKeyProblems(fn, options, known)];
  const bad = (option: string, detail: string): void => {
    problems.push(diagnostic('sql/bad-option', { option, detail }, { path: `/${option}` }));
  };
  if (options === null || typeof options !== 'object') {
    bad('dialect', 'options must be an object with a dialect');
    throw new QueryError(problems, 'Invalid SQL options');
  }
  const dialect = dialectOf(options.dialect);
  if (!dialect) bad('dialect', `it must be ${DIALECT_NAMES.map((n) => JSON.stringify(n)).join(', ').replace(/, ([^,]*)$/, ' or $1')}, but it is ${describeGiven(options.dialect)}`);
  const tableParts = options.table === undefined ? ['items'] : typeof options.table === 'string' ? [options.table] : options.table;
  if (!Array.isArray(tableParts) || tableParts.length === 0 || tableParts.length > 2) {
    bad('table', `it must be a table name or [schema, table], but it is ${describeGiven(options.table)}`);
  } else {
    for (const part of tableParts) {
      const p = identProblem(part);
      if (p) bad('table', `${p}, but it is ${describeGiven(part)}`);
    }
  }
  const column = options.column ?? 'data';
  const cp = identProblem(column);
  if (cp) bad('column', `${cp}, but it is ${describeGiven(column)}`);
  if (options.indexed !== undefined && typeof options.indexed !== 'boolean') bad('indexed', `it must be true or false, but it is ${describeGiven(options.indexed)}`);
  if (options.indexed && dialect && !dialect.prefilter) bad('indexed', `${dialect.name} has no index prefilters`);
  if (options.inlineConstants !== undefined && typeof options.inlineConstants !== 'boolean') bad('inlineConstants', `it must be true or false, but it is ${describeGiven(options.inlineConstants)}`);
  if (options.inlineConstants && dialect && dialect.name !== 'postgres') bad('inlineConstants', 'constants are inlined for postgres only');
  if (problems.length || !dialect) throw new QueryError(problems, 'Invalid SQL options');
  return {
    dialect,
    table: (tableParts as readonly string[]).map((p) => dialect.quoteIdent(p)).join('.'),
    column: dialect.quoteIdent(column),
    indexed: options.indexed === true,
    inlineConstants: options.inlineConstants === true,
    limits: resolveQueryLimits(options.limits),
  };
}

/** A statement builder for these options (constants inlined as literals with `inlineConstants`). */
export function newBuilder(opts: ResolvedOptions): SqlBuilder {
  return new SqlBuilder(opts.dialect.placeholders, opts.inlineConstants ? pgLiteral : undefined);
}
