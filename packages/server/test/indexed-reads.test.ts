/**
 * Reads meant to be answered from indexes (`queryIndexed`: the search layout's rest statement)
 * run with sequential scans priced out and no parallel workers, and every other statement runs
 * with PostgreSQL's own settings, however the two interleave on the pools: on a server through
 * a companion pool whose connections are set up once, through a transaction pooler with `SET
 * LOCAL` in a transaction of their own (src/store/db.ts). On the test's own database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../src/store/db.js';
import { freshDatabase } from './support/process.js';

const SHOW = "SELECT current_setting('enable_seqscan') AS seq, current_setting('max_parallel_workers_per_gather') AS par";

describe('indexed reads', () => {
  let db: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    db = await freshDatabase('indexed_reads');
  });
  afterAll(async () => {
    await db.drop();
  });

  for (const pooled of [false, true]) {
    it(`${pooled ? 'as through a transaction pooler (SET LOCAL)' : 'on a companion pool set up once'}: the settings never leak either way`, async () => {
      const store: Db = await openPostgres(db.url, { maxConnections: 4, pooled });
      try {
        // Many at once, so that several connections of each pool are opened and reused.
        const reads = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? store.queryIndexed!(SHOW).then((r) => ['indexed', r]) : store.query(SHOW).then((r) => ['plain', r])));
        for (const [kind, rows] of await Promise.all(reads)) {
          expect(rows).toEqual(kind === 'indexed' ? [{ seq: 'off', par: '0' }] : [{ seq: 'on', par: expect.not.stringMatching(/^0$/) }]);
        }
        // A write's transaction has the database's own settings too.
        expect(await store.transaction((tx) => tx.query(SHOW))).toEqual([{ seq: 'on', par: expect.not.stringMatching(/^0$/) }]);
        // Without a pooler the companion pool is half the size of the main one.
        expect(store.stats!().max).toBe(pooled ? 4 : 6);
      } finally {
        await store.close();
      }
    });
  }
});
