import { openPostgres, type Db, type Queryable } from '../store/db.js';
import { MARKS_TABLE, searchTable } from '../store/layout.js';
import { ident } from '../store/names.js';
import { itemsTable } from '../store/schema.js';
import { CATALOG_LOCK, importCatalogTables, place, shardAddress } from './coordinator.js';

/** The scratch schema on the coordinator that holds a move's foreign tables. */
const MOVE_SCHEMA = 'catq_move';

/** What a move did. */
export interface MoveResult {
  readonly catalogId: number;
  readonly from: string;
  readonly to: string;
  /** Items copied (0 when the catalog was already on the target). */
  readonly items: number;
}

/** The catalog's two tables in the scratch schema, imported from `shard`; a shard without them is an error. */
async function scratchTables(tx: Queryable, catalogId: number, shard: string): Promise<void> {
  await tx.query(`CREATE SCHEMA IF NOT EXISTS ${ident(MOVE_SCHEMA)}`);
  await importCatalogTables(tx, catalogId, shard, MOVE_SCHEMA);
  const rows = await tx.query(`SELECT count(*)::int AS n FROM pg_foreign_table f JOIN pg_class c ON c.oid = f.ftrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = ANY($2::text[])`, [
    MOVE_SCHEMA,
    [itemsTable(catalogId), searchTable(catalogId)],
  ]);
  if (rows[0]?.['n'] !== 2) throw new Error(`the shard ${shard} has no tables for catalog ${catalogId}: start catq-server with its --shard-url (and the catalog) once first.`);
}

/**
 * The marks of the catalog's search table on one shard (store/layout.ts: which rows and
 * attributes are filled), read through a foreign table of that shard's marks table.
 */
async function marksOn(tx: Queryable, catalogId: number, shard: string): Promise<string[]> {
  const schema = `${MOVE_SCHEMA}_marks`;
  await tx.query(`CREATE SCHEMA IF NOT EXISTS ${ident(schema)}`);
  await tx.query(`DROP FOREIGN TABLE IF EXISTS ${ident(schema)}.${ident(MARKS_TABLE)}`);
  await tx.query(`IMPORT FOREIGN SCHEMA public LIMIT TO (${ident(MARKS_TABLE)}) FROM SERVER ${ident(shard)} INTO ${ident(schema)}`);
  const rows = await tx.query(`SELECT mark FROM ${ident(schema)}.${ident(MARKS_TABLE)} WHERE search_table = $1 ORDER BY mark`, [searchTable(catalogId)]);
  await tx.query(`DROP FOREIGN TABLE ${ident(schema)}.${ident(MARKS_TABLE)}`);
  return rows.map((r) => r['mark'] as string);
}

async function dropScratch(tx: Queryable, catalogId: number): Promise<void> {
  await tx.query(`DROP FOREIGN TABLE IF EXISTS ${ident(MOVE_SCHEMA)}.${ident(itemsTable(catalogId))}, ${ident(MOVE_SCHEMA)}.${ident(searchTable(catalogId))}`);
}

/**
 * Copies one table from the catalog's foreign table in `public` to the one in the scratch schema
 * (by column name). No RETURNING: postgres_fdw sends batches (`batch_size`) only without it.
 */
