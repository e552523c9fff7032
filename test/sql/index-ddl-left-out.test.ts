/**
 * Issue 20: indexSql (PostgreSQL) refused a whole catalog when one attribute name held NUL. The
 * other attributes are now indexed, and the ones left out are reported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { freshPglite } from '../support/pglite.js';
import type { Catalog } from '../../src/catalog/index.js';
import { indexSql } from '../../src/sql/index.js';

const catalog: Catalog = {
  Id: 100,
  Name: 'nul',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 'id', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'bad\u0000name', Type: 'String', Cardinality: 'One' },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
  ],
};

let pg: PGlite;
beforeAll(async () => {
  pg = freshPglite();
  await pg.exec('CREATE TABLE items (data jsonb)');
}, 60_000);
afterAll(async () => {
  await pg.close();
});

describe('indexSql with an attribute PostgreSQL cannot name', () => {
  it('indexes the others, reports the one left out, and PostgreSQL accepts every statement', async () => {
    const ddl = indexSql(catalog, { dialect: 'postgres', table: 'items' });
    expect(ddl.leftOut).toEqual([{ attribute: 'bad\u0000name', reason: expect.stringMatching(/NUL/) }]);
    expect(ddl.statements.some((s) => s.includes('\u0000'))).toBe(false);
    expect(ddl.statements.filter((s) => s.startsWith('CREATE INDEX') && /catq_items_[0-9a-f]{8}_(n|s|t)_/.test(s)).length).toBe(4); // id, price (n); title (s, t)
    for (const s of ddl.statements) await pg.exec(s);
  });

  it('an Aliases.Id with NUL gets no listing index, and says so', () => {
    const ddl = indexSql({ ...catalog, Aliases: { Id: 'bad\u0000name' } }, { dialect: 'postgres', table: 'items' });
    expect(ddl.leftOut.map((l) => l.attribute)).toEqual(['bad\u0000name']);
    expect(ddl.statements.some((s) => s.includes('_id '))).toBe(false);
  });

  it('a catalog without such names leaves nothing out', () => {
    const ddl = indexSql({ ...catalog, SearchableAttributes: catalog.SearchableAttributes!.filter((a) => !a.Attribute.includes('\u0000')) }, { dialect: 'postgres', table: 'items' });
    expect(ddl.leftOut).toEqual([]);
  });
});
