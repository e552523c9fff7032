import type { SqlBuilder } from './builder.js';
import { quoteIdentStandard, type Dialect, type JsonNode, type JsonType } from './dialect.js';
import { pgIndexDdl } from './postgres-indexes.js';
import { isWellFormedText } from './layout/safe-text.js';
import { pgPrefilter } from './prefilter.js';
import { tokenClass, tokenPatternBody } from '../text/index.js';

/** 2^1024 - 2^970: the smallest magnitude JSON.parse rounds to Infinity (ties go to even, i.e. up). */
const DOUBLE_OVERFLOW = (2n ** 1024n - 2n ** 970n).toString();
/** 2^-1075, exactly: the largest magnitude JSON.parse rounds to zero (half the smallest subnormal; ties to even). */
const DOUBLE_UNDERFLOW = `${(5n ** 1075n).toString()}e-1075`;

/**
 * A jsonb value. Overrides, each for a reason:
 * - `jsonb_typeof` names the six JSON types directly.
 * - Numbers are read with `::float8`, the same correctly rounded decimal-to-double conversion
 *   as `JSON.parse` (jsonb keeps the exact decimal; comparing `numeric` would make
 *   `0.1000000000000000000001` differ from `0.1`, which JavaScript reads as the same double).
 *   The cast raises on non-numbers, so it always sits behind a `CASE` type guard.
 * - `->` on a non-object (array, scalar, SQL NULL) yields NULL: such items have no keys.
 */
class PgNode implements JsonNode {
  constructor(
    private readonly expr: string,
    private readonly stringExpr: string,
    private readonly b: SqlBuilder,
  ) {}

  is(type: JsonType): string {
    return `jsonb_typeof(${this.expr}) = '${type}'`;
  }
  typeOrNull(): string {
    return `coalesce(jsonb_typeof(${this.expr}), 'null')`;
  }
  number(): string {
    // jsonb may hold numbers beyond double range (1e400, 1e-400) where ::float8 raises;
    // JSON.parse rounds them to ±Infinity or 0, and so does this. The exact thresholds are
    // hundreds of digits long, so they are bound once per statement instead of spelled out.
    const e = this.expr;
    const n = `(${e})::numeric`;
    const hi = `${this.b.constant(DOUBLE_OVERFLOW)}::numeric`;
    const lo = `${this.b.constant(DOUBLE_UNDERFLOW)}::numeric`;
    return (
      `(CASE WHEN jsonb_typeof(${e}) = 'number' THEN CASE WHEN abs(${n}) >= ${hi} THEN sign(${n})::float8 * 'Infinity'::float8` +
      ` WHEN abs(${n}) <= ${lo} THEN 0::float8 ELSE (${e})::float8 END END)`
    );
  }
  text(): string {
    return `(CASE WHEN jsonb_typeof(${this.expr}) = 'string' THEN ${this.stringExpr} END)`;
  }
  isBoolean(value: boolean, b: SqlBuilder): string {
    return `${this.expr} = ${b.param(value ? 'true' : 'false')}::jsonb`;
  }
  elements(alias: string): { from: string; where: string; element: JsonNode } {
    // jsonb_array_elements raises on a non-array, so the argument is made an empty array first.
    const from = `jsonb_array_elements(CASE WHEN jsonb_typeof(${this.expr}) = 'array' THEN ${this.expr} ELSE '[]'::jsonb END) AS ${alias}(v)`;
    return { from, where: '', element: new PgNode(`${alias}.v`, `(${alias}.v #>> '{}')`, this.b) };
  }
}

let run: string | undefined;
/** The pattern of one token of the shared tokenizer: a maximal run of the token class. */
function tokenRun(): string {
  return (run ??= tokenClass() + '+');
}

/** PostgreSQL (12 or later; tested on PostgreSQL 18 through PGlite). The JSON column is `jsonb`. */
export const postgres: Dialect = {
  name: 'postgres',
  summary: 'PostgreSQL 12+, the JSON column of type jsonb',
  // PostgreSQL text cannot hold NUL: binding one fails, so such clauses are refused up front.
  textHoldsNul: false,
  textHoldsLoneSurrogates: false,
  placeholders: 'numbered',
  // A key is bound as text, which cannot hold NUL.
  keyProblem: (rawKey) => (rawKey.includes('\u0000') ? 'the attribute name contains the NUL character' : undefined),
  quoteIdent: quoteIdentStandard,
  field(column, rawKey, b) {
    // jsonb holds no key with a lone surrogate, and a driver would bind U+FFFD in its place (and
    // read the key "k\ufffd" for "k\ud800"): such an attribute is missing from every item.
    if (!isWellFormedText(rawKey)) return new PgNode('NULL::jsonb', 'NULL::text', b);
    // The key is a bound parameter too: raw attribute names may hold quotes, dots, `$`, ...
    const key = `${b.constant(rawKey)}::text`;
    return new PgNode(`(${column} -> ${key})`, `(${column} ->> ${key})`, b);
  },
  intParam: (value, b) => `${b.param(value)}::int`,
  numberParam: (value, b) => `${b.param(value)}::float8`,
  textParam: (value, b) => `${b.param(value)}::text`,
  isFinite: (expr) => `${expr} NOT IN ('Infinity'::float8, '-Infinity'::float8)`,
  // The default collation of a database follows its locale; "C" compares UTF-8 bytes, which is
  // Unicode code point order (docs/semantics.md section 3).
  orderText: (expr) => `${expr} COLLATE "C"`,
  // The item text is cut into tokens on the server by the token class (one bound pattern, shared
  // by every clause of the statement); each query token is compared with whole item tokens by a
  // small anchored pattern (its characters' case preimages): pattern size is linear in the
  // token, never the 5.6 kB class per token (see docs/sql.md).
  matchesAll(text, tokens, b) {
    const parts: string[] = [];
    for (const t of new Set(tokens)) {
      const body = tokenPatternBody(t);
      if (body === undefined) return 'FALSE';
      parts.push(`EXISTS (SELECT 1 FROM regexp_matches(${text}, ${b.shared(tokenRun())}::text, 'g') AS catq_m(t) WHERE catq_m.t[1] ~ ${b.shared('^' + body + '$')}::text)`);
    }
    return parts.join(' AND ');
  },
  matchesPhrase(text, tokens, b) {
    const bodies: string[] = [];
    for (const t of tokens) {
      const body = tokenPatternBody(t);
      if (body === undefined) return 'FALSE';
      bodies.push(body);
    }
    const toks = `(SELECT array_agg(catq_m.t[1] ORDER BY catq_m.o) FROM regexp_matches(${text}, ${b.shared(tokenRun())}::text, 'g') WITH ORDINALITY AS catq_m(t, o))`;
    const at = (j: number) => (j === 0 ? 'catq_p.toks[catq_s.i]' : `catq_p.toks[catq_s.i + ${j}]`);
    const tests = bodies.map((body, j) => `${at(j)} ~ ${b.shared('^' + body + '$')}::text`);
    return (
      `EXISTS (SELECT 1 FROM (SELECT ${toks} AS toks) AS catq_p, generate_series(1, coalesce(cardinality(catq_p.toks), 0) - ${b.param(bodies.length - 1)}::int) AS catq_s(i)` +
      ` WHERE ${tests.join(' AND ')})`
    );
  },
  prefilter: pgPrefilter,
  indexDdl: (catalog, target) => pgIndexDdl(postgres, catalog, target),
  placeholderNote: '$1, $2, ...',
};
