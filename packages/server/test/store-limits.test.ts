/**
 * A batch the database refuses for data it cannot hold (store/items.ts upsertBatch): it runs
 * again item by item behind savepoints in one transaction; the refused item is left out with the
 * field the refusal names (found from the index name, which never leaves the service), every
 * other item is written.
 */
import { describe, expect, it } from 'vitest';
import { loadCatalog, type Catalog } from 'catq';
import { layoutDdl, ListingMemory, searchLayout } from 'catq/sql';
import type { Db, Queryable, Row } from '../src/store/db.js';
import { upsertBatch } from '../src/store/items.js';
import type { TableStore } from '../src/store/layout.js';

const catalog = loadCatalog({
  Id: 900,
  Name: 'c',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
  ],
}).catalog as Catalog;
const store: TableStore = { raw: 'catq_items_900', search: 'catq_search_900', layout: searchLayout(catalog), rowsComplete: true, filled: new Set(['brand', 'title']), listedFilled: true, memory: new ListingMemory() };
const brandIndex = layoutDdl(store.layout, { table: store.search })
  .map((s) => /^CREATE INDEX IF NOT EXISTS "([^"]+)" .*"brand_/.exec(s)?.[1])
  .find((n) => n !== undefined) as string;

/** A database whose raw insert refuses any statement carrying the brand "too big", as PostgreSQL refuses an index entry. */
function fakeDb(log: string[]): Db {
  const tx: Queryable = {
    async query(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      log.push(sql.split(' ').slice(0, 3).join(' '));
      if (sql.startsWith(`INSERT INTO "${store.search}"`) && JSON.stringify(params).includes('too big')) {
        throw Object.assign(new Error(`index row size 3616 exceeds btree version 4 maximum 2704 for index "${brandIndex}"`), { code: '54000' });
      }
      return [];
    },
  };
  return {
    engine: 'postgres',
    query: tx.query,
    async transaction(fn) {
      log.push('BEGIN');
      const out = await fn(tx);
      log.push('COMMIT');
      return out;
    },
    close: async () => {},
  };
}

describe('upsertBatch when the database refuses an item', () => {
  it('leaves out only that item, names its field, and writes the others in one transaction', async () => {
    expect(brandIndex).toBeDefined();
    const log: string[] = [];
    const items = [
      { key: '1', data: { id: 1, brand: 'ok', title: 'a' } },
      { key: '2', data: { id: 2, brand: 'too big', title: 'b' } },
      { key: '3', data: { id: 3, brand: 'fine', title: 'c' } },
    ];
    const left = await upsertBatch(fakeDb(log), store, items);
    expect(left).toEqual([{ key: '2', field: 'brand', reason: 'holds a value too large for the database to store or index' }]);
    // The whole batch first (refused: no COMMIT), then one transaction with a savepoint per item.
    expect(log.filter((l) => l === 'BEGIN')).toHaveLength(2);
    expect(log.filter((l) => l === 'COMMIT')).toHaveLength(1);
    expect(log.filter((l) => l.startsWith('SAVEPOINT'))).toHaveLength(3);
    expect(log.filter((l) => l.startsWith('ROLLBACK TO'))).toHaveLength(1);
  });

  it('does not retry errors that are not about the data', async () => {
    const db = fakeDb([]);
    const failing: Db = { ...db, transaction: async () => Promise.reject(Object.assign(new Error('connection lost'), { code: '08006' })) };
    await expect(upsertBatch(failing, store, [{ key: '1', data: { id: 1 } }])).rejects.toThrow('connection lost');
  });
});
