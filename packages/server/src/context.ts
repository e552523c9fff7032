import type { Catalog } from 'catq';
import type { StoredKey } from './auth.js';
import type { ServiceMetrics } from './metrics.js';
import type { ShardRouter } from './shards/router.js';
import type { Db } from './store/db.js';

/**
 * What every route reads: the database, the catalogs of each network, the keys (an array the
 * service replaces in place on SIGHUP, see keys.ts).
 */
export interface ServiceContext {
  readonly db: Db;
  /** Catalogs by network id, then by catalog id. */
  readonly networks: ReadonlyMap<number, ReadonlyMap<number, Catalog>>;
  readonly keys: readonly StoredKey[];
  /** Largest accepted request body, in bytes. */
  readonly bodyLimit: number;
  /** A folder holding the playground's built `index.html`, served at `/` when present. */
  readonly playgroundDir?: string;
  /** Prometheus metrics, when `--metrics-port` is given. */
  readonly metrics?: ServiceMetrics;
  /** Origins allowed to call the API from a browser (CORS); none when absent. */
  readonly corsOrigins?: readonly string[];
  /** With shard servers: where each catalog's statements go (`db` is then the coordinator). */
  readonly shards?: ShardRouter;
}

/** The database holding a catalog's tables: its shard, or the one database. */
export function catalogDb(ctx: ServiceContext, catalogId: number): Db {
  return ctx.shards ? ctx.shards.dbFor(catalogId) : ctx.db;
}

/** Runs one catalog's write on the database holding it (on a shard: under its write lock, see shards/router.ts). */
export function writeCatalog<T>(ctx: ServiceContext, catalogId: number, fn: (db: Db) => Promise<T>): Promise<T> {
  return ctx.shards ? ctx.shards.write(catalogId, fn) : fn(ctx.db);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The network of the request's API key (set by the authentication hook on /v1 routes). */
    networkId: number;
    /** Items a batch wrote (stored, updated or deleted; none for a dry run), for the metrics. */
    itemsWritten: number;
  }
}
