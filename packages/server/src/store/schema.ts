import type { DerivedKind } from 'catq/listing';
import type { Catalog } from 'catq';
import type { Db, Queryable } from './db.js';
import { ident } from './names.js';
import { layoutStatements, MARKS_TABLE, openStores, searchTable, type TableStore } from './layout.js';

export { ident };

/**
 * The one SQL schema of the service, the same on PostgreSQL and PGlite, created at start:
 * - one table per catalog, `catq_items_<Id>(id_key text PRIMARY KEY, data jsonb)`, holding the
 *   catalog's own (product) items: `data` is the raw item as sent, `id_key` the JSON text of its
 *   id (`100001` for the number, `"100001"` for the string), so 5 and "5" are two items;
 * - one search table per catalog, `catq_search_<Id>`: catq's search layout (store/layout.ts), the
 *   item's searchable values as typed, indexed columns, written with the raw item; the raw table
 *   has no index but its primary key;
 * - one view per catalog and derived kind (`ItemFields` brands, categories, merchants): the
 *   distinct `{ Id, Name }` found in the product items through `Aliases`.
 * On a PostgreSQL server built with lz4, the tables' long values (raw items, Text attributes'
 * values, terms and token sequences) are compressed with lz4 instead of pglz: writing items with
 * 5-20 KB descriptions took about a quarter less time in PostgreSQL (docs/operations.md).
 */

/** The table of a catalog's own items. */
export function itemsTable(catalogId: number): string {
  return `catq_items_${String(catalogId).replace(/[^0-9A-Za-z]/g, '_')}`;
}

/** The view of a catalog's derived kind. */
export function derivedView(catalogId: number, kind: DerivedKind): string {
  return `catq_derived_${String(catalogId).replace(/[^0-9A-Za-z]/g, '_')}_${kind}`;
}

const DERIVED_KINDS = ['brand', 'category', 'merchant'] as const;

/**
 * Every table and view the service needs for these catalogs (unquoted names): the raw and search
 * tables, the derived views and the marks table. Readiness checks them all; one missing is
 * created again by {@link createSchema}.
 */
export function schemaObjects(catalogs: readonly Catalog[]): string[] {
  return [MARKS_TABLE, ...catalogs.flatMap((c) => [itemsTable(c.Id), searchTable(c.Id), ...DERIVED_KINDS.map((k) => derivedView(c.Id, k))])];
}

/** The names among `names` that are no table or view of the database. */
async function missingObjects(tx: Queryable, names: readonly string[]): Promise<string[]> {
  const rows = await tx.query('SELECT t FROM unnest($1::text[]) AS t WHERE to_regclass(quote_ident(t)) IS NULL', [names]);
  return rows.map((r) => r['t'] as string);
}

/** The kinds that can be derived from product fields. */
export type { DerivedKind };

