import type { Catalog } from 'catq';
import { layoutCommonTerms, layoutDdl, layoutIndexNames, layoutTermStatisticsSql, layoutUpsert, ListingMemory, searchLayout, type SearchLayout } from 'catq/sql';
import type { Db, Queryable } from './db.js';
import { ident } from './names.js';

/**
 * The search layout of each catalog table (catq's `searchLayout`, docs/server.md "Search
 * layout"): beside the raw table `catq_items_<Id>`, a search table `catq_search_<Id>` holding each
 * item's searchable values as typed columns, written in the same transaction as the raw item.
 *
 * Which parts of a search table are complete is kept in `catq_layout_marks` (one row per search
 * table and mark): `rows` once every raw item has its row, and the name of each attribute's
 * `present` column once that attribute's columns are filled for every row (the column name
 * changes with the attribute's type, cardinality and the layout version, so a changed attribute
 * is a new mark), and the name of the listed form's column once every row holds it (it changes
 * with the catalog's listed keys). What is not complete yet is backfilled in the background (see backfill.ts);
 * until then the listing answers those clauses from the raw JSON (exact, slower).
 */

/** One catalog table: its raw and search tables, its layout and how complete the search table is. */
export interface TableStore {
  /** The raw table (unquoted name). */
  readonly raw: string;
  /** The search table (unquoted name). */
  readonly search: string;
  readonly layout: SearchLayout;
  /** Whether every raw item has its search row (false while a raw-only database is migrated). */
  rowsComplete: boolean;
  /** Raw keys of the attributes whose search columns are filled for every row. */
  readonly filled: Set<string>;
  /**
   * Whether every row holds the listed form's column (its name is its mark). Pages are exact
   * either way (a row without it is read from the raw table); the backfill fills it.
   */
  listedFilled: boolean;
  /** PostgreSQL's estimate of the search table's rows (see {@link tableRowsOf}). */
  rows?: Refreshed<number>;
  /** What pages of recent queries found (catq's ListingMemory): sparse queries skip the walk. */
  readonly memory: ListingMemory;
  /** The most common terms of each Text attribute per PostgreSQL's statistics (see {@link commonTermsOf}). */
  common?: Refreshed<Map<string, Set<string>>>;
}

/** A value read from the database in the background, and when it was last asked for. */
interface Refreshed<T> {
  value?: T | undefined;
  at: number;
  reading: boolean;
}

/**
 * The value last read into `slot`, and a new read started in the background when the last one
 * is older than `maxAgeMs`: a request never waits for it, and gets undefined until the first read
 * is back. A read that fails or finds nothing keeps the value before (the next one tries again
 * after the interval; listing does not depend on these values, they only make it quicker).
 */
function refreshed<T>(slot: Refreshed<T>, maxAgeMs: number, read: () => Promise<T | undefined>): T | undefined {
  const now = Date.now();
  if (!slot.reading && now - slot.at > maxAgeMs) {
    slot.reading = true;
    slot.at = now;
    read()
      .then((v) => {
        if (v !== undefined) slot.value = v;
      })
      .catch(() => undefined)
      .finally(() => {
        slot.reading = false;
      });
  }
  return slot.value;
}

/** How often the row estimate of a search table is read again. */
const ROWS_MAX_AGE_MS = 60_000;

/**
 * About how many rows a search table holds (`pg_class.reltuples`, kept up to date by
 * autovacuum and ANALYZE), for `layoutListSql`'s `tableRows`: it sets how far a page walks the
 * id order. Read at most once a minute, in the background ({@link refreshed}).
 */
export function tableRowsOf(db: Queryable, store: TableStore): number | undefined {
  return refreshed((store.rows ??= { at: 0, reading: false }), ROWS_MAX_AGE_MS, async () => {
    const rows = await db.query(`SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = to_regclass($1)`, [ident(store.search)]);
    const n = Number(rows[0]?.['n']);
    return Number.isFinite(n) ? n : undefined;
  });
}

