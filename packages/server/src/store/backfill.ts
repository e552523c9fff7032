import type { Db } from './db.js';
import { ident } from './names.js';
import { markComplete, needsBackfill, writeSearchRows, type TableStore } from './layout.js';

/**
 * Fills search tables in the background: after an upgrade from the raw-only layout (no search
 * rows yet) or a catalog change that gained or changed a SearchableAttribute (new columns, NULL
 * until filled). It walks the raw table in key order, `BATCH` items per short transaction, and
 * rewrites their search rows. Each batch locks its raw rows (`FOR SHARE`) while it computes and
 * writes their search rows, so a write to the same item waits for it and then writes its own
 * row; a write to any other item goes on (and writes a complete row, with the new columns).
 * When the walk ends the table is marked complete and listing uses every column.
 */

/** Items per backfill transaction. */
const BATCH = 500;

interface Running {
  stopped: boolean;
  readonly done: Promise<void>;
}

const running = new WeakMap<object, Running[]>();

/** Starts the backfill of every store of `db` that needs one (does not wait for it). */
export function startBackfills(db: Db, stores: readonly TableStore[]): void {
  const list = running.get(db) ?? [];
  running.set(db, list);
  for (const store of stores) {
    if (!needsBackfill(store)) continue;
    const r: { stopped: boolean; done?: Promise<void> } = { stopped: false };
    r.done = backfill(db, store, () => r.stopped);
    list.push(r as Running);
  }
}

/** Stops the backfills of `db` (between two batches) and waits for them: call before closing it. */
export async function stopBackfills(db: Db): Promise<void> {
  const list = running.get(db) ?? [];
  for (const r of list) r.stopped = true;
  await Promise.all(list.map((r) => r.done));
  running.delete(db);
}

/** Waits until the backfills of `db` have ended (tests; a stopped one ends too). */
export async function backfillsDone(db: Db): Promise<void> {
  await Promise.all((running.get(db) ?? []).map((r) => r.done));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function backfill(db: Db, store: TableStore, stopped: () => boolean): Promise<void> {
  let after = '';
  let failures = 0;
  let count = 0;
  while (!stopped()) {
    try {
      const last = await db.transaction(async (tx) => {
        const rows = await tx.query(`SELECT id_key, data FROM ${ident(store.raw)} WHERE id_key > $1 ORDER BY id_key LIMIT ${BATCH} FOR SHARE`, [after]);
        if (!rows.length) {
          await markComplete(tx, store);
          return undefined;
        }
        await writeSearchRows(tx, store, rows.map((r) => ({ key: r['id_key'] as string, data: r['data'] })));
        return { key: rows[rows.length - 1]?.['id_key'] as string, n: rows.length };
      });
      failures = 0;
      if (last === undefined) {
        process.stderr.write(`catq-server: the search table ${store.search} is filled (${count} items).\n`);
        return;
      }
      after = last.key;
      count += last.n;
      // Let requests in between batches (PGlite has one connection).
      await pause(0);
    } catch (e) {
      if (stopped()) return;
      failures++;
      process.stderr.write(`catq-server: filling the search table ${store.search} failed (${(e as Error).message}); trying again.\n`);
      await pause(Math.min(30_000, 500 * 2 ** Math.min(failures, 6)));
    }
  }
}
