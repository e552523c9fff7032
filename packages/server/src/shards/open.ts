import type { Catalog } from 'catq';
import { openPostgres, type Db, type PostgresOptions } from '../store/db.js';
import type { TableStore } from '../store/layout.js';
import { ident } from '../store/names.js';
import { addressLabel } from '../store/postgres-address.js';
import { createSchema, itemsTable } from '../store/schema.js';
import { chooseShard, coordinatorStatements, importCatalogTables, place, PLACEMENT_LOCK, readPlacement, registerShards, shardAddress, type ShardAddress } from './coordinator.js';
import { ShardRouter } from './router.js';

/** The shards of a service process, opened. */
export interface OpenShards {
  readonly router: ShardRouter;
  readonly addresses: readonly ShardAddress[];
  /** Each shard's pool with the stores registered on it (every catalog has its tables on every shard). */
  readonly stores: ReadonlyMap<Db, TableStore[]>;
}

/** Runs `fn` on a connection of its own without a statement timeout (DDL on a large table may take long). */
async function withDdl<T>(url: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const ddl = await openPostgres(url, { maxConnections: 1 });
  try {
    return await fn(ddl);
  } finally {
    await ddl.close();
  }
}

/** Items of each catalog on each shard (exact counts: run only when a catalog needs a place). */
async function countItems(shards: readonly ShardAddress[], pools: ReadonlyMap<string, Db>, catalogs: readonly Catalog[]): Promise<Map<string, Map<number, number>>> {
  const out = new Map<string, Map<number, number>>();
  for (const s of shards) {
    const db = pools.get(s.name) as Db;
    const union = catalogs.map((c, i) => `SELECT ${i} AS i, count(*)::float8 AS n FROM ${ident(itemsTable(c.Id))}`).join(' UNION ALL ');
    const rows = await db.query(union);
    out.set(s.name, new Map(rows.map((r) => [(catalogs[Number(r['i'])] as Catalog).Id, Number(r['n'])])));
  }
  return out;
}

/**
 * Opens the shard servers and prepares the coordinator, at start:
 * 1. every catalog's tables on every shard (empty where the catalog is not placed: moving a
 *    catalog is then a copy of rows, with no DDL while the service runs);
 * 2. on the coordinator, under one advisory lock (several processes may start at once): its
 *    tables, a foreign server per shard, a place for each new catalog (the shard with the fewest
 *    items), and the foreign tables of every catalog, imported from the shard that holds it.
 */
export async function openShards(coordinatorUrl: string, coordinator: Db, shardUrls: readonly string[], catalogs: readonly Catalog[], options: PostgresOptions): Promise<OpenShards> {
  const addresses = shardUrls.map(shardAddress);
  const pools = new Map<string, Db>();
  const stores = new Map<Db, TableStore[]>();
  try {
    for (const a of addresses) {
      if (pools.has(a.name)) continue;
      let db: Db;
      try {
        db = await openPostgres(a.url, options);
      } catch (e) {
        throw new Error(`cannot open the shard server ${addressLabel(a)}: ${(e as Error).message}`);
      }
      pools.set(a.name, db);
      stores.set(db, await withDdl(a.url, (ddl) => createSchema(ddl, catalogs, db)));
    }
    const placement = await withDdl(coordinatorUrl, (ddl) =>
      ddl.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [PLACEMENT_LOCK]);
        for (const s of coordinatorStatements(addresses)) await tx.query(s);
        await registerShards(tx, addresses);
        const placed = await readPlacement(tx);
        const unplaced = catalogs.filter((c) => !placed.has(c.Id));
        if (unplaced.length) {
          const counts = await countItems(addresses, pools, catalogs);
          for (const c of unplaced) {
            const shard = chooseShard(c.Id, addresses, placed, counts);
            await place(tx, c.Id, shard);
            placed.set(c.Id, shard);
          }
        }
        for (const c of catalogs) await importCatalogTables(tx, c.Id, placed.get(c.Id) as string);
        return placed;
      }),
    );
    return { router: new ShardRouter(coordinator, pools, placement), addresses, stores };
  } catch (e) {
    await Promise.all([...pools.values()].map((db) => db.close().catch(() => {})));
    throw e;
  }
}