/** How often the most common terms of a search table are read again. */
const COMMON_TERMS_MAX_AGE_MS = 10 * 60_000;

/**
 * The most common terms of the store's Text attributes, from PostgreSQL's statistics
 * (catq's `layoutTermStatisticsSql`; autovacuum's ANALYZE keeps them), for `layoutListSql`'s
 * `commonTerms`: a long `matches-phrase` is then found through its rare pairs. Read at most once
 * every ten minutes, in the background ({@link refreshed}); undefined while the table has no
 * statistics (the phrase is then found by all its pairs).
 */
export function commonTermsOf(db: Queryable, store: TableStore): Map<string, Set<string>> | undefined {
  return refreshed((store.common ??= { at: 0, reading: false }), COMMON_TERMS_MAX_AGE_MS, async () => {
    const st = layoutTermStatisticsSql(store.layout, { table: store.search });
    const terms = layoutCommonTerms(store.layout, await db.query(st.sql, st.params));
    return terms.size ? terms : undefined;
  });
}

/** The search table of a catalog's items. */
export function searchTable(catalogId: number): string {
  return `catq_search_${String(catalogId).replace(/[^0-9A-Za-z]/g, '_')}`;
}

/** The table of marks (see the module comment). */
export const MARKS_TABLE = 'catq_layout_marks';

const ROWS_MARK = 'rows';

const registry = new WeakMap<object, Map<string, TableStore>>();

/** The store of a raw table on this database, once the schema is created. */
export function storeOf(db: Db, rawTable: string): TableStore | undefined {
  return registry.get(db)?.get(rawTable);
}

/** Every store of this database. */
export function storesOf(db: Db): TableStore[] {
  return [...(registry.get(db)?.values() ?? [])];
}

/** The mark of an attribute: its `present` column (every layout attribute has one). */
function attributeMark(store: TableStore, rawKey: string): string {
  return store.layout.byRawKey.get(rawKey)?.columns.present ?? rawKey;
}

/**
 * The statements of the search tables (idempotent; run at start, under the schema lock): the
 * marks table, then `layoutDdl` of each catalog (new tables, new columns of gained or changed
 * attributes, new indexes, the compression of long values).
 */
export function layoutStatements(catalogs: readonly Catalog[], compression?: 'lz4'): string[] {
  const out = [`CREATE TABLE IF NOT EXISTS ${ident(MARKS_TABLE)} (search_table text COLLATE "C", mark text COLLATE "C", PRIMARY KEY (search_table, mark))`];
  for (const c of catalogs) out.push(...layoutDdl(searchLayout(c), { table: searchTable(c.Id) }, compression ? { compression } : {}));
  return out;
}

/**
 * Reads (inside the schema transaction) how complete each search table is, marks a table whose
 * raw table is empty as complete (nothing to fill), and registers the stores on `db`.
 */
export async function openStores(db: Db, tx: Queryable, catalogs: readonly Catalog[], rawTable: (c: Catalog) => string): Promise<TableStore[]> {
  const stores = new Map<string, TableStore>();
  for (const c of catalogs) {
    const store: TableStore = { raw: rawTable(c), search: searchTable(c.Id), layout: searchLayout(c), rowsComplete: false, filled: new Set(), listedFilled: false, memory: new ListingMemory() };
    await dropStaleIndexes(tx, store);
    const empty = (await tx.query(`SELECT NOT EXISTS (SELECT 1 FROM ${ident(store.raw)}) AS empty`))[0]?.['empty'] === true;
    if (empty) await markComplete(tx, store);
    const marks = new Set((await tx.query(`SELECT mark FROM ${ident(MARKS_TABLE)} WHERE search_table = $1`, [store.search])).map((r) => r['mark'] as string));
    store.rowsComplete = marks.has(ROWS_MARK);
    store.listedFilled = marks.has(store.layout.listed.column);
    for (const a of store.layout.attributes) if (marks.has(attributeMark(store, a.rawKey))) store.filled.add(a.rawKey);
    stores.set(store.raw, store);
  }
  registry.set(db, stores);
  return [...stores.values()];
}

