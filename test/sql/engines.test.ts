/** Proves that the SQL tests run on the real engines, not on a stub. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clause, query } from '../../src/ast/index.js';
import type { Catalog } from '../../src/catalog/index.js';
import { toSql } from '../../src/sql/index.js';
import { insertItems, liteRows, pgRows, startEngines, type Engines } from './engines.js';

let e: Engines;
beforeAll(async () => {
  e = await startEngines();
});
afterAll(async () => {
  await e.close();
});

const catalog: Catalog = {
  Id: 100,
  Name: 'engines',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [{ Attribute: 'price', Type: 'Number', Cardinality: 'One' }],
};

describe('the engines are real', () => {
  it('PostgreSQL reports its version and computes', async () => {
    const r = await e.pg.query<{ v: string; x: number }>('SELECT version() AS v, sqrt(2::float8) * $1::float8 AS x', [3]);
    expect(r.rows[0]!.v).toMatch(/^PostgreSQL 1\d\.\d+/);
    expect(r.rows[0]!.x).toBeCloseTo(Math.SQRT2 * 3, 12);
  });

  it('SQLite reports its version (3.45+ for JSON path escapes) and computes', () => {
    const r = e.lite.prepare("SELECT sqlite_version() AS v, json_extract('{\"a\":[10,20]}', '$.a[1]') * ? AS x").get(3) as { v: string; x: number };
    const [major, minor] = r.v.split('.').map(Number);
    expect(major).toBe(3);
    expect(minor).toBeGreaterThanOrEqual(45);
    expect(r.x).toBe(60);
  });

  it('a compiled query selects a data-dependent subset on both', async () => {
    await insertItems(e, 7, [{ price: 1 }, { price: 50 }, { price: '50' }, { price: 49.5 }]);
    const q = query([clause('>', 'price', 49)]);
    const pg = toSql(q, catalog, { dialect: 'postgres' });
    const lite = toSql(q, catalog, { dialect: 'sqlite' });
    expect(await pgRows(e, 7, pg.where, pg.params)).toEqual([1, 3]);
    expect(liteRows(e, 7, lite.where, lite.params)).toEqual([1, 3]);
  });
});
