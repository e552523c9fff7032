/** A key sees only its own network's catalogs (in process: the routes need no database for catalogs). */
import { describe, expect, it } from 'vitest';
import { loadCatalog, type Catalog } from 'catq';
import { buildApp } from '../src/app.js';
import { storeKeys } from '../src/auth.js';
import type { Db } from '../src/store/db.js';

const noDb: Db = {
  engine: 'pglite',
  query: () => Promise.reject(new Error('no database')),
  transaction: () => Promise.reject(new Error('no database')),
  close: async () => {},
};
const cat = (Id: number) => loadCatalog({ Id, Name: `c${Id}`, Type: 'Product', Aliases: { Id: 'id' } }).catalog as Catalog;

describe('networks', () => {
  it('each key lists and reads only its network\'s catalogs', async () => {
    const app = await buildApp({
      db: noDb,
      networks: new Map([
        [1, new Map([[100, cat(100)]])],
        [2, new Map([[200, cat(200)]])],
      ]),
      keys: [...storeKeys(['one'], 1), ...storeKeys(['two'], 2)],
      bodyLimit: 1 << 20,
    });
    const get = (url: string, key: string) => app.inject({ method: 'GET', url, headers: { 'x-service-apikey': key } });
    expect((await get('/v1/catalog', 'one')).json().Items.map((c: { Id: number }) => c.Id)).toEqual([100]);
    expect((await get('/v1/catalog', 'two')).json().Items.map((c: { Id: number }) => c.Id)).toEqual([200]);
    expect((await get('/v1/catalog/200', 'one')).statusCode).toBe(404);
    expect((await get('/v1/catalog/200', 'two')).statusCode).toBe(200);
    expect((await get('/v1/catalog/100/product/1', 'two')).statusCode).toBe(404);
    expect((await get('/v1/catalog/100', 'three')).statusCode).toBe(401);
    await app.close();
  });
});
