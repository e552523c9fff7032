import type { SqlBuilder } from './builder.js';
import { quoteIdentStandard, type Dialect, type JsonNode, type JsonType } from './dialect.js';

/** The SQLite `json_type` names of each JSON type: numbers and booleans are split in two. */
const TYPE_NAMES: Record<JsonType, string> = {
  number: `IN ('integer', 'real')`,
  string: `= 'text'`,
  boolean: `IN ('true', 'false')`,
  array: `= 'array'`,
  object: `= 'object'`,
  null: `= 'null'`,
};

/**
 * A JSON value in SQLite, as a pair of expressions: its `json_type` name and its SQL value.
 * Overrides, each for a reason:
 * - `json_type` reports `integer`/`real` and `true`/`false` separately.
 * - `json_extract` returns INTEGER for integers (exact up to 2^63), which SQLite would compare
 *   exactly with a REAL; JavaScript reads `9007199254740993` as the double `9007199254740992`,
 *   so numbers are cast to REAL first (round to nearest, like `JSON.parse`).
 * - Booleans come back as 1/0 from `json_extract`, so they are recognised by type name only.
 */
class SqliteNode implements JsonNode {
  constructor(
    private readonly type: () => string,
    private readonly value: () => string,
    private readonly each: (alias: string) => { from: string; where: string },
  ) {}

  is(type: JsonType): string {
    return `${this.type()} ${TYPE_NAMES[type]}`;
  }
  typeOrNull(): string {
    return `coalesce(${this.type()}, 'null')`;
  }
  number(): string {
    return `(CASE WHEN ${this.type()} IN ('integer', 'real') THEN CAST(${this.value()} AS REAL) END)`;
  }
  text(): string {
    return `(CASE WHEN ${this.type()} = 'text' THEN ${this.value()} END)`;
  }
  isBoolean(value: boolean, b: SqlBuilder): string {
    return `${this.type()} = ${b.param(value ? 'true' : 'false')}`;
  }
  elements(alias: string): { from: string; where: string; element: JsonNode } {
    const { from, where } = this.each(alias);
    return { from, where, element: elementNode(alias) };
  }
}

function elementNode(alias: string): JsonNode {
  return new SqliteNode(
    () => `${alias}.type`,
    () => `${alias}.value`,
    // The value of an array element is its JSON text; anything else iterates an empty array
    // (json_each would read a string element as JSON text and could fail).
    (inner) => ({ from: `json_each(CASE WHEN ${alias}.type = 'array' THEN ${alias}.value ELSE '[]' END) AS ${inner}`, where: '' }),
  );
}

/**
 * A JSON path selecting one top-level key, quoted so that any key works: `$."a.b"`, with `"`
 * and `\` escaped (SQLite 3.45+ unescapes path labels).
 */
export function sqliteKeyPath(rawKey: string): string {
  return '$."' + rawKey.replace(/["\\]/g, (c) => '\\' + c) + '"';
}

/** SQLite (3.45 or later, with the JSON functions). The JSON column holds JSON text (or JSONB). */
export const sqlite: Dialect = {
  name: 'sqlite',
  summary: 'SQLite 3.45+, the JSON column holding JSON text (needs registerSqliteFunctions for matches)',
  textHoldsNul: true,
  textHoldsLoneSurrogates: true,
  placeholders: 'positional',
  // JSON paths stop at a NUL.
  keyProblem: (rawKey) => (rawKey.includes('\u0000') ? 'the attribute name contains the NUL character' : undefined),
  quoteIdent: quoteIdentStandard,
  field(column, rawKey, b) {
    const path = sqliteKeyPath(rawKey);
    return new SqliteNode(
      () => `json_type(${column}, ${b.shared(path)})`,
      () => `json_extract(${column}, ${b.shared(path)})`,
      // json_each on a scalar yields the scalar itself and on an object its members; only arrays iterate.
      (alias) => ({ from: `json_each(${column}, ${b.shared(path)}) AS ${alias}`, where: `json_type(${column}, ${b.shared(path)}) = 'array'` }),
    );
  },
  intParam: (value, b) => b.param(value),
  numberParam: (value, b) => b.param(value),
  textParam: (value, b) => b.param(value),
  // SQLite reads the literal 9e999 as Infinity.
  isFinite: (expr) => `abs(${expr}) < 9e999`,
  // BINARY compares UTF-8 bytes: Unicode code point order.
  orderText: (expr) => `${expr} COLLATE BINARY`,
  // SQLite has no regular expressions; catq registers the tokenizer of src/text as functions
  // (registerSqliteFunctions), so matching is the evaluator's own code.
  matchesAll: (text, tokens, b) => `catq_matches(${text}, ${b.param(JSON.stringify([...new Set(tokens)]))}) = 1`,
  matchesPhrase: (text, tokens, b) => `catq_matches_phrase(${text}, ${b.param(JSON.stringify(tokens))}) = 1`,
  placeholderNote: 'the ? in order',
};
