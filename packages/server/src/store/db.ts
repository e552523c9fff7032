import { readFileSync } from 'node:fs';
import { DatabaseUnavailable, isRetryable, unavailableFor } from './failures.js';
import { freshInMemory } from './fresh-cluster.js';
import { ReplicaHealth, type ReplicaChange } from './replica-health.js';
import { StatementWatch } from './statement-watch.js';
/**
 * One small interface over the two PostgreSQL engines the service runs on: a real server through
 * `pg` (a pool) and embedded PGlite (one in-process connection, in memory or in a directory).
 * Everything above it speaks SQL with `$n` parameters and never knows which engine it has.
 */
export type Row = Record<string, unknown>;

/** What a statement runs on: the database, or one transaction of it. */
export interface Queryable {
  query(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /**
   * Runs one read with sequential scans priced out and no parallel workers (`enable_seqscan =
   * off` and `max_parallel_workers_per_gather = 0`: on connections set up so when they open, or,
   * through a transaction pooler or on PGlite, `SET LOCAL` in a transaction of its own):
   * for a statement meant to be answered from indexes, which PostgreSQL would otherwise read
   * whole, or with parallel workers, when it overestimates the matching rows. (Starting workers
   * for a page costs far more than the page: a `one-of` of 200 absent tags at 1M items took
   * 73–107 ms with a parallel bitmap scan, 2–3 ms without.)
   */
  queryIndexed?(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/** A database connection (pool) that can run transactions. */
export interface Db extends Queryable {
  /** Which engine: `pglite` or `postgres`. */
  readonly engine: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Where List and Get read: read replicas when there are any (else the database itself). */
  readonly reads?: Queryable | undefined;
  /** Throws when the database does not answer a trivial statement. */
  ping?(): Promise<void>;
  /** How full the connection pools are (a PostgreSQL server only). */
  stats?(): PoolStats;
  /** Whether each read replica takes reads (1) or is left out after a failure (0), in `--read-database-url` order. */
  replicasUp?(): number[];
  /** Tries each read replica once; one that does not answer is left out (as after a failed read). */
  checkReplicas?(): Promise<void>;
  /**
   * Whether the server is reached through a transaction pooler (PgBouncer) that refused the
   * connection's start-up parameters, so they are not sent (see {@link openPostgres}).
   */
  readonly pooled?: boolean;
  /** PGlite only: a checkpoint, then PGlite's dump of its data folder (a tar, `dumpDataDir`). */
  dump?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** How the pool on a PostgreSQL server behaves. */
export interface PostgresOptions {
  /** Longest a statement may run (`statement_timeout`), in ms; 0 = no limit. */
  readonly statementTimeoutMs?: number;
  /** Connections in the pool (default 16). */
  readonly maxConnections?: number;
  /** Longest wait for a connection (making one, or a free one of the pool), in ms (default 5000). */
  readonly connectTimeoutMs?: number;
  /**
   * How long a connection may sit idle in the pool before it is closed, in ms; 0 keeps idle
   * connections open. Default {@link DEFAULT_POOL_IDLE_MS}.
   */
  readonly idleTimeoutMs?: number;
  /** Deadlocks and serialization failures are retried until this many ms have passed (default 30000). */
  readonly retryDeadlineMs?: number;
  /** PostgreSQL streaming replicas: reads (`reads`) go to them in turn, falling back to the primary. */
  readonly readUrls?: readonly string[];
  /** Called when a read replica stops answering (it is then left out: replica-health.ts) and when it answers again. */
  readonly onReplicaChange?: (change: ReplicaChange) => void;
  /** Called with every failure that means the database is unavailable (the service then checks its readiness). */
  readonly onUnavailable?: (e: DatabaseUnavailable) => void;
  /** Called with how long each statement or transaction waited for a pool connection, in seconds. */
  readonly onAcquire?: (seconds: number) => void;
  /**
   * `true`: the URL is a transaction pooler (PgBouncer): send no start-up parameters. Absent:
   * detected (a pooler that refuses them answers "unsupported startup parameter").
   */
  readonly pooled?: boolean;
}

/**
 * Idle connections are kept five minutes (node-postgres closes them after 10 s by default). A new
 * connection costs its first request the connection itself and a backend whose caches are cold:
 * the first listing statement on the search table (about 60 columns and 22 indexes at the
 * sample catalog) took 5–14 ms in a new backend and 2–3 ms in a warm one at 1M items, so with
 * the default every request after a lull of ten seconds paid it again.
 */
export const DEFAULT_POOL_IDLE_MS = 300_000;

/** The settings of a read meant to be answered from indexes (see Queryable.queryIndexed). */
const INDEXED_SETTINGS = 'SET enable_seqscan = off; SET max_parallel_workers_per_gather = 0';
/** The same, for one transaction (through a transaction pooler). */
const INDEXED_TRANSACTION = 'BEGIN; SET LOCAL enable_seqscan = off; SET LOCAL max_parallel_workers_per_gather = 0';

/** PgBouncer's answer to a start-up parameter it does not pass on (`options`, `statement_timeout`). */
const POOLER_REFUSAL = /unsupported startup parameter/i;

/** How full the connection pools are (primary and replicas together). */
export interface PoolStats {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
  readonly max: number;
}

/** Whether a failure means the server does not answer (unreachable, refused, lost). */
function isDown(e: unknown): e is DatabaseUnavailable {
  return e instanceof DatabaseUnavailable && e.kind === 'down';
}

/** What went wrong, in the driver's words (the unavailable error's own message is the client's). */
function causeText(e: DatabaseUnavailable): string {
  return e.cause instanceof Error ? e.cause.message : e.message;
}

type Pool = import('pg').Pool;
type PoolClient = import('pg').PoolClient;

/** Opens a pool on a PostgreSQL server (and on its read replicas). */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  const { default: pg } = await import('pg');
  const timeout = options.statementTimeoutMs ?? 0;
  const max = options.maxConnections ?? 16;
  const makePool = (connectionString: string, pooled: boolean, size = max): Pool => {
    const pool = new pg.Pool({
      connectionString,
      max: size,
      // The service's statements read a page of rows: JIT compilation never pays off for them, and
      // a listing of many clauses would otherwise compile hundreds of functions (seconds) per run.
      // (`options` in the URL, when given, replaces this.) Through a transaction pooler these
      // start-up parameters are refused: set them on the role or database instead (docs/operations.md).
      ...(pooled ? {} : { options: '-c jit=off' }),
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      idleTimeoutMillis: options.idleTimeoutMs ?? DEFAULT_POOL_IDLE_MS,
      keepAlive: true,
      ...(timeout > 0 && !pooled ? { statement_timeout: timeout } : {}),
    });
    // A client that loses its server emits 'error'; without a listener that would end the process.
    // The pool listens while a client is idle; a client lent out (a statement running, or about
    // to) has no listener of the pool's, so each client gets one of its own for its whole life:
    // its statements still fail (and the request gets its 503), the process goes on.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    return pool;
  };
  let pooled = options.pooled ?? false;
  let primary = makePool(url, pooled);
  try {
    await primary.query('SELECT 1');
  } catch (e) {
    await primary.end().catch(() => {});
    if (options.pooled !== undefined || !POOLER_REFUSAL.test((e as Error).message)) throw e;
    // A transaction pooler in front: connect again without start-up parameters.
    pooled = true;
    primary = makePool(url, true);
    try {
      await primary.query('SELECT 1');
    } catch (e2) {
      await primary.end().catch(() => {});
      throw e2;
    }
  }
  const replicas = (options.readUrls ?? []).map((u) => makePool(u, pooled));
  // Reads meant to be answered from indexes (Queryable.queryIndexed) go, without a pooler, to a
  // smaller companion pool of each server whose connections are set up for them once, when each
  // is opened: no transaction and no SET per read (two round trips a read, about 1 ms of a 10 ms
  // page). Through a transaction pooler a session's settings would leak to other clients, so
  // there each read sets them locally in a transaction of its own.
  const companions = new Map<Pool, Pool>();
  if (!pooled) {
    const urls = [url, ...(options.readUrls ?? [])];
    [primary, ...replicas].forEach((p, i) => {
      const c = makePool(urls[i] as string, false, Math.max(2, Math.ceil(max / 2)));
      c.on('connect', (client) => void client.query(INDEXED_SETTINGS).catch(() => {}));
      companions.set(p, c);
    });
  }
  const all = [primary, ...replicas, ...companions.values()];
  // A statement that the server does not answer at all (its statement_timeout would have ended it
  // with a clearer error by then) loses its connection a little after the statement timeout.
  const watch = timeout > 0 ? new StatementWatch(timeout + Math.min(5000, timeout)) : undefined;
  /**
   * The rows of one statement on a pooled client, through node-postgres's callback form, under the
   * watch's deadline. The promise form (`client.query(sql, params)` without a callback) made a List
   * page's rows outlive their request: under a steady list load about 0.8 MB more of the heap
   * survived each young-generation collection, whose pauses grew by a third, and the old
   * generation filled faster (measured with `--trace-gc-nvp` on the 1M-item database).
   */
  const rowsOf = (client: PoolClient, sql: string, params: readonly unknown[] = []): Promise<Row[]> =>
    new Promise((resolve, reject) => {
      client.query(sql, [...params], (error: Error | undefined, result: { rows: Row[] }) => {
        watch?.end(client);
        if (error) reject(error);
        else resolve(result.rows);
      });
      // (After the call: one that throws has no statement to watch. node-postgres always answers later.)
      watch?.start(client);
    });
  const fail = (e: unknown, connecting = false, pool: Pool = primary): unknown => {
    const u = unavailableFor(e, timeout, connecting);
    // (a replica that fails is not the service failing: the primary answers instead)
    if (u && pool === primary) options.onUnavailable?.(u);
    return u ?? e;
  };
  /** A connection of `pool`; `owner` is the server's main pool (whose failures are the service's). */
  const connect = async (pool: Pool, owner: Pool = pool): Promise<PoolClient> => {
    const t0 = performance.now();
    try {
      return await pool.connect();
    } catch (e) {
      throw fail(e, true, owner);
    } finally {
      options.onAcquire?.((performance.now() - t0) / 1000);
    }
  };
  const run = async (pool: Pool, sql: string, params: readonly unknown[], indexed = false): Promise<Row[]> => {
    const companion = indexed ? companions.get(pool) : undefined;
    const client = await connect(companion ?? pool, pool);
    let broken: Error | undefined;
    try {
      // Unnamed statements: PostgreSQL plans each with its values (a generic plan of a listing
      // can be a thousand times slower for some values than for others).
      if (!indexed || companion) return await rowsOf(client, sql, params);
      await rowsOf(client, INDEXED_TRANSACTION);
      try {
        const rows = await rowsOf(client, sql, params);
        await rowsOf(client, 'COMMIT');
        return rows;
      } catch (e) {
        await rowsOf(client, 'ROLLBACK').catch(() => {});
        throw e;
      }
    } catch (e) {
      const out = fail(e, false, pool);
      // A connection that failed (not a statement that failed) is not given back to the pool.
      if (out instanceof DatabaseUnavailable && (e as { code?: unknown }).code !== '57014') broken = e as Error;
      throw out;
    } finally {
      client.release(broken);
    }
  };
  // A replica's trial: answered (undefined), or why not.
  const probe = (index: number): Promise<string | undefined> =>
    run(replicas[index] as Pool, 'SELECT 1', []).then(
      () => undefined,
      (e: unknown) => (e instanceof DatabaseUnavailable ? causeText(e) : e instanceof Error ? e.message : String(e)),
    );
  const health = new ReplicaHealth(replicas.length, probe, options.onReplicaChange);
  const onReplica = async (sql: string, params: readonly unknown[], indexed: boolean): Promise<Row[]> => {
    const index = health.next();
    if (index === undefined) return run(primary, sql, params, indexed);
    try {
      return await run(replicas[index] as Pool, sql, params, indexed);
    } catch (e) {
      // The primary has everything a replica has: it answers for a replica that is down (which
      // is then left out), and for one that lacks a table yet (it has not replayed the primary's
      // CREATE TABLE of a catalog added at a restart: it is behind, not away).
      if (isDown(e)) health.failed(index, causeText(e));
      else if (!(e instanceof DatabaseUnavailable && e.kind === 'schema')) throw e;
      return run(primary, sql, params, indexed);
    }
  };
  const replicaReads = (): Queryable => ({
    query: (sql, params = []) => onReplica(sql, params, false),
    queryIndexed: (sql, params = []) => onReplica(sql, params, true),
  });
  const deadline = options.retryDeadlineMs ?? 30_000;
  return {
    engine: 'postgres',
    pooled,
    query: (sql, params = []) => run(primary, sql, params),
    queryIndexed: (sql, params = []) => run(primary, sql, params, true),
    reads: replicas.length ? replicaReads() : undefined,
    replicasUp: () => health.upStates(),
    checkReplicas: () => health.checkAll(),
    async transaction(fn) {
      // A deadlock or serialization failure rolls the whole batch back: run it again, after a short
      // random pause that grows, until it is stored or the retry deadline passes.
      const started = Date.now();
      for (let attempt = 1; ; attempt++) {
        const client = await connect(primary);
        try {
          await rowsOf(client, 'BEGIN');
          const out = await fn({ query: (sql, params = []) => rowsOf(client, sql, params) });
          await rowsOf(client, 'COMMIT');
          client.release();
          return out;
        } catch (e) {
          await rowsOf(client, 'ROLLBACK').catch(() => {});
          const out = isRetryable(e) ? undefined : fail(e);
          // A connection that failed (not a statement that failed) is not given back to the pool.
          client.release(out instanceof DatabaseUnavailable && (e as { code?: unknown }).code !== '57014' ? (e as Error) : undefined);
          if (out !== undefined) throw out;
          if (Date.now() - started >= deadline) {
            throw new DatabaseUnavailable(`The batch kept colliding with other writes of the same items for ${deadline} ms and was not stored; send it again.`, 'contention', 1, e);
          }
          await new Promise((r) => setTimeout(r, Math.random() * Math.min(250, 5 * 2 ** attempt)));
        }
      }
    },
    async ping() {
      await run(primary, 'SELECT 1', []);
    },
    stats() {
      let total = 0;
      let idle = 0;
      let waiting = 0;
      for (const p of all) {
        total += p.totalCount;
        idle += p.idleCount;
        waiting += p.waitingCount;
      }
      return { total, idle, waiting, max: all.reduce((n, p) => n + (p.options.max ?? max), 0) };
    },
    close: async () => {
      health.close();
      watch?.close();
      await Promise.all(all.map((p) => p.end()));
    },
  };
}

/**
 * Rows written between two `VACUUM`s on PGlite. PGlite runs PostgreSQL in one process with
 * no autovacuum and no checkpointer: every overwritten row version stays in its (in-memory) data
 * files and the write-ahead log grows a 16 MB segment after another, so upserting the same ids
 * grew the process steadily under load. A plain VACUUM (space of dead rows reusable) and a
 * CHECKPOINT (old WAL segments recycled) every so many written rows keep memory at the working set.
 * Counted in rows, not transactions: one batch writes up to 1000 items (2000 rows with their search
 * rows), and a count of transactions let a minute of batches grow the process by 1.6 GB first.
 */
const PGLITE_VACUUM_ROWS = 20_000;

/**
 * Opens embedded PGlite: kept in `dataDir`, or in memory (started from `dump`, a file of PGlite's
 * `dumpDataDir`, when given; else an empty cluster).
 */
export async function openPglite(dataDir?: string, dump?: string): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db =
    dataDir !== undefined
      ? await PGlite.create(dataDir)
      : dump !== undefined
        ? await PGlite.create({ loadDataDir: new Blob([readFileSync(dump)]) })
        : await freshInMemory(PGlite);
  let written = 0;
  return {
    engine: 'pglite',
    async query(sql, params = []) {
      return (await db.query(sql, [...params])).rows as Row[];
    },
    async queryIndexed(sql, params = []) {
      return db.transaction(async (tx) => {
        await tx.exec('SET LOCAL enable_seqscan = off; SET LOCAL max_parallel_workers_per_gather = 0');
        return (await tx.query(sql, [...params])).rows as Row[];
      });
    },
    async transaction(fn) {
      const out = await db.transaction((tx) =>
        fn({
          query: async (sql, params = []) => {
            const r = await tx.query(sql, [...params]);
            written += r.affectedRows ?? 0;
            return r.rows as Row[];
          },
        }),
      );
      if (written >= PGLITE_VACUUM_ROWS) {
        written = 0;
        // Queued behind the statements already sent (PGlite runs one at a time); a failure is harmless.
        // (two statements: VACUUM cannot run in the implicit transaction of a multi-statement string)
        void db
          .exec('VACUUM')
          .then(() => db.exec('CHECKPOINT'))
          .catch(() => {});
      }
      return out;
    },
    async ping() {
      await db.query('SELECT 1');
    },
    async dump() {
      await db.exec('CHECKPOINT');
      return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
    },
    close: () => db.close(),
  };
}
