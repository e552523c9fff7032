import type { SqlBuilder } from './builder.js';

/** The SQL dialects catq compiles to. */
export type DialectName = 'postgres' | 'sqlite';

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

/**
 * What differs between PostgreSQL and SQLite. Each override lives in postgres.ts or sqlite.ts
 * with a comment saying why it differs; everything else (the meaning of each operator) is
 * written once in compile-clause.ts against this interface.
 */
export interface Dialect {
  readonly name: DialectName;
  /** Whether a text value may contain U+0000 (PostgreSQL text and jsonb strings cannot). */
  readonly textHoldsNul: boolean;
  /** How placeholders are written: `$1, $2` (numbered) or `?` (positional). */
  readonly placeholders: 'numbered' | 'positional';
  /** Quotes an identifier (table, column, schema). */
  quoteIdent(name: string): string;
  /** The node of the top-level key `rawKey` of the JSON column `column` (already quoted). */
  field(column: string, rawKey: string, b: SqlBuilder): JsonNode;
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
}

/** Quotes an SQL identifier the standard way (both engines): double quotes, inner quotes doubled. */
export function quoteIdentStandard(name: string): string {
  return name.includes('"') ? '"' + name.replace(/"/g, '""') + '"' : '"' + name + '"';
}
