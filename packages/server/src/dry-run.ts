import type { Db, Queryable } from './store/db.js';

const ROLLBACK = Symbol('dry run: roll back');

/**
 * Runs a batch's writes in one transaction, or, for a dry run (`?dry-run=true`), runs the very
 * same statements in a transaction that is then rolled back: the response (its warnings, and a
 * 400 for data the database refuses) is the one the real call would get, and nothing is stored.
 */
export async function writeBatch<T>(db: Db, dryRun: boolean | undefined, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  if (!dryRun) return db.transaction(fn);
  let result: { value: T } | undefined;
  try {
    await db.transaction(async (tx) => {
      result = { value: await fn(tx) };
      throw ROLLBACK;
    });
  } catch (e) {
    if (e !== ROLLBACK) throw e;
  }
  if (!result) throw new Error('internal: the dry run produced no result');
  return result.value;
}

/**
 * The database as a batch sees it: its transactions are those of {@link writeBatch}, so a dry run
 * rolls back every transaction the batch opens (a batch retried item by item included).
 */
export function batchDb(db: Db, dryRun: boolean | undefined): Db {
  if (!dryRun) return db;
  return {
    ...db,
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return writeBatch(db, true, fn);
    },
  };
}
