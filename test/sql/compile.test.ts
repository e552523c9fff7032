/**
 * The SQL text of each dialect side by side for representative clauses (so a change in the
 * generated SQL is a visible diff), the parameters, and the failures: invalid queries and
 * options throw QueryError with codes, and clauses outside the rules are refused, never dropped.
 */
import { describe, expect, it } from 'vitest';
import { clause, query, type Clause } from '../../src/ast/index.js';
import type { Catalog, SearchableAttribute } from '../../src/catalog/index.js';
import { isQueryError } from '../../src/diagnostics/index.js';
import { SqlBuilder } from '../../src/sql/builder.js';
import { compileClause } from '../../src/sql/compile-clause.js';
import { sqlite } from '../../src/sql/sqlite.js';
import { DIALECT_NAMES, listSql, toSql, type SqlOptions } from '../../src/sql/index.js';
import type { ClausePlan } from '../../src/check/index.js';

const catalog: Catalog = {
  Id: 100,
  Name: 'compile',
  Type: 'Product',
  Aliases: { Id: 'id', Brand: { Id: 'brand_id', Name: 'brand' } },
  SearchableAttributes: [
    { Attribute: 'id', Type: 'Referenced', Cardinality: 'One', ReferenceId: 100 },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'sizes', Type: 'Number', Cardinality: 'Many' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'meta', Type: 'Object', Cardinality: 'One' },
  ],
};

function codesOf(f: () => unknown): string[] {
  try {
    f();
  } catch (e) {
    if (isQueryError(e)) return e.diagnostics.map((d) => d.code);
    throw e;
  }
  return [];
}

/** The exact doubles thresholds (2^1024 - 2^970 and 2^-1075) bound by the postgres number reader. */
const DOUBLE_OVERFLOW = (2n ** 1024n - 2n ** 970n).toString();
const DOUBLE_UNDERFLOW = `${(5n ** 1075n).toString()}e-1075`;

