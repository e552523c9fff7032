import type { ItemId } from 'catq';
import { compareCodePoints, idFromText } from 'catq/listing';
import { layoutDeleteSql, layoutUpsert, pgHolds } from 'catq/sql';
import { ident } from './names.js';
import type { Db, Queryable } from './db.js';
import { mergeGinPendingLists } from './gin-merge.js';
import { cannotHold, fieldOfError } from './limits.js';
import { writeSearchRows, type LeftOut, type TableStore } from './layout.js';

export type { LeftOut };

/**
 * The item statements of the service. Ids are keyed by their JSON text (`idKey`), every value is
 * a bound parameter, and a whole batch travels as one `jsonb` array parameter, so a batch of 1000
 * items is one statement.
 */

/** The key of an id in the `id_key` column: its JSON text (`5` and `"5"` differ). */
export function idKey(id: ItemId): string {
  return JSON.stringify(id);
}

/**
 * The ids a path segment may name: the id catq's reading of id text gives (idFromText: the
 * number of a canonical number text, the string of a quoted JSON string), then the text itself
 * (an id that is that text, kept for paths written before quoted strings were read).
 */
export function pathIdCandidates(text: string): ItemId[] {
  const id = idFromText(text);
  return id === text ? [text] : [id, text];
}

/** Reads one item of a table by the first candidate id that exists. */
export async function getItem(db: Queryable, table: string, candidates: readonly ItemId[]): Promise<unknown> {
  const keys = candidates.map(idKey);
  const rows = await db.query(`SELECT id_key, data FROM ${ident(table)} WHERE id_key = ANY($1::text[])`, [keys]);
  for (const k of keys) {
    const row = rows.find((r) => r['id_key'] === k);
    if (row) return row['data'];
  }
  return undefined;
}

/** Reads one derived record (a view of `{ Id, Name }`) by the first candidate id that exists. */
export async function getDerived(db: Queryable, view: string, candidates: readonly ItemId[]): Promise<unknown> {
  for (const id of candidates) {
    // jsonb cannot hold U+0000 or a lone surrogate, so such an id names no record (and
    // PostgreSQL would refuse the parameter: "invalid input syntax for type json").
    if (typeof id === 'string' && !pgHolds(id)) continue;
    const rows = await db.query(`SELECT data FROM ${ident(view)} WHERE data -> 'Id' = $1::jsonb AND jsonb_typeof(data -> 'Id') = $2`, [
      JSON.stringify(id),
      typeof id === 'number' ? 'number' : 'string',
    ]);
    if (rows[0]) return rows[0]['data'];
  }
  return undefined;
}

/** One item of a batch: its id key and raw data. */
export interface KeyedItem {
  readonly key: string;
  readonly data: unknown;
}

/**
 * Every write of a batch takes its rows' locks in one order, PostgreSQL's order of `id_key`
 * (`COLLATE "C"`: UTF-8 bytes, that is code points, catq's `compareCodePoints`), so two batches
 * touching the same ids wait for each other instead of deadlocking. An upsert inserts in this
 * order; an update or a delete first locks its rows in this order ({@link lockKeys}), because its
 * own scan would take them in whatever order the plan reads them (a sequential scan: the heap's).
 * A deadlock that still happens is retried by the transaction (store/db.ts).
 */
function inKeyOrder(items: readonly KeyedItem[]): KeyedItem[] {
  return [...items].sort((a, b) => compareCodePoints(a.key, b.key));
}

/**
 * Locks the existing rows of these keys, in key order, for the rest of the transaction, and
 * returns their keys. The write that follows touches only these: a row another batch inserts in
 * between is left alone (as if this batch had read the table when it locked), so the write takes
 * no lock out of order, and an item's raw row and search row are always written together.
 */
async function lockKeys(db: Queryable, store: TableStore, keys: readonly string[]): Promise<Set<string>> {
  const rows = await db.query(`SELECT id_key FROM ${ident(store.raw)} WHERE id_key = ANY($1::text[]) ORDER BY id_key COLLATE "C" FOR UPDATE`, [keys]);
  return new Set(rows.map((r) => r['id_key'] as string));
}

/**
 * Inserts or replaces the items (keys are distinct): the raw items and their search rows, in the
 * caller's transaction. An item whose search row the database cannot hold (catq's layoutUpsert
 * names the field) is left out of both and returned.
 */