/** A PostgreSQL string literal (standard_conforming_strings is on in both engines). */
function literal(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

function aliasGroup(catalog: Catalog, kind: DerivedKind): { Id: string; Name: string } | undefined {
  const a = catalog.Aliases;
  return kind === 'brand' ? a.Brand : kind === 'category' ? a.Category : a.Merchant;
}

/** The statement creating the derived view of one kind. */
function derivedViewSql(catalog: Catalog, kind: DerivedKind): string {
  const view = ident(derivedView(catalog.Id, kind));
  const table = ident(itemsTable(catalog.Id));
  const g = aliasGroup(catalog, kind);
  if (!g) return `CREATE OR REPLACE VIEW ${view} AS SELECT NULL::jsonb AS data WHERE FALSE`;
  const id = `data -> ${literal(g.Id)}`;
  const name = `data -> ${literal(g.Name)}`;
  // One row per distinct id value; when products disagree on the name, the smallest string name
  // in code point order wins (deterministic on every engine).
  return (
    `CREATE OR REPLACE VIEW ${view} AS SELECT DISTINCT ON (${id}) ` +
    `jsonb_strip_nulls(jsonb_build_object('Id', ${id}, 'Name', CASE WHEN jsonb_typeof(${name}) = 'string' THEN ${name} END)) AS data ` +
    `FROM ${table} WHERE jsonb_typeof(${id}) IN ('string', 'number') ` +
    `ORDER BY ${id}, (CASE WHEN jsonb_typeof(${name}) = 'string' THEN data ->> ${literal(g.Name)} END) COLLATE "C" NULLS LAST`
  );
}

/**
 * Every statement of the schema for these catalogs, in order (idempotent). With `compression`,
 * new raw tables get it, and so do the existing ones named in `recompress` (an `ALTER TABLE`
 * locks the table, so a table that has it already is left alone: other processes may be serving
 * from it while this one starts).
 */
export function schemaStatements(catalogs: readonly Catalog[], compression?: 'lz4', recompress: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  for (const c of catalogs) {
    const table = itemsTable(c.Id);
    out.push(`CREATE TABLE IF NOT EXISTS ${ident(table)} (id_key text COLLATE "C" PRIMARY KEY, data jsonb${compression ? ` COMPRESSION ${compression}` : ''} NOT NULL)`);
    if (compression && recompress.has(table)) out.push(`ALTER TABLE ${ident(table)} ALTER COLUMN data SET COMPRESSION ${compression}`);
    for (const kind of DERIVED_KINDS) out.push(derivedViewSql(c, kind));
  }
  out.push(...layoutStatements(catalogs, compression));
  return out;
}

/** The existing tables among `tables` whose `data` column is not compressed with lz4. */
async function withoutLz4(tx: Queryable, tables: readonly string[]): Promise<Set<string>> {
  const rows = await tx.query(
    `SELECT c.relname AS t FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid ` +
      `WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY($1::text[]) AND a.attname = 'data' AND a.attcompression IS DISTINCT FROM 'l'`,
    [tables],
  );
  return new Set(rows.map((r) => r['t'] as string));
}

/** Whether the server can compress with lz4 (PostgreSQL 14+ built with it; PGlite is not). */
async function hasLz4(tx: Queryable): Promise<boolean> {
  const rows = await tx.query(`SELECT 'lz4' = ANY(enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`);
  return rows[0]?.['lz4'] === true;
}

/**
 * Creates (or migrates) the schema and opens the catalog tables' stores: a database written by a
 * version without search tables gets them here, filled in the background (store/backfill.ts). On a
 * PostgreSQL server several service processes may start at once: one transaction-scoped
 * advisory lock makes their DDL run one after the other.
 */
export async function createSchema(db: Db, catalogs: readonly Catalog[], registerOn: Db = db): Promise<TableStore[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7265031)');
    const lz4 = await hasLz4(tx);
    const recompress = lz4 ? await withoutLz4(tx, catalogs.map((c) => itemsTable(c.Id))) : new Set<string>();
    // Tables dropped on their own (the service makes them again, readiness in start.ts): a search
    // table made again empty loses its marks, so the backfill fills it from the raw table; a raw
    // table made again empty takes its search rows with it (they would list items that are gone).
    const gone = new Set(await missingObjects(tx, catalogs.flatMap((c) => [itemsTable(c.Id), searchTable(c.Id)])));
    for (const s of schemaStatements(catalogs, lz4 ? 'lz4' : undefined, recompress)) await tx.query(s);
    for (const c of catalogs) {
      const search = searchTable(c.Id);
      if (gone.has(itemsTable(c.Id)) && !gone.has(search)) await tx.query(`DELETE FROM ${ident(search)}`);
      if (gone.has(search)) await tx.query(`DELETE FROM ${ident(MARKS_TABLE)} WHERE search_table = $1`, [search]);
    }
    return openStores(registerOn, tx, catalogs, (c) => itemsTable(c.Id));
  });
}
