/**
 * One small interface over the two PostgreSQL engines the service runs on: a real server through
 * `pg` (a pool) and embedded PGlite (one in-process connection, in memory or in a directory).
 * Everything above it speaks SQL with `$n` parameters and never knows which engine it has.
 */
export type Row = Record<string, unknown>;

/** What a statement runs on: the database, or one transaction of it. */
export interface Queryable {
  query(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/** A database connection (pool) that can run transactions. */
export interface Db extends Queryable {
  /** Which engine: `pglite` or `postgres`. */
  readonly engine: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Opens a pool on a PostgreSQL server. */
export async function openPostgres(url: string): Promise<Db> {
  const { default: pg } = await import('pg');
  // The service's statements read a page of rows: JIT compilation never pays off for them, and
  // a listing of many clauses would otherwise compile hundreds of functions (seconds) per run.
  // (`options` in the URL, when given, replaces this.)
  const pool = new pg.Pool({ connectionString: url, max: 16, options: '-c jit=off' });
  // A client that loses its server emits 'error'; without a listener that would end the process.
  pool.on('error', () => {});
  await pool.query('SELECT 1');
  return {
    engine: 'postgres',
    async query(sql, params = []) {
      // Unnamed statements: PostgreSQL plans each with its values (a generic plan of a listing
      // can be a thousand times slower for some values than for others).
      return (await pool.query(sql, [...params])).rows as Row[];
    },
    async transaction(fn) {
      // A deadlock or serialization failure rolls the whole batch back: run it again (a few times).
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const out = await fn({ query: async (sql, params = []) => (await client.query(sql, [...params])).rows as Row[] });
          await client.query('COMMIT');
          return out;
        } catch (e) {
          await client.query('ROLLBACK').catch(() => {});
          const code = (e as { code?: unknown }).code;
          if ((code === '40P01' || code === '40001') && attempt < 5) continue;
          throw e;
        } finally {
          client.release();
        }
      }
    },
    close: () => pool.end(),
  };
}

/** Opens embedded PGlite: in memory, or kept in `dataDir`. */
export async function openPglite(dataDir?: string): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = dataDir === undefined ? await PGlite.create() : await PGlite.create(dataDir);
  return {
    engine: 'pglite',
    async query(sql, params = []) {
      return (await db.query(sql, [...params])).rows as Row[];
    },
    transaction(fn) {
      return db.transaction((tx) => fn({ query: async (sql, params = []) => (await tx.query(sql, [...params])).rows as Row[] }));
    },
    close: () => db.close(),
  };
}
