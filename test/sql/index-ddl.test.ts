/**
 * indexSql: the DDL applies on PostgreSQL, the planner uses each index for the queries it is
 * meant for (EXPLAIN names it), and results with `indexed: true` equal those without.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clause, query, type Query } from '../../src/ast/index.js';
import type { Catalog } from '../../src/catalog/index.js';
import { isQueryError } from '../../src/diagnostics/index.js';
import { indexSql, listSql, toSql } from '../../src/sql/index.js';
import { tokenize } from '../../src/text/index.js';
import type { PGlite } from '@electric-sql/pglite';
import { freshPglite } from '../support/pglite.js';

const catalog: Catalog = {
  Id: 100,
  Name: 'bench',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 'id', Type: 'Referenced', Cardinality: 'One', ReferenceId: 100 },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: "brand's \"name\"", Type: 'String', Cardinality: 'One' },
    { Attribute: 'tags', Type: 'String', Cardinality: 'Many' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
  ],
};
const BRAND = "brand's \"name\"";

let pg: PGlite;
beforeAll(async () => {
  pg = freshPglite();
  await pg.exec('CREATE TABLE items (data jsonb)');
  await pg.query(
    `INSERT INTO items SELECT jsonb_build_object('id', g, 'price', g % 1000, $1::text, 'b' || (g % 500), 'tags', jsonb_build_array('t' || (g % 300)), 'title', 'Red ΣΟΦΙΑΣ shoe İstanbul number ' || g) FROM generate_series(1, 3000) g`,
    [BRAND],
  );
  await pg.exec(indexSql(catalog, { table: 'items' }).sql);
  await pg.exec('ANALYZE items');
});
afterAll(async () => {
  await pg.close();
});

async function plan(sql: string, params: readonly unknown[]): Promise<string> {
  const r = await pg.query<Record<string, string>>('EXPLAIN ' + sql, [...params]);
  return r.rows.map((x) => x['QUERY PLAN']).join('\n');
}

const cases: [string, Query, RegExp][] = [
  ['equality (Number One, B-tree)', query([clause('=', 'price', 5)]), /Index Scan on catq_items_\w+_n_price/],
  ['one-of (String One, B-tree)', query([clause('one-of', BRAND, ['b1', 'b2'])]), /Index Scan on catq_items_\w+_s_brand_s_name/],
  ['range (Number One, B-tree)', query([clause('<', 'price', 3)]), /Index Scan on catq_items_\w+_n_price/],
  ['equality (String Many, GIN containment)', query([clause('=', 'tags', 't5')]), /Index Scan on catq_items_\w+_json/],
  ['matches (Text, GIN token array)', query([clause('matches', 'title', 'number 77')]), /Index Scan on catq_items_\w+_t_title/],
  ['matches-phrase (Text, GIN token array)', query([clause('matches-phrase', 'title', 'İSTANBUL number 77')]), /Index Scan on catq_items_\w+_t_title/],
];

describe('indexSql', () => {
  it.each(cases)('EXPLAIN uses the index: %s', async (_name, q, re) => {
    const s = toSql(q, catalog, { dialect: 'postgres', indexed: true });
    expect(await plan(s.sql, s.params)).toMatch(re);
    const plain = toSql(q, catalog, { dialect: 'postgres' });
    const a = (await pg.query(s.sql, [...s.params])).rows;
    const b = (await pg.query(plain.sql, [...plain.params])).rows;
    expect(a.length).toBeGreaterThan(0);
    expect(a).toEqual(b);
  });

  it('keyset listing uses the id index', async () => {
    const l = listSql(query([]), catalog, { 'boundary-id': 500, limit: 10 }, { dialect: 'postgres' });
    expect(await plan(l.sql, l.params)).toMatch(/Index Scan using catq_items_\w+_id/);
  });

  it('catq_tokens equals tokenize (final sigma folded) on every token character', async () => {
    // Every token character, upper and lower case, in words of 40 separated by a space.
    const chars: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      if (/[\p{L}\p{M}\p{Nd}]/u.test(c)) chars.push(c);
    }
    const words: string[] = [];
    for (let i = 0; i < chars.length; i += 40) words.push(chars.slice(i, i + 40).join(''));
    const text = words.join(' ') + ' ΟΔΟΣ ΣΑΣ Σ aΣb';
    const r = await pg.query<{ t: string[] }>('SELECT catq_tokens($1) AS t', [text]);
    expect(r.rows[0]!.t).toEqual(tokenize(text).map((t) => t.replace(/ς/g, 'σ')));
  });

  it('refuses other dialects and bad tables', () => {
    expect(() => indexSql(catalog, { dialect: 'sqlite' as 'postgres' })).toThrow();
    try {
      indexSql(catalog, { table: '' });
      expect.unreachable();
    } catch (err) {
      expect(isQueryError(err) && err.diagnostics.map((d) => d.code)).toEqual(['sql/bad-option']);
    }
  });
});
