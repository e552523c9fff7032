import type { Queryable } from './db.js';
import { ident } from './names.js';
import type { TableStore } from './layout.js';

/**
 * Merges the pending lists of the search table's GIN indexes into the indexes, once a batch is
 * written. PostgreSQL appends a written row's keys to each GIN index's pending list, and every
 * search through the index reads the whole list, comparing each entry with each key searched:
 * after the sample's 3,000 items were loaded, a `one-of` of 1,000 colours took 280 ms through
 * the index, 2.6 ms once merged. catq bounds each list (256 kB, docs/sql.md), which caps that
 * cost for a few keys; merging after each batch keeps it near zero for any number, for about what
 * PostgreSQL's own merges cost the writes anyway (`node bench/gin-pending.mjs`: 170-189 against
 * 167-172 ms per 1000 items written).
 *
 * The batch is committed before this runs and is acknowledged whatever happens here: a merge that
 * fails (the database went away, the statement timeout) is left to PostgreSQL's next merge.
 */
export async function mergeGinPendingLists(db: Queryable, store: TableStore): Promise<void> {
  try {
    await db.query(
      `SELECT gin_clean_pending_list(i.indexrelid) FROM pg_index AS i JOIN pg_class AS c ON c.oid = i.indexrelid JOIN pg_am AS a ON a.oid = c.relam` +
        ` WHERE i.indrelid = $1::regclass AND c.relkind = 'i' AND a.amname = 'gin'`,
      [ident(store.search)],
    );
  } catch {
    // Left to PostgreSQL (see above).
  }
}
