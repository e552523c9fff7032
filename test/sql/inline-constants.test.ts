/**
 * `inlineConstants` (PostgreSQL): JSON keys and the compiler's constants become literals, values
 * stay parameters; the rows are the same as with parameters, and indexSql's indexes still match.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { freshPglite } from '../support/pglite.js';
import { loadCatalog, type Catalog } from '../../src/catalog/index.js';
import { decode } from '../../src/wire/index.js';
import { indexSql, listSql, toSql } from '../../src/sql/index.js';
import { isQueryError } from '../../src/diagnostics/index.js';

const catalog = loadCatalog({
  Id: 100,
  Name: 'c',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: "it's \"odd\" \\ key", Type: 'String', Cardinality: 'One' },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'tags', Type: 'String', Cardinality: 'Many' },
  ],
}).catalog as Catalog;
const ODD = "it's \"odd\" \\ key";
const items = Array.from({ length: 300 }, (_, i) => ({ id: i, [ODD]: `v${i % 7}`, price: i % 50, title: `red shoe ${i % 11}`, tags: [`t${i % 5}`] }));
const QUERIES = [
  [[ODD, 'v3'], [['<', 'price'], 20]],
  [[['matches', 'title'], 'shoe 4'], ['tags', 't1']],
  [[['one-of', ODD], ['v1', 'v2']], [['>=', 'price'], 1.5]],
];

describe('inlineConstants', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = freshPglite();
    await pg.exec('CREATE TABLE items (data jsonb)');
    await pg.query('INSERT INTO items SELECT x FROM jsonb_array_elements($1::jsonb) x', [JSON.stringify(items)]);
    for (const s of indexSql(catalog, { table: 'items' }).statements) await pg.exec(s);
  });
  afterAll(() => pg.close());

  it.each(QUERIES.map((q) => [JSON.stringify(q)]))('same rows as with parameters: %s', async (wire) => {
    const query = decode(wire).query!;
    for (const indexed of [false, true]) {
      const bound = listSql(query, catalog, { limit: 1000 }, { dialect: 'postgres', indexed });
      const inlined = listSql(query, catalog, { limit: 1000 }, { dialect: 'postgres', indexed, inlineConstants: true });
      expect(inlined.params).not.toContain(ODD);
      expect(inlined.params).not.toContain('price');
      expect(inlined.params.length).toBeLessThan(bound.params.length);
      const a = (await pg.query<{ data: unknown }>(bound.sql, [...bound.params])).rows;
      const b = (await pg.query<{ data: unknown }>(inlined.sql, [...inlined.params])).rows;
      expect(b).toEqual(a);
      const t = toSql(query, catalog, { dialect: 'postgres', indexed, inlineConstants: true });
      const u = toSql(query, catalog, { dialect: 'postgres', indexed });
      expect((await pg.query(t.sql, [...t.params])).rows).toEqual((await pg.query(u.sql, [...u.params])).rows);
      expect(a.length).toBeGreaterThan(0);
    }
  });

  it('the indexes still match: a generic plan of the inlined statement uses the B-tree', async () => {
    const query = decode(JSON.stringify([[ODD, 'v3']])).query!;
    const s = toSql(query, catalog, { dialect: 'postgres', indexed: true, inlineConstants: true });
    await pg.exec('SET enable_seqscan = off; SET plan_cache_mode = force_generic_plan');
    await pg.query(`PREPARE inl AS ${s.sql}`);
    const plan = (await pg.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE inl(${s.params.map((p) => `'${String(p).replace(/'/g, "''")}'`).join(', ')})`)).rows.map((r) => r['QUERY PLAN']).join('\n');
    await pg.exec('DEALLOCATE inl; RESET enable_seqscan; RESET plan_cache_mode');
    expect(plan).toMatch(/Index/);
  });

  it('is refused for other dialects and non-booleans', () => {
    const query = decode('[["price", 1]]').query!;
    for (const opts of [{ dialect: 'sqlite', inlineConstants: true }, { dialect: 'postgres', inlineConstants: 'yes' }] as const) {
      try {
        toSql(query, catalog, opts as never);
        expect.unreachable();
      } catch (e) {
        expect(isQueryError(e) && e.diagnostics[0]?.code).toBe('sql/bad-option');
      }
    }
  });
});