async function copyTable(tx: Queryable, table: string): Promise<void> {
  const cols = (await tx.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`, [MOVE_SCHEMA, table])).map((r) =>
    ident(r['column_name'] as string),
  );
  const list = cols.join(', ');
  await tx.query(`INSERT INTO ${ident(MOVE_SCHEMA)}.${ident(table)} (${list}) SELECT ${list} FROM public.${ident(table)}`);
}

/**
 * Moves one catalog to another shard server while the service runs, through the coordinator's
 * postgres_fdw foreign tables (run by `catq-server move-catalog`):
 * 1. one coordinator transaction takes the catalog's write lock exclusively: it waits for the
 *    writes in flight, and new writes wait for it (or get a 503 after the service's lock wait);
 *    reads go on from the old shard. It empties the catalog's tables on the target, copies the
 *    rows of both tables there, records the new placement and points the foreign tables at the
 *    target. postgres_fdw commits the remote transactions just before the coordinator's: a
 *    failure before that leaves everything as it was; a failure between them leaves a copy on the
 *    target that no placement names (the next move empties it first);
 * 2. after `graceMs` (every service process has read the new placement by then, and reads of the
 *    old copy have ended), the old shard's tables of the catalog are emptied.
 */
export async function moveCatalog(coordinatorUrl: string, catalogId: number, toShardUrl: string, options: { readonly graceMs?: number; readonly log?: (line: string) => void } = {}): Promise<MoveResult> {
  const to = shardAddress(toShardUrl).name;
  const db: Db = await openPostgres(coordinatorUrl, { maxConnections: 1 });
  const lock = (tx: Queryable) => tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [CATALOG_LOCK, String(catalogId)]);
  try {
    const ready = await db.query(`SELECT to_regclass('catq_shards') IS NOT NULL AS ok`);
    if (ready[0]?.['ok'] !== true) throw new Error('this database has no catq_shards table: it is not the coordinator of a service started with --shard-url.');
    const known = await db.query('SELECT 1 FROM catq_shards WHERE name = $1', [to]);
    if (!known.length) throw new Error(`the shard ${toShardUrl} is not one of the coordinator's shards: start catq-server with --shard-url ${toShardUrl} first.`);
    const moved = await db.transaction(async (tx) => {
      await lock(tx);
      const from = (await tx.query('SELECT shard FROM catq_placement WHERE catalog_id = $1::numeric', [String(catalogId)]))[0]?.['shard'] as string | undefined;
      if (from === undefined) throw new Error(`catalog ${catalogId} has no placement on this coordinator.`);
      if (from === to) return { catalogId, from, to, items: 0 };
      // The target's search table was marked complete for the catalog's current layout when the
      // service created it (empty); the copied rows are complete only if the source's are too.
      const [source, target] = [await marksOn(tx, catalogId, from), await marksOn(tx, catalogId, to)];
      if (source.join('\n') !== target.join('\n')) {
        throw new Error(`catalog ${catalogId}'s search table on ${from} is not filled for its current layout yet (the service fills it in the background); move it once that is done.`);
      }
      await scratchTables(tx, catalogId, to);
      await tx.query(`TRUNCATE ${ident(MOVE_SCHEMA)}.${ident(itemsTable(catalogId))}, ${ident(MOVE_SCHEMA)}.${ident(searchTable(catalogId))}`);
      // (the count is stable: writes to the catalog wait for the lock)
      const items = Number((await tx.query(`SELECT count(*)::int AS n FROM public.${ident(itemsTable(catalogId))}`))[0]?.['n'] ?? 0);
      await copyTable(tx, itemsTable(catalogId));
      await copyTable(tx, searchTable(catalogId));
      await dropScratch(tx, catalogId);
      await place(tx, catalogId, to);
      await importCatalogTables(tx, catalogId, to);
      return { catalogId, from, to, items };
    });
    if (moved.from === moved.to) return moved;
    options.log?.(`catalog ${catalogId}: ${moved.items} items copied from ${moved.from} to ${moved.to}; the old copy is emptied in ${options.graceMs ?? 5000} ms.`);
    await new Promise((r) => setTimeout(r, options.graceMs ?? 5000));
    await db.transaction(async (tx) => {
      await lock(tx);
      // (moved back meanwhile: the old shard holds the catalog again, keep it)
      const now = (await tx.query('SELECT shard FROM catq_placement WHERE catalog_id = $1::numeric', [String(catalogId)]))[0]?.['shard'];
      if (now === moved.from) return;
      await scratchTables(tx, catalogId, moved.from);
      await tx.query(`TRUNCATE ${ident(MOVE_SCHEMA)}.${ident(itemsTable(catalogId))}, ${ident(MOVE_SCHEMA)}.${ident(searchTable(catalogId))}`);
      await dropScratch(tx, catalogId);
    });
    return moved;
  } finally {
    await db.close();
  }
}
