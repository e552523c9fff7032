/** Proves that the SQL tests run on the real engines, not on a stub. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clause, query } from '../../src/ast/index.js';
import type { Catalog } from '../../src/catalog/index.js';
import { toSql } from '../../src/sql/index.js';
import { engineRows, insertItems, startEngines, type Engines } from './engines.js';

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

  it('the PostgreSQL server is version 15 and MariaDB is a real server', async () => {
    const byName = new Map(e.all.map((x) => [x.name, x]));
    const pgv = await byName.get('postgres-server')!.query('SELECT version() AS v', []);
    expect(String(pgv[0]!['v'])).toMatch(/^PostgreSQL 15\./);
    const my = await byName.get('mariadb')!.query('SELECT VERSION() AS v, SQRT(2) * ? AS x', [3]);
    expect(String(my[0]!['v'])).toMatch(/MariaDB/);
    expect(Number(my[0]!['x'])).toBeCloseTo(Math.SQRT2 * 3, 12);
  });

  it('a compiled query selects a data-dependent subset on every engine', async () => {
    expect(e.all.map((x) => x.name)).toEqual(['pglite', 'sqlite', 'postgres-server', 'mariadb']);
    await insertItems(e, 7, [{ price: 1 }, { price: 50 }, { price: '50' }, { price: 49.5 }]);
    const q = query([clause('>', 'price', 49)]);
    for (const engine of e.all) {
      const s = toSql(q, catalog, { dialect: engine.dialect });
      expect({ engine: engine.name, rows: await engineRows(engine, 7, s.where, s.params) }).toEqual({ engine: engine.name, rows: [1, 3] });
    }
  });
});