describe('generated SQL, dialect by dialect', () => {
  it('Number One equality', () => {
    const q = query([clause('=', 'price', 5)]);
    expect(toSql(q, catalog, { dialect: 'postgres' })).toEqual({
      sql: `SELECT "data" FROM "items" WHERE ((CASE WHEN jsonb_typeof(("data" -> $1::text)) = 'number' THEN CASE WHEN abs((("data" -> $1::text))::numeric) >= $2::numeric THEN sign((("data" -> $1::text))::numeric)::float8 * 'Infinity'::float8 WHEN abs((("data" -> $1::text))::numeric) <= $3::numeric THEN 0::float8 ELSE (("data" -> $1::text))::float8 END END) = $4::float8)`,
      where: `((CASE WHEN jsonb_typeof(("data" -> $1::text)) = 'number' THEN CASE WHEN abs((("data" -> $1::text))::numeric) >= $2::numeric THEN sign((("data" -> $1::text))::numeric)::float8 * 'Infinity'::float8 WHEN abs((("data" -> $1::text))::numeric) <= $3::numeric THEN 0::float8 ELSE (("data" -> $1::text))::float8 END END) = $4::float8)`,
      params: ['price', DOUBLE_OVERFLOW, DOUBLE_UNDERFLOW, 5],
    });
    expect(toSql(q, catalog, { dialect: 'sqlite' })).toEqual({
      sql: `SELECT "data" FROM "items" WHERE ((CASE WHEN json_type("data", ?) IN ('integer', 'real') THEN CAST(json_extract("data", ?) AS REAL) END) = ?)`,
      where: `((CASE WHEN json_type("data", ?) IN ('integer', 'real') THEN CAST(json_extract("data", ?) AS REAL) END) = ?)`,
      params: ['$."price"', '$."price"', 5],
    });
  });

  it('String range in code point order, through an alias path', () => {
    const q = query([clause('<', 'Brand.Name', 'm')]);
    expect(toSql(q, catalog, { dialect: 'postgres' }).where).toBe(
      `((CASE WHEN jsonb_typeof(("data" -> $1::text)) = 'string' THEN ("data" ->> $1::text) END) COLLATE "C" < $2::text)`,
    );
    expect(toSql(q, catalog, { dialect: 'sqlite' }).where).toBe(
      `((CASE WHEN json_type("data", ?) = 'text' THEN json_extract("data", ?) END) COLLATE BINARY < ?)`,
    );
  });

  it('Many: the bare value or any element', () => {
    const q = query([clause('>=', 'sizes', 40)]);
    expect(toSql(q, catalog, { dialect: 'postgres' }).where).toBe(
      `(((CASE WHEN jsonb_typeof(("data" -> $1::text)) = 'number' THEN CASE WHEN abs((("data" -> $1::text))::numeric) >= $2::numeric THEN sign((("data" -> $1::text))::numeric)::float8 * 'Infinity'::float8 WHEN abs((("data" -> $1::text))::numeric) <= $3::numeric THEN 0::float8 ELSE (("data" -> $1::text))::float8 END END) >= $4::float8 OR EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(("data" -> $1::text)) = 'array' THEN ("data" -> $1::text) ELSE '[]'::jsonb END) AS catq_e1(v) WHERE (CASE WHEN jsonb_typeof(catq_e1.v) = 'number' THEN CASE WHEN abs((catq_e1.v)::numeric) >= $2::numeric THEN sign((catq_e1.v)::numeric)::float8 * 'Infinity'::float8 WHEN abs((catq_e1.v)::numeric) <= $3::numeric THEN 0::float8 ELSE (catq_e1.v)::float8 END END) >= $5::float8)))`,
    );
    expect(toSql(q, catalog, { dialect: 'sqlite' }).where).toBe(
      `(((CASE WHEN json_type("data", ?) IN ('integer', 'real') THEN CAST(json_extract("data", ?) AS REAL) END) >= ? OR EXISTS (SELECT 1 FROM json_each("data", ?) AS catq_e1 WHERE json_type("data", ?) = 'array' AND (CASE WHEN catq_e1.type IN ('integer', 'real') THEN CAST(catq_e1.value AS REAL) END) >= ?)))`,
    );
  });

  it('Referenced: canonical text, and the number when the text round-trips', () => {
    const pg = toSql(query([clause('one-of', 'id', [5, '5.0', '07'])]), catalog, { dialect: 'postgres' });
    // Every candidate as text; only "5" (which round-trips) also as the number 5.
    expect(pg.params).toEqual(['id', '5', '5.0', '07', DOUBLE_OVERFLOW, DOUBLE_UNDERFLOW, 5]);
    expect(pg.where).toContain(`= $4::text OR (CASE WHEN jsonb_typeof(("data" -> $1::text)) = 'number'`);
  });

  it('present? ignores the type; the empty query is TRUE', () => {
    expect(toSql(query([clause('present?', 'meta', false)]), catalog, { dialect: 'postgres' }).where).toBe(
      `(coalesce(jsonb_typeof(("data" -> $1::text)), 'null') = 'null')`,
    );
    expect(toSql(query([]), catalog, { dialect: 'sqlite' })).toEqual({ sql: `SELECT "data" FROM "items" WHERE TRUE`, where: 'TRUE', params: [] });
  });

  it('matches: the item\'s tokens, each compared with a small anchored pattern per query token (postgres), a registered function (sqlite)', () => {
    const q = query([clause('matches', 'title', 'Red & SHOE red')]);
    const pg = toSql(q, catalog, { dialect: 'postgres' });
    expect(pg.where).toMatch(/^\(EXISTS \(SELECT 1 FROM regexp_matches\(\(CASE .* END\), \$2::text, 'g'\) AS catq_m\(t\) WHERE catq_m\.t\[1\] ~ \$3::text\) AND EXISTS .* ~ \$4::text\)\)$/);
    expect(pg.params.slice(2)).toEqual(['^[Rr][Ee][Dd]$', '^[Ss][Hh][Oo][Ee]$']);
    const lite = toSql(q, catalog, { dialect: 'sqlite' });
    expect(lite.where).toBe(`(catq_matches((CASE WHEN json_type("data", ?) = 'text' THEN json_extract("data", ?) END), ?) = 1)`);
    expect(lite.params[2]).toBe('["red","shoe"]');
  });

  it('schema-qualified table and odd column names are quoted', () => {
    const s = toSql(query([]), catalog, { dialect: 'postgres', table: ['my "schema"', 'it;ems'], column: 'da"ta' });
    expect(s.sql).toBe(`SELECT "da""ta" FROM "my ""schema"""."it;ems" WHERE TRUE`);
  });

  it('listSql: keyset condition, no OFFSET, limit + 1 rows', () => {
    const l = listSql(query([]), catalog, { 'boundary-id': 'k', comparison: '<', limit: 2 }, { dialect: 'sqlite' });
    expect(l.sql).not.toMatch(/OFFSET/i);
    expect(l.sql).toMatch(/\) < \(\?, \?, \?\) ORDER BY .* DESC LIMIT \?\) AS catq_page ORDER BY catq_k0, catq_k1, catq_k2$/);
    const k = l.params.indexOf('k');
    expect(l.params.slice(k - 2, k + 1)).toEqual([1, 0, 'k']);
    expect(l.params[l.params.length - 1]).toBe(3);
    expect(l.scan).toBe('desc');
    expect(listSql(query([]), catalog, { 'boundary-id': '5' }, { dialect: 'sqlite', numericStrings: true }).listing.boundary).toBe(5);
    expect(listSql(query([]), catalog, { 'boundary-id': '5' }, { dialect: 'sqlite', numericStrings: false }).listing.boundary).toBe('5');
    // Without the option: parameters that are all strings read like a URL's, typed ones keep the string.
    expect(listSql(query([]), catalog, { 'boundary-id': '5' }, { dialect: 'sqlite' }).listing.boundary).toBe(5);
    expect(listSql(query([]), catalog, { 'boundary-id': '5', limit: 5 }, { dialect: 'sqlite' }).listing.boundary).toBe('5');
    expect(l.otherSide?.sql).toMatch(/^SELECT EXISTS \(.*\) >= \(\?, \?, \?\)\) AS other$/);
  });
});

