import { storeKeys } from '../../src/auth.js';
import type { Db } from '../../src/store/db.js';

/** A Db that fails if anything queries it: for tests of what needs no database (OpenAPI, CORS, compression). */
export const noDb: Db = {
  engine: 'pglite',
  query: () => Promise.reject(new Error('no database in this test')),
  transaction: () => Promise.reject(new Error('no database in this test')),
  close: async () => {},
};

/** A service context on {@link noDb}: one key, `k`, of network 1. */
export const noDbContext = { db: noDb, networks: new Map(), keys: storeKeys(['k'], 1), bodyLimit: 1 << 20 };