export async function upsertItems(db: Queryable, store: TableStore, items: readonly KeyedItem[]): Promise<LeftOut[]> {
  if (!items.length) return [];
  const ordered = inKeyOrder(items);
  const up = layoutUpsert(store.layout, { table: store.search }, ordered.map((i) => ({ key: i.key, item: i.data })));
  const left = new Map<string, LeftOut>();
  for (const p of up.problems) if (!left.has(p.key)) left.set(p.key, { key: p.key, field: p.field, reason: p.reason });
  const kept = left.size ? ordered.filter((i) => !left.has(i.key)) : ordered;
  if (kept.length) {
    await db.query(
      `INSERT INTO ${ident(store.raw)} (id_key, data) SELECT e ->> 0, e -> 1 FROM jsonb_array_elements($1::jsonb) AS e ` +
        `ON CONFLICT (id_key) DO UPDATE SET data = EXCLUDED.data`,
      [JSON.stringify(kept.map((i) => [i.key, i.data]))],
    );
  }
  if (up.statement) await db.query(up.statement.sql, up.statement.params);
  return [...left.values()];
}

/**
 * One batch upsert as one transaction (all or nothing). When the database refuses the batch
 * for data it cannot hold (a value too large for it, say), the batch runs again item by item
 * behind savepoints, still as one transaction: the items it refuses are left out and returned
 * (with the field when the refusal names one), every other item is stored. Then the search
 * table's GIN pending lists are merged (gin-merge.ts).
 */
export async function upsertBatch(db: Db, store: TableStore, items: readonly KeyedItem[]): Promise<LeftOut[]> {
  const left = await writeUpsertBatch(db, store, items);
  await mergeGinPendingLists(db, store);
  return left;
}

async function writeUpsertBatch(db: Db, store: TableStore, items: readonly KeyedItem[]): Promise<LeftOut[]> {
  try {
    return await db.transaction((tx) => upsertItems(tx, store, items));
  } catch (e) {
    if (!cannotHold(e)) throw e;
  }
  return db.transaction(async (tx) => {
    const left: LeftOut[] = [];
    for (const item of inKeyOrder(items)) {
      await tx.query('SAVEPOINT catq_item');
      try {
        left.push(...(await upsertItems(tx, store, [item])));
        await tx.query('RELEASE SAVEPOINT catq_item');
      } catch (e) {
        if (!cannotHold(e)) throw e;
        await tx.query('ROLLBACK TO SAVEPOINT catq_item');
        left.push({ key: item.key, field: fieldOfError(e, store), reason: 'holds a value too large for the database to store or index' });
      }
    }
    return left;
  });
}

/**
 * Merges the given keys into the existing items (keys are distinct) and rewrites their search
 * rows from the merged items; returns the keys that existed.
 */
export async function updateItems(db: Queryable, store: TableStore, items: readonly KeyedItem[]): Promise<Set<string>> {
  if (!items.length) return new Set();
  const locked = await lockKeys(db, store, items.map((i) => i.key));
  if (!locked.size) return locked;
  const rows = await db.query(
    `UPDATE ${ident(store.raw)} AS t SET data = t.data || (e -> 1) FROM jsonb_array_elements($1::jsonb) AS e ` +
      `WHERE t.id_key = e ->> 0 AND jsonb_typeof(t.data) = 'object' RETURNING t.id_key, t.data`,
    // The rows are locked already: the order of this list no longer matters.
    [JSON.stringify(items.filter((i) => locked.has(i.key)).map((i) => [i.key, i.data]))],
  );
  await writeSearchRows(db, store, rows.map((r) => ({ key: r['id_key'] as string, data: r['data'] })));
  return new Set(rows.map((r) => r['id_key'] as string));
}

/** Deletes the items with these keys and their search rows; unknown keys are ignored. Returns how many were deleted. */
export async function deleteItems(db: Queryable, store: TableStore, keys: readonly string[]): Promise<number> {
  if (!keys.length) return 0;
  const locked = [...(await lockKeys(db, store, keys))];
  if (!locked.length) return 0;
  await db.query(`DELETE FROM ${ident(store.raw)} WHERE id_key = ANY($1::text[])`, [locked]);
  const d = layoutDeleteSql({ table: store.search }, locked);
  await db.query(d.sql, d.params);
  return locked.length;
}

/** Whether the table holds no item (the `--items` seed loads only into an empty catalog). */
export async function isEmpty(db: Queryable, table: string): Promise<boolean> {
  const rows = await db.query(`SELECT NOT EXISTS (SELECT 1 FROM ${ident(table)}) AS empty`);
  return rows[0]?.['empty'] === true;
}
