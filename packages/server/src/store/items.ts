import type { ItemId } from 'catq';
import { ident } from './schema.js';
import type { Queryable } from './db.js';

/**
 * The item statements of the service. Ids are keyed by their JSON text (`idKey`), every value is
 * a bound parameter, and a whole batch travels as one `jsonb` array parameter, so a batch of 1000
 * items is one statement.
 */

/** The key of an id in the `id_key` column: its JSON text (`5` and `"5"` differ). */
export function idKey(id: ItemId): string {
  return JSON.stringify(id);
}

/** The ids a path segment may name: the number first when the text is a canonical number, then the string. */
export function pathIdCandidates(text: string): ItemId[] {
  const n = Number(text);
  return text !== '' && Number.isFinite(n) && String(n) === text ? [n, text] : [text];
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
    // jsonb cannot hold U+0000, so such an id names no record (and PostgreSQL would refuse the parameter).
    if (typeof id === 'string' && id.includes('\u0000')) continue;
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
 * Batches write their rows in one order (the keys' code unit order), so two batches touching the
 * same ids lock them in the same order and do not deadlock each other; a deadlock that still
 * happens (a delete scans in index order) is retried by the transaction (store/db.ts).
 */
function inKeyOrder(items: readonly KeyedItem[]): KeyedItem[] {
  return [...items].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Inserts or replaces the items (keys are distinct). */
export async function upsertItems(db: Queryable, table: string, items: readonly KeyedItem[]): Promise<void> {
  if (!items.length) return;
  await db.query(
    `INSERT INTO ${ident(table)} (id_key, data) SELECT e ->> 0, e -> 1 FROM jsonb_array_elements($1::jsonb) AS e ` +
      `ON CONFLICT (id_key) DO UPDATE SET data = EXCLUDED.data`,
    [JSON.stringify(inKeyOrder(items).map((i) => [i.key, i.data]))],
  );
}

/** Merges the given keys into the existing items (keys are distinct); returns the keys that existed. */
export async function updateItems(db: Queryable, table: string, items: readonly KeyedItem[]): Promise<Set<string>> {
  if (!items.length) return new Set();
  const rows = await db.query(
    `UPDATE ${ident(table)} AS t SET data = t.data || (e -> 1) FROM jsonb_array_elements($1::jsonb) AS e ` +
      `WHERE t.id_key = e ->> 0 AND jsonb_typeof(t.data) = 'object' RETURNING t.id_key`,
    [JSON.stringify(inKeyOrder(items).map((i) => [i.key, i.data]))],
  );
  return new Set(rows.map((r) => r['id_key'] as string));
}

/** Deletes the items with these keys; unknown keys are ignored. */
export async function deleteItems(db: Queryable, table: string, keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  await db.query(`DELETE FROM ${ident(table)} WHERE id_key = ANY($1::text[])`, [keys]);
}

/** Whether the table holds no item (the `--items` seed loads only into an empty catalog). */
export async function isEmpty(db: Queryable, table: string): Promise<boolean> {
  const rows = await db.query(`SELECT NOT EXISTS (SELECT 1 FROM ${ident(table)}) AS empty`);
  return rows[0]?.['empty'] === true;
}