describe('failures', () => {
  it('an invalid query throws QueryError with the validator codes', () => {
    expect(codesOf(() => toSql(query([clause('=', 'nope', 1), clause('=', 'price', '5')]), catalog, { dialect: 'postgres' }))).toEqual([
      'schema/unknown-field',
      'schema/type-mismatch',
    ]);
    expect(codesOf(() => listSql(query([]), catalog, { limit: 0 }, { dialect: 'postgres' }))).toEqual(['listing/limit-out-of-range']);
  });

  it('bad options throw sql/bad-option, one per problem', () => {
    const bad = { dialect: 'oracle', table: '', column: 'a\u0000b' } as unknown as SqlOptions;
    expect(codesOf(() => toSql(query([]), catalog, bad))).toEqual(['sql/bad-option', 'sql/bad-option', 'sql/bad-option']);
    expect(codesOf(() => toSql(query([]), catalog, { dialect: 'sqlite', indexed: true }))).toEqual(['sql/bad-option']);
  });

  it('a bad option\'s message says what it must be and what was given', () => {
    const messages = (options: unknown): string[] => {
      try {
        toSql(query([]), catalog, options as SqlOptions);
      } catch (e) {
        if (isQueryError(e)) return e.diagnostics.map((d) => d.message);
        throw e;
      }
      return [];
    };
    expect(messages({ dialect: 'postgresql' })).toEqual(['Invalid option "dialect": it must be "postgres", "sqlite" or "mysql", but it is the string "postgresql".']);
    expect(messages({})).toEqual(['Invalid option "dialect": it must be "postgres", "sqlite" or "mysql", but it is missing.']);
    expect(messages({ dialect: 'mysql', indexed: 'yes', table: ['a', 'b', 'c'] })).toEqual([
      'Invalid option "table": it must be a table name or [schema, table], but it is an array.',
      'Invalid option "indexed": it must be true or false, but it is the string "yes".',
    ]);
    expect(messages({ dialect: 'sqlite', column: 7 })).toEqual(['Invalid option "column": it must be a string, but it is the number 7.']);
  });

  it('NUL: refused in PostgreSQL text (which cannot hold it) and in keys; bound as is on SQLite', () => {
    const q = query([clause('=', 'brand', 'a\u0000b')]);
    expect(codesOf(() => toSql(q, catalog, { dialect: 'postgres' }))).toEqual(['sql/unsupported']);
    expect(toSql(q, catalog, { dialect: 'sqlite' }).params).toContain('a\u0000b');
    expect(codesOf(() => listSql(query([]), catalog, { 'boundary-id': '\u0000' }, { dialect: 'postgres' }))).toEqual(['sql/unsupported']);
    const nulKey: SearchableAttribute = { Attribute: 'a\u0000b', Type: 'String', Cardinality: 'One' };
    const plan: ClausePlan = { index: 0, clause: clause('=', 'a\u0000b', 'x'), attribute: nulKey, rawKey: nulKey.Attribute, kind: 'test', shape: 'one', test: { kind: 'string-in', values: ['x'] } };
    const out = compileClause(plan, { dialect: sqlite, builder: new SqlBuilder(), column: '"data"', alias: () => 'e' });
    expect('error' in out && out.error.code).toBe('sql/unsupported');
  });

  it('clauses outside the rules are refused with the validator\'s errors, never dropped or made TRUE', () => {
    const cat: Catalog = {
      ...catalog,
      SearchableAttributes: [
        { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
        { Attribute: 'meta', Type: 'Object', Cardinality: 'One' },
        { Attribute: 'a', Type: 'Array', Cardinality: 'One' },
      ],
    };
    const bad: Clause[] = [
      clause('=', 'price', 'five'),
      clause('<', 'price', true),
      clause('one-of', 'price', []),
      clause('present?', 'price', 1),
      clause('matches', 'price', 'x'),
      clause('=', 'meta', {}),
      clause('=', 'a', null),
      clause('one-of', 'a', [1, null]),
    ];
    for (const dialect of DIALECT_NAMES) {
      for (const c of bad) {
        const codes = codesOf(() => toSql(query([c]), cat, { dialect }));
        expect(codes.length).toBeGreaterThan(0);
        expect(codes.every((code) => code.startsWith('schema/'))).toBe(true);
      }
    }
  });
});
