import type { Db, Queryable } from '../store/db.js';
import { DatabaseUnavailable } from '../store/failures.js';
import { CATALOG_LOCK, readPlacement } from './coordinator.js';

/**
 * Sends each catalog's statements to the shard server that holds it. The placement is the
 * coordinator's (`catq_placement`):
 * - a write (one batch, one catalog) takes the catalog's write lock on the coordinator, shared
 *   (`pg_advisory_xact_lock_shared`), then reads the placement and runs its one transaction on
 *   that shard; a move takes the same lock exclusively, so a write waits for a move to end (up to
 *   `lockWaitMs`, then a 503 to send again) and always lands where the catalog is;
 * - a read uses the placement read every `refreshMs` (reads need no coordinator round trip, and go
 *   on while the coordinator is away); a move keeps the old copy until every process has had
 *   time to read the new placement.
 * Statements go straight to the shard, not through the coordinator's foreign tables: postgres_fdw
 * has no `INSERT ... ON CONFLICT DO UPDATE` on a foreign table, and a direct statement is one hop.
 */
export class ShardRouter {
  private placement: Map<number, string>;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    /** The coordinator (placement, write locks). */
    readonly coordinator: Db,
    /** Each shard's pool, by the shard's name. */
    readonly shards: ReadonlyMap<string, Db>,
    placement: Map<number, string>,
    private readonly options: { readonly refreshMs?: number; readonly lockWaitMs?: number } = {},
  ) {
    this.placement = placement;
  }

  /** Reads the placement every `refreshMs` (default 1000) until {@link stop}. */
  start(): void {
    const tick = (): void => {
      void this.refresh()
        .catch(() => undefined) // the coordinator away: keep the last placement
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, this.options.refreshMs ?? 1000).unref();
        });
    };
    this.timer = setTimeout(tick, this.options.refreshMs ?? 1000).unref();
  }

  /** Stops reading the placement. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Reads the placement now. */
  async refresh(): Promise<void> {
    this.placement = await readPlacement(this.coordinator);
  }

  /** The shard name of a catalog (as last read). */
  shardOf(catalogId: number): string | undefined {
    return this.placement.get(catalogId);
  }

  private dbOf(catalogId: number, shard: string | undefined): Db {
    const db = shard === undefined ? undefined : this.shards.get(shard);
    if (db) return db;
    throw new DatabaseUnavailable(
      shard === undefined
        ? `Catalog ${catalogId} has no shard server yet; try again shortly.`
        : `Catalog ${catalogId} is on a shard server this service process was not started with (${shard}); the operator must add its --shard-url. Try again later.`,
      'down',
      5,
    );
  }

  /** The shard pool that holds a catalog (where its reads go). */
  dbFor(catalogId: number): Db {
    return this.dbOf(catalogId, this.placement.get(catalogId));
  }

  /**
   * Runs one catalog's write on the shard that holds it, under the catalog's shared write lock on
   * the coordinator (see the class comment). The shard's transaction is the batch's only one, so
   * the batch stays all-or-nothing without a two-phase commit across servers.
   */
  async write<T>(catalogId: number, fn: (db: Db) => Promise<T>): Promise<T> {
    const waitMs = this.options.lockWaitMs ?? 5000;
    // A failure of the shard is kept out of the coordinator's transaction (it is not the
    // coordinator failing): that transaction ends normally and the failure is thrown after it.
    let failure: { e: unknown } | undefined;
    const out = await this.coordinator.transaction(async (tx: Queryable) => {
      await tx.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.floor(waitMs))}`);
      try {
        await tx.query('SELECT pg_advisory_xact_lock_shared($1, hashtext($2))', [CATALOG_LOCK, String(catalogId)]);
      } catch (e) {
        if ((e as { code?: unknown }).code !== '55P03') throw e;
        throw new DatabaseUnavailable(`Catalog ${catalogId} is being moved to another shard server; the write was not stored. Send it again shortly.`, 'contention', 2, e);
      }
      // Read after the lock: a move that just ended is seen.
      const rows = await tx.query('SELECT shard FROM catq_placement WHERE catalog_id = $1::numeric', [String(catalogId)]);
      const shard = rows[0]?.['shard'] as string | undefined;
      if (shard !== undefined) this.placement.set(catalogId, shard);
      try {
        return await fn(this.dbOf(catalogId, shard));
      } catch (e) {
        failure = { e };
        return undefined;
      }
    });
    if (failure) throw failure.e;
    return out as T;
  }

  /** Closes the shard pools (the coordinator is the service's own database, closed by it). */
  async close(): Promise<void> {
    this.stop();
    await Promise.all([...this.shards.values()].map((db) => db.close()));
  }
}
