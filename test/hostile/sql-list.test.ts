import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/wire/index.js';
import { registerSqliteFunctions, sqlListItems } from '../../src/sql/index.js';
import { catalog } from '../check/fixture.js';

// The reading of boundary-id is decided once, on the parameters as given (q included), by the
// evaluator's rule: URL-like parameters (all strings) read "1" as the number 1.

describe('sqlListItems and URL parameters', () => {
  const db = new Database(':memory:');
  registerSqliteFunctions(db);
  db.exec('CREATE TABLE items (data TEXT)');
  for (const sku of [1, 2, '1', '2']) db.prepare('INSERT INTO items VALUES (?)').run(JSON.stringify({ sku }));
  const run = (sql: string, params: readonly unknown[]) => db.prepare(sql).all(...params) as Record<string, unknown>[];

  it('a URL (all strings, or URLSearchParams) reads boundary-id=1 as the number 1', async () => {
    for (const params of [{ q: '[]', 'boundary-id': '1', limit: '1' }, new URLSearchParams('boundary-id=1&limit=1')]) {
      const r = await sqlListItems(run, catalog, params, { dialect: 'sqlite' });
      expect(r.diagnostics).toEqual([]);
      expect(r.response?.Items.map((i) => i.Id)).toEqual([2]);
    }
  });

  it('a URLSearchParams giving q twice is refused (the listing and its memo of q texts), not read as one of them', async () => {
    for (let i = 0; i < 2; i++) {
      const r = await sqlListItems(run, catalog, new URLSearchParams('q=%5B%5D&q=%5B%5B%22sku%22%2C1%5D%5D'), { dialect: 'sqlite' });
      expect(r.response).toBeUndefined();
      expect(r.diagnostics.map((d) => d.code)).toEqual(['listing/repeated-parameter']);
    }
  });

  it('typed parameters (a NextQuery with a Query) keep the string id', async () => {
    const q = decode('[]').query;
    const r = await sqlListItems(run, catalog, { q, 'boundary-id': '1', limit: 1 }, { dialect: 'sqlite' });
    expect(r.response?.Items.map((i) => i.Id)).toEqual(['2']);
  });
});
