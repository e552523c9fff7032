import { assertNever } from '../ast/index.js';
import type { Catalog } from '../catalog/index.js';
import type { ClausePlan } from '../check/index.js';
import { fnv1a } from '../text/hash.js';
import { SqlBuilder } from './builder.js';
import type { ClauseContext } from './compile-clause.js';
import type { Dialect, IndexTarget, JsonNode, JsonType } from './dialect.js';
import { holdableOrder, isWellFormedText } from './layout/safe-text.js';
import { phraseRegex, separatorRegex, spacedPhraseRegex, wholeTokenRegex } from './text-match.js';

/** The `JSON_TYPE` names of each JSON type (MySQL adds DECIMAL and UNSIGNED INTEGER to MariaDB's two). */
const TYPE_NAMES: Record<JsonType, string> = {
  number: `IN ('INTEGER', 'DOUBLE', 'DECIMAL', 'UNSIGNED INTEGER')`,
  string: `= 'STRING'`,
  boolean: `= 'BOOLEAN'`,
  array: `= 'ARRAY'`,
  object: `= 'OBJECT'`,
  null: `= 'NULL'`,
};

/** The largest double: MySQL and MariaDB read a JSON number beyond it (`1e400`) as ±this, never as an infinity. */
const MAX_DOUBLE = '1.7976931348623157e308';

/**
 * A JSON value in MySQL / MariaDB: an expression of JSON text (`JSON_EXTRACT`, or a column of
 * `JSON_TABLE`). Overrides, each for a reason:
 * - `JSON_TYPE` names types in capitals and splits numbers by representation.
 * - Numbers are read with `CAST(... AS DOUBLE)` from their JSON text: the correctly rounded
 *   decimal-to-double conversion of `JSON.parse` (a DECIMAL or integer comparison would make
 *   `9007199254740993` differ from `9007199254740992`, which JavaScript reads as the same double).
 * - Strings come out of `JSON_UNQUOTE`, and compare as `BINARY`: UTF-8 bytes, i.e. code point
 *   order, without the trailing-space padding of `utf8mb4_bin` (`'a' = 'a '` is true there).
 * - Booleans are recognised by type and their JSON text.
 */
class MysqlNode implements JsonNode {
  constructor(private readonly expr: string) {}

  is(type: JsonType): string {
    return `JSON_TYPE(${this.expr}) ${TYPE_NAMES[type]}`;
  }
  typeOrNull(): string {
    return `coalesce(lower(JSON_TYPE(${this.expr})), 'null')`;
  }
  number(): string {
    return `(CASE WHEN ${this.is('number')} THEN CAST(JSON_UNQUOTE(${this.expr}) AS DOUBLE) END)`;
  }
  text(): string {
    return `(CASE WHEN ${this.is('string')} THEN JSON_UNQUOTE(${this.expr}) END)`;
  }
  isBoolean(value: boolean, b: SqlBuilder): string {
    return `(${this.is('boolean')} AND JSON_UNQUOTE(${this.expr}) = ${b.param(value ? 'true' : 'false')})`;
  }
  elements(alias: string): { from: string; where: string; element: JsonNode } {
    // JSON_TABLE over the array; anything else iterates an empty array (no rows).
    const from = `JSON_TABLE(CASE WHEN ${this.is('array')} THEN ${this.expr} ELSE '[]' END, '$[*]' COLUMNS (v JSON PATH '$')) AS ${alias}`;
    return { from, where: '', element: new MysqlNode(`${alias}.v`) };
  }
}

/**
 * A JSON path selecting one top-level key, quoted so that any key works: `$."a.b"`. The key is
 * written as `JSON.stringify` writes it, escapes included (`\n`, `\u0001`): MariaDB compares a
 * path's key with the stored key's JSON text as written, without decoding escapes, so a key is
 * found when the item was serialised the way JSON.stringify does (MySQL's binary JSON decodes
 * both, so the same path works there).
 */
export function mysqlKeyPath(rawKey: string): string {
  return '$.' + JSON.stringify(rawKey);
}

/** Text as `utf8mb4` with a binary collation: case-sensitive `REGEXP` over code points (PCRE2 on MariaDB). */
function regexpSubject(text: string): string {
  return `CONVERT(${text} USING utf8mb4) COLLATE utf8mb4_bin`;
}

