import { catalogArgumentProblems, type Catalog } from '../catalog/index.js';
import { argumentError, diagnostic, QueryError, throwBadArgument } from '../diagnostics/index.js';
import { optionKeyProblems } from '../wire/limits.js';
import { DIALECT_NAMES, type DialectName } from './dialects.js';
import { isWellFormedText, LONE_SURROGATE_KEY } from './layout/safe-text.js';
import { resolveOptions, SQL_OPTION_KEYS, type SqlOptions } from './options.js';

/** The DDL of {@link indexSql}: statements to run in order (idempotent where the engine allows it). */
export interface IndexDdl {
  readonly statements: readonly string[];
  /** The statements joined by `;` and new lines. */
  readonly sql: string;
  /**
   * The attributes (of cardinality One, and `Aliases.Id` for the listing index) the dialect can
   * name in no statement, which got no index, with the reason: an attribute name holding NUL on
   * PostgreSQL, a key starting with `-` on MariaDB, a name holding a lone surrogate on both (no
   * stored item can have that key). Every other attribute is indexed.
   */
  readonly leftOut: readonly { readonly attribute: string; readonly reason: string }[];
}

/** Options of {@link indexSql}: {@link SqlOptions} with the dialect defaulting to `postgres`. */
export type IndexSqlOptions = Omit<SqlOptions, 'dialect' | 'indexed'> & { readonly dialect?: DialectName };

/**
 * The DDL that makes compiled queries fast (use `toSql(..., { indexed: true })` once it is
 * applied), written by the dialect (see docs/sql.md):
 * - PostgreSQL: the `catq_tokens(text)` function (the tokenizer of src/text in SQL), a GIN
 *   `jsonb_path_ops` index for `=` / `one-of` containment prefilters, B-trees on the numeric
 *   value of Number and the "C"-collated text of String/Text attributes of cardinality One, a
 *   GIN index on the token array of Text attributes, and a B-tree on the listing sort keys;
 * - MySQL / MariaDB: stored generated columns with B-tree indexes on the numeric value of Number
 *   and the `utf8mb4_bin` text of String/Text attributes of cardinality One, and the listing sort keys.
 * Throws QueryError when the options are invalid or the dialect writes no indexes (`sqlite`).
 */
export function indexSql(catalog: Catalog, options: IndexSqlOptions): IndexDdl {
  try {
    const problems = catalogArgumentProblems('indexSql', catalog);
    if (problems.length) throw new QueryError(problems, 'indexSql was called with a bad catalog');
    if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options))) {
      throwBadArgument('indexSql', 'options', 'an object such as { dialect: "postgres", table: "items" }', options, 'Pass the options object, or leave it out for PostgreSQL and the table "items".');
    }
    const given: IndexSqlOptions = options ?? {};
    // Unknown keys first, before the copy below (an object of many keys is reported, not copied).
    const unknown = optionKeyProblems('indexSql', given, SQL_OPTION_KEYS);
    if (unknown.length) throw new QueryError([...unknown], 'indexSql was given an unknown option');
    const opts = resolveOptions({ ...given, dialect: given.dialect ?? 'postgres' }, 'indexSql');
    const d = opts.dialect;
    if (!d.indexDdl) {
      const writers = DIALECT_NAMES.filter((n) => n !== d.name);
      throw new QueryError([diagnostic('sql/bad-option', { option: 'dialect', detail: `indexes are written for ${writers.join(' and ')} only` })]);
    }
    const tableName = Array.isArray(given.table) ? (given.table[given.table.length - 1] as string) : ((given.table as string | undefined) ?? 'items');
    const statements = d.indexDdl(catalog, { table: opts.table, tableName, column: opts.column });
    const leftOut: { attribute: string; reason: string }[] = [];
    const names = new Set([...(catalog.SearchableAttributes ?? []).filter((a) => a.Cardinality === 'One').map((a) => a.Attribute), catalog.Aliases.Id]);
    for (const attribute of names) {
      const reason = d.keyProblem(attribute) ?? (d.textHoldsLoneSurrogates || isWellFormedText(attribute) ? undefined : LONE_SURROGATE_KEY);
      if (reason !== undefined) leftOut.push({ attribute, reason });
    }
    return { statements, sql: statements.join(';\n') + ';\n', leftOut };
  } catch (e) {
    throw argumentError('indexSql', e);
  }
}