/**
 * Drops the indexes an older layout made on the search table that the current one does not
 * (catq's layoutIndexNames: the current ones were just built by the schema statements), so that
 * writes stop paying for them.
 */
async function dropStaleIndexes(tx: Queryable, store: TableStore): Promise<void> {
  const rows = await tx.query(
    `SELECT i.relname AS name FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid ` +
      `WHERE x.indrelid = to_regclass($1) AND NOT x.indisprimary AND i.relname LIKE 'catq\\_%' AND NOT (i.relname = ANY($2::text[]))`,
    [ident(store.search), layoutIndexNames(store.layout, { table: store.search })],
  );
  for (const r of rows) await tx.query(`DROP INDEX IF EXISTS ${ident(r['name'] as string)}`);
}

/** Whether a store has anything left to backfill. */
export function needsBackfill(store: TableStore): boolean {
  return !store.rowsComplete || !store.listedFilled || store.layout.attributes.some((a) => !store.filled.has(a.rawKey));
}

/**
 * Records that every row and every attribute of the store is filled (the marks of other layouts
 * of the table are removed), drops the search columns no attribute uses any more, and the
 * raw-JSON indexes a database of the raw-only layout had on the raw table.
 */
export async function markComplete(tx: Queryable, store: TableStore): Promise<void> {
  const marks = [ROWS_MARK, store.layout.listed.column, ...store.layout.attributes.map((a) => attributeMark(store, a.rawKey))];
  await tx.query(`DELETE FROM ${ident(MARKS_TABLE)} WHERE search_table = $1 AND NOT (mark = ANY($2::text[]))`, [store.search, marks]);
  await tx.query(`INSERT INTO ${ident(MARKS_TABLE)} (search_table, mark) SELECT $1, m FROM unnest($2::text[]) AS m ON CONFLICT DO NOTHING`, [store.search, marks]);
  const keep = new Set(['item_key', 'id_kind', 'id_num', 'id_str', store.layout.listed.column, ...store.layout.attributes.flatMap((a) => Object.values(a.columns))]);
  const columns = await tx.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`, [store.search]);
  const stale = columns.map((r) => r['column_name'] as string).filter((n) => !keep.has(n));
  if (stale.length) await tx.query(`ALTER TABLE ${ident(store.search)} ${stale.map((n) => `DROP COLUMN IF EXISTS ${ident(n)}`).join(', ')}`);
  // The raw-only layout indexed the raw JSON (catq's indexSql: names catq_...): the search table replaces them.
  const old = await tx.query(
    `SELECT i.relname AS name FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid ` +
      `WHERE t.oid = to_regclass($1) AND NOT x.indisprimary AND i.relname LIKE 'catq\\_%'`,
    [ident(store.raw)],
  );
  for (const r of old) await tx.query(`DROP INDEX IF EXISTS ${ident(r['name'] as string)}`);
  store.rowsComplete = true;
  store.listedFilled = true;
  for (const a of store.layout.attributes) store.filled.add(a.rawKey);
}

/** Items a write left out: their key and the field the database cannot hold. */
export interface LeftOut {
  readonly key: string;
  readonly field: string;
  readonly reason: string;
}

/** Writes the search rows of these items (raw items by key); returns the items left out. */
export async function writeSearchRows(tx: Queryable, store: TableStore, items: readonly { key: string; data: unknown }[]): Promise<LeftOut[]> {
  if (!items.length) return [];
  const up = layoutUpsert(store.layout, { table: store.search }, items.map((i) => ({ key: i.key, item: i.data })));
  if (up.statement) await tx.query(up.statement.sql, up.statement.params);
  const seen = new Set<string>();
  const out: LeftOut[] = [];
  for (const p of up.problems) {
    if (seen.has(p.key)) continue;
    seen.add(p.key);
    out.push({ key: p.key, field: p.field, reason: p.reason });
  }
  return out;
}
