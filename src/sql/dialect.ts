import type { Catalog } from '../catalog/index.js';
import type { ClausePlan } from '../check/index.js';
import type { SqlBuilder } from './builder.js';
import type { ClauseContext } from './compile-clause.js';

/** JSON types as the compiler asks about them (SQLite splits numbers and booleans further). */
export type JsonType = 'number' | 'string' | 'boolean' | 'array' | 'object' | 'null';

/**
 * A JSON value inside a row: a top-level key of the item column, or an element of an array
 * being iterated. Every method returns an SQL fragment; none of them can raise an SQL error on
 * any JSON (no cast happens outside a type guard).
 */
export interface JsonNode {
  /** True when the node exists and has JSON type `type`; false or NULL otherwise. */
  is(type: JsonType): string;
  /** The JSON type name, or `'null'` when the key is missing (never NULL). */
  typeOrNull(): string;
  /** The number as an IEEE double, NULL unless the node is a JSON number. */
  number(): string;
  /** The string's text, NULL unless the node is a JSON string. */
  text(): string;
  /** True when the node is the JSON boolean `value`. */
  isBoolean(value: boolean, b: SqlBuilder): string;
  /**
   * A FROM item iterating the elements of the node when it is an array (nothing otherwise),
   * and the node of one element.
   */
  elements(alias: string): { readonly from: string; readonly where: string; readonly element: JsonNode };
}

/** Where {@link Dialect.indexDdl} writes its indexes. */
export interface IndexTarget {
  /** The quoted (possibly schema-qualified) table. */
  readonly table: string;
  /** The table's own name, unquoted (for index names). */
  readonly tableName: string;
  /** The quoted JSON column. */
  readonly column: string;
}

/**
 * What differs between SQL engines, as data and hooks (never a test of the dialect's name in
 * shared code). Each override lives in the dialect's own file with a comment saying why it
 * differs; everything else (the meaning of each operator) is written once in compile-clause.ts
 * against this interface. A new dialect is one file plus one line in dialects.ts.
 */
export interface Dialect {
  /** The name `toSql({ dialect })` takes. */
  readonly name: string;
  /** A one-line description for the CLI and docs. */
  readonly summary: string;
  /** Whether a text value may contain U+0000 (PostgreSQL text and jsonb strings cannot). */
  readonly textHoldsNul: boolean;
  /**
   * Whether the dialect's text can hold a lone surrogate (PostgreSQL's and MariaDB's JSON cannot,
   * and node-postgres and mysql2 bind U+FFFD in its place, in silence; better-sqlite3 keeps it).
   * When it cannot, no stored value holds one either, so an equality with such a value matches
   * nothing and an order is restated for well-formed text (`holdableOrder`).
   */
  readonly textHoldsLoneSurrogates: boolean;
  /** How placeholders are written: `$1, $2` (numbered) or `?` (positional). */
  readonly placeholders: 'numbered' | 'positional';
  /** Why the dialect cannot read the top-level key `rawKey` (the clause is then refused), or undefined. */
  keyProblem(rawKey: string): string | undefined;
  /** Quotes an identifier (table, column, schema). */
  quoteIdent(name: string): string;
  /** The node of the top-level key `rawKey` of the JSON column `column` (already quoted). */
  field(column: string, rawKey: string, b: SqlBuilder): JsonNode;
  /** A bound integer (LIMIT, sort-key kinds). */
  intParam(value: number, b: SqlBuilder): string;
  /** A bound number compared as an IEEE double. */
  numberParam(value: number, b: SqlBuilder): string;
  /** A bound string compared as text. */
  textParam(value: string, b: SqlBuilder): string;
  /** True when a double expression is finite (JSON.parse turns 1e400 into Infinity, which is no id). */
  isFinite(expr: string): string;
  /** Text ordering in Unicode code point order. */
  orderText(expr: string): string;
  /** `matches` (all tokens present) on a string expression, `tokens` already lower-cased and non-empty. */
  matchesAll(text: string, tokens: readonly string[], b: SqlBuilder): string;
  /** `matches-phrase` on a string expression. */
  matchesPhrase(text: string, tokens: readonly string[], b: SqlBuilder): string;
  /**
   * With `toSql({ indexed: true })`: a condition implied by the clause that the dialect's
   * {@link Dialect.indexDdl} indexes can answer, ANDed in front of the exact one. Absent: the
   * dialect has no such prefilters (and `indexed` is refused).
   */
  readonly prefilter?: (p: ClausePlan, ctx: ClauseContext) => string | undefined;
  /** The statements of `indexSql` for a catalog. Absent: `indexSql` refuses the dialect. */
  readonly indexDdl?: (catalog: Catalog, target: IndexTarget) => string[];
  /** What to tell about the SQL's parameters (`$1, $2, ...`, `the ? in order`). */
  readonly placeholderNote: string;
}

/** Quotes an SQL identifier the standard way (both engines): double quotes, inner quotes doubled. */
export function quoteIdentStandard(name: string): string {
  return name.includes('"') ? '"' + name.replace(/"/g, '""') + '"' : '"' + name + '"';
}
