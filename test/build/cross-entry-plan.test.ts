/**
 * A checked query made by one entry of the built package is one to the others: each entry is its
 * own bundle with its own copy of src/check, and docs/api.md promises that `compile`, `toSql`,
 * `layoutListSql`, `toMongo` ... take the plan of `check` (from `catq`) as it is. A look-alike built
 * by hand is still checked again, in every entry. Runs on dist/ (`npm test` builds it first).
 */
import { describe, expect, it } from 'vitest';

const root = new URL('../../dist/', import.meta.url);
const catq = await import(new URL('index.js', root).href);
const sql = await import(new URL('sql.js', root).href);
const evaluator = await import(new URL('eval.js', root).href);
const mongo = await import(new URL('mongo.js', root).href);

const catalog = catq.loadCatalog({
  Id: 700,
  Name: 'c',
  Type: 'Product',
  Aliases: { Id: 'id', Name: 'title' },
  SearchableAttributes: [
    { Attribute: 'id', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
  ],
}).catalog;
const query = catq.parse('price < 20 and title matches "red shoe"').query;

describe('a plan checked by the catq entry, handed to the other entries', () => {
  const { plan } = catq.check(query, catalog);

  it('is taken by catq/sql, catq/eval and catq/mongo, with the same result as the query', () => {
    expect(plan).toBeDefined();
    expect(sql.toSql(plan, catalog, { dialect: 'postgres' })).toEqual(sql.toSql(query, catalog, { dialect: 'postgres' }));
    expect(mongo.toMongo(plan, catalog)).toEqual(mongo.toMongo(query, catalog));
    const items = [{ id: 1, title: 'Red shoe', price: 10 }, { id: 2, title: 'Red shoe', price: 30 }, { id: 3, title: 'Blue shoe', price: 5 }];
    expect(items.filter(evaluator.compile(plan, catalog)).map((i) => i.id)).toEqual([1]);
    const layout = sql.searchLayout(catalog);
    const opts = { table: 'search', rawTable: 'raw' };
    expect(sql.layoutListSql(catq.check(query, layout.catalog).plan, layout, { limit: 5 }, opts).sql).toBe(sql.layoutListSql(query, layout, { limit: 5 }, opts).sql);
  });

  it('a look-alike of it is still not trusted by any entry', () => {
    const forged = { ...plan, clauses: [] };
    expect(() => sql.toSql(forged, catalog, { dialect: 'postgres' })).toThrow();
    expect(() => mongo.toMongo(forged, catalog)).toThrow();
    expect(() => evaluator.compile(forged, catalog)).toThrow();
  });
});