function quoteIdent(name: string): string {
  return '`' + name.replace(/`/g, '``') + '`';
}

/**
 * MySQL 8.0.17+ and MariaDB 10.6+ (tested on MariaDB 10.11 through mysql2). The JSON column is
 * `JSON` (MariaDB: `LONGTEXT` checked by `JSON_VALID`) in `utf8mb4`. `matches` and
 * `matches-phrase` are `REGEXP` with the patterns PostgreSQL uses (literal characters only, read
 * the same by MariaDB's PCRE2). One documented difference from the evaluator: a stored number
 * beyond the double range (`1e400`, which JavaScript reads as Infinity) reads as ±1.7976931348623157e308,
 * so it is not a listed id, and it differs from JavaScript only when compared with exactly
 * ±Number.MAX_VALUE.
 */
export const mysql: Dialect = {
  name: 'mysql',
  summary: 'MySQL 8.0.17+ / MariaDB 10.6+, the JSON column of type JSON in utf8mb4',
  // NUL is an ordinary character in utf8mb4 text and in bound strings.
  textHoldsNul: true,
  // mysql2 sends a bound lone surrogate as U+FFFD (execute and query alike: UTF-8 encoding
  // replaces it), and MariaDB's JSON column refuses a document holding one (`"\ud800"` fails
  // JSON_VALID). So no stored value holds a lone surrogate, and one in a query value must not be
  // bound: `= "\ud800"` would match a stored U+FFFD (docs/sql.md, "Lone surrogates").
  textHoldsLoneSurrogates: false,
  placeholders: 'positional',
  // MariaDB's JSON path parser finds no quoted key that starts with `-` (`$."-a"` is NULL on
  // `{"-a": 1}`), and a NUL ends a path: such attributes are refused rather than read as missing.
  keyProblem: (rawKey) =>
    rawKey.includes('\u0000')
      ? 'the attribute name contains the NUL character'
      : rawKey.startsWith('-')
        ? 'MariaDB JSON paths cannot name a key that starts with "-"'
        : undefined,
  quoteIdent,
  field(column, rawKey, b) {
    // No stored document has a key with a lone surrogate (the JSON column refuses it), and
    // MariaDB's path parser refuses its `\ud800` escape (a warning and NULL in a query; in a
    // generated column of indexSql, an error that failed every INSERT). Such an attribute is
    // missing from every item: read nothing.
    if (!isWellFormedText(rawKey)) return new MysqlNode('NULL');
    // The key path is a bound parameter too: raw attribute names may hold quotes, dots, `*`, ...
    // MariaDB's optimizer compares two string constants in the connection's collation (case and
    // accent blind), so the conditions of two clauses on `Brand` and `brand` looked like one
    // expression: one was dropped as a repeat, or the pair read as a contradiction. Leading
    // blanks, which the path parser skips, keep each distinct key's path distinct in any collation.
    return new MysqlNode(`JSON_EXTRACT(${column}, ${b.shared(' '.repeat(b.ordinal(rawKey)) + mysqlKeyPath(rawKey))})`);
  },
  intParam: (value, b) => b.param(value),
  numberParam: (value, b) => `CAST(${b.param(value)} AS DOUBLE)`,
  textParam: (value, b) => `CAST(${b.param(value)} AS BINARY)`,
  isFinite: (expr) => `abs(${expr}) < ${MAX_DOUBLE}`,
  orderText: (expr) => `CAST(${expr} AS BINARY)`,
  matchesAll(text, tokens, b) {
    const parts: string[] = [];
    for (const t of new Set(tokens)) {
      const re = wholeTokenRegex(t);
      if (re === undefined) return 'FALSE';
      parts.push(`${regexpSubject(text)} REGEXP ${b.param(re)}`);
    }
    return `(${parts.join(' AND ')})`;
  },
  matchesPhrase(text, tokens, b) {
    if (tokens.length < 2) {
      const re = phraseRegex(tokens);
      return re === undefined ? 'FALSE' : `${regexpSubject(text)} REGEXP ${b.param(re)}`;
    }
    // Separators first become one space each, so the token class is written once, not between
    // every two words (MariaDB refuses a REGEXP of 20 words written with the class between them).
    const re = spacedPhraseRegex(tokens);
    if (re === undefined) return 'FALSE';
    const spaced = `REGEXP_REPLACE(${regexpSubject(text)}, ${b.shared(separatorRegex())}, ' ')`;
    return `${regexpSubject(spaced)} REGEXP ${b.param(re)}`;
  },
  prefilter: (p, ctx) => mysqlPrefilter(p, ctx),
  indexDdl: (catalog, target) => mysqlIndexDdl(catalog, target),
  placeholderNote: 'the ? in order',
};

/** A short, stable, collision-resistant name part. */
function slug(name: string): string {
  return `${name.toLowerCase().replace(/[^a-z0-9]+/g, '_').slice(0, 20)}_${fnv1a(name).toString(16).padStart(8, '0')}`;
}

/**
 * A string literal (only attribute names reach it, in generated-column expressions, which cannot
 * take parameters), read the same under every `sql_mode`: a backslash or NUL (whose meaning in a
 * literal `NO_BACKSLASH_ESCAPES` changes) is written as `CHAR(n USING utf8mb4)` between literal
 * pieces, never inside a literal. (A hex literal `_utf8mb4 X'..'` reads right in a query but, in
 * a stored generated column on MariaDB under NO_BACKSLASH_ESCAPES, gave NULL: tested.)
 */
function literal(value: string): string {
  const pieces = value.split(/([\\\u0000])/);
  if (pieces.length === 1) return `'${value.replace(/'/g, "''")}'`;
  const parts = pieces.filter((p) => p !== '').map((p) => (p === '\\' ? 'CHAR(92 USING utf8mb4)' : p === '\u0000' ? 'CHAR(0 USING utf8mb4)' : `'${p.replace(/'/g, "''")}'`));
  return `CONCAT(${parts.join(', ')})`;
}

/** Writes literals where the compiler binds parameters: a generated column's expression cannot hold a parameter. */
class LiteralBuilder extends SqlBuilder {
  override param(value: string | number | null): string {
    return typeof value === 'number' ? String(value) : value === null ? 'NULL' : literal(value);
  }
  override shared(value: string): string {
    return literal(value);
  }
  // One key per generated column's expression: nothing to tell apart.
  override ordinal(): number {
    return 0;
  }
}

/** The generated column of {@link mysqlIndexDdl} holding an attribute's number (`n`) or binary text (`s`). */
function generatedColumn(kind: 'n' | 's', attribute: string): string {
  return quoteIdent(`catq_${kind}_${slug(attribute)}`.slice(0, 64));
}

/**
 * With `indexed: true`: the clause written on the generated column of its attribute, which holds
 * the very expression the exact condition reads, so the optimizer can use the column's index
 * (MariaDB does not match an expression to a generated column by itself).
 */
function mysqlPrefilter(p: ClausePlan, ctx: ClauseContext): string | undefined {
  if (p.kind !== 'test' || p.shape !== 'one') return undefined;
  // No stored item has a key with a lone surrogate (mysql.field reads it as missing, and
  // mysqlIndexDdl writes no column for it): no value test on it holds.
  if (!isWellFormedText(p.rawKey)) return 'FALSE';
  const { dialect: d, builder: b } = ctx;
  const t = p.test;
  const type = p.attribute.Type;
  const isText = type === 'String' || type === 'Text';
  switch (t.kind) {
    case 'number-in':
      return type === 'Number' ? `${generatedColumn('n', p.rawKey)} IN (${t.values.map((v) => d.numberParam(v, b)).join(', ')})` : undefined;
    case 'number-order':
      return type === 'Number' ? `${generatedColumn('n', p.rawKey)} ${t.op} ${d.numberParam(t.value, b)}` : undefined;
    case 'string-in': {
      if (!isText) return undefined;
      // As in the exact condition: a value with a lone surrogate equals no stored value (bound, it
      // would be U+FFFD: only a wider condition here, but pointless).
      const values = t.values.filter(isWellFormedText);
      return values.length ? `${generatedColumn('s', p.rawKey)} IN (${values.map((v) => d.textParam(v, b)).join(', ')})` : 'FALSE';
    }
    case 'string-order': {
      if (!isText) return undefined;
      // Restated for well-formed text, as in the exact condition (`> "\ud800"` is `>= "\ue000"`, not `> U+FFFD`).
      const o = holdableOrder(t.op, t.value, true);
      return `${generatedColumn('s', p.rawKey)} ${o.op} ${d.textParam(o.value, b)}`;
    }
    case 'boolean-in':
    case 'id-in':
    case 'element-in':
    case 'text':
      return undefined;
    default:
      return assertNever(t, 'value test');
  }
}

/**
 * Stored generated columns with B-tree indexes for the attributes of cardinality One: the
 * numeric value of Number attributes and the binary text (first 255 bytes, an index prefix) of
 * String and Text attributes, for lookups and range scans written against those columns.
 */
function mysqlIndexDdl(catalog: Catalog, target: IndexTarget): string[] {
  const b = new LiteralBuilder();
  const out: string[] = [];
  const seen = new Set<string>();
  for (const attr of catalog.SearchableAttributes ?? []) {
    // A name no stored item can have (a lone surrogate) gets no column: mysqlPrefilter says FALSE for it.
    if (attr.Cardinality !== 'One' || seen.has(attr.Attribute) || mysql.keyProblem(attr.Attribute) !== undefined || !isWellFormedText(attr.Attribute)) continue;
    seen.add(attr.Attribute);
    const node = mysql.field(target.column, attr.Attribute, b);
    const col = (kind: 'n' | 's') => generatedColumn(kind, attr.Attribute);
    if (attr.Type === 'Number') {
      out.push(`ALTER TABLE ${target.table} ADD COLUMN IF NOT EXISTS ${col('n')} DOUBLE AS (${node.number()}) STORED`);
      out.push(`CREATE INDEX IF NOT EXISTS ${col('n')} ON ${target.table} (${col('n')})`);
    }
    if (attr.Type === 'String' || attr.Type === 'Text') {
      out.push(`ALTER TABLE ${target.table} ADD COLUMN IF NOT EXISTS ${col('s')} LONGBLOB AS (${mysql.orderText(node.text())}) STORED`);
      out.push(`CREATE INDEX IF NOT EXISTS ${col('s')} ON ${target.table} (${col('s')}(255))`);
    }
  }
  return out;
}
