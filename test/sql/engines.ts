/**
 * The real engines the SQL tests run on, one table of them: PostgreSQL (PGlite, WebAssembly),
 * the PostgreSQL 15 server (DATABASE_URL, through `pg`), SQLite (better-sqlite3) and MariaDB
 * (MYSQL_URL, through `mysql2`). One instance of each per test file, each server test file in
 * its own freshly created database (dropped on close); items of many cases live in one table
 * (`grp` tells the cases apart) so that a property run costs one insert per batch per engine.
 *
 * A new dialect's engine is one entry of {@link startEngines}.
 */
import type { PGlite } from '@electric-sql/pglite';
import { freshPglite } from '../support/pglite.js';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { ALIAS_PATHS, aliasRawKey, type Catalog } from '../../src/catalog/index.js';
import { QueryError } from '../../src/diagnostics/index.js';
import { registerSqliteFunctions, type DialectName } from '../../src/sql/index.js';

const DATABASE_URL = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MYSQL_URL = process.env['MYSQL_URL'] ?? 'mysql://root@127.0.0.1:3306/test';

/** One engine: how to make a table, insert items, and run compiled SQL on it. */
export interface SqlEngine {
  /** A name for test titles: `pglite`, `postgres-server`, `sqlite`, `mariadb`. */
  readonly name: string;
  readonly dialect: DialectName;
  /** Runs DDL (one or more statements separated by `;` for the PostgreSQL engines; one statement otherwise). */
  exec(sql: string): Promise<void>;
  /** Creates an `items(grp, n, data)`-shaped table. */
  createTable(table: string, column: string): Promise<void>;
  /** Inserts JSON texts under group `grp` (row numbers are the indexes). */
  insertTexts(grp: number, texts: readonly string[], table: string, column: string): Promise<void>;
  /** The rows of a statement with its parameters. */
  query(sql: string, params: readonly unknown[]): Promise<Record<string, unknown>[]>;
  /** A JSON column value as returned by the driver, parsed. */
  json(value: unknown): unknown;
  close(): Promise<void>;
}

export interface Engines {
  readonly pg: PGlite;
  readonly lite: Database.Database;
  /** Every engine, PGlite and SQLite first. */
  readonly all: readonly SqlEngine[];
  close(): Promise<void>;
}

const q = (s: string) => '"' + s.replace(/"/g, '""') + '"';
const bq = (s: string) => '`' + s.replace(/`/g, '``') + '`';
const uniqueName = () => `catq_t_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e9).toString(36)}`;
/** Whether the process that made a `catq_t_<pid>_...` database is gone (killed runs leave theirs behind). */
function orphaned(name: string): boolean {
  const pid = Number(/^catq_t_(\d+)_/.exec(name)?.[1]);
  if (!Number.isInteger(pid) || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
const parsed = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);

function pgliteEngine(db: PGlite): SqlEngine {
  return {
    name: 'pglite',
    dialect: 'postgres',
    exec: async (sql) => void (await db.exec(sql)),
    createTable: async (table, column) => void (await db.exec(`CREATE TABLE ${q(table)} (grp int NOT NULL, n int NOT NULL, ${q(column)} jsonb)`)),
    async insertTexts(grp, texts, table, column) {
      await db.query(
        `INSERT INTO ${q(table)} (grp, n, ${q(column)}) SELECT $1::int, (x.ord - 1)::int, x.t::jsonb FROM unnest($2::text[]) WITH ORDINALITY AS x(t, ord)`,
        [grp, texts],
      );
    },
    query: async (sql, params) => (await db.query<Record<string, unknown>>(sql, [...params])).rows,
    json: parsed,
    close: async () => undefined,
  };
}

async function pgServerEngine(): Promise<SqlEngine> {
  const name = uniqueName();
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  const old = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'catq\\_t\\_%'`);
  for (const { datname } of old.rows) if (orphaned(datname)) await admin.query(`DROP DATABASE IF EXISTS ${q(datname)} WITH (FORCE)`).catch(() => undefined);
  await admin.query(`CREATE DATABASE ${q(name)}`);
  const url = new URL(DATABASE_URL);
  url.pathname = '/' + name;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect().catch(async (err: unknown) => {
    await admin.query(`DROP DATABASE IF EXISTS ${q(name)}`);
    await admin.end();
    throw err;
  });
  return {
    name: 'postgres-server',
    dialect: 'postgres',
    exec: async (sql) => void (await db.query(sql)),
    createTable: async (table, column) => void (await db.query(`CREATE TABLE ${q(table)} (grp int NOT NULL, n int NOT NULL, ${q(column)} jsonb)`)),
    async insertTexts(grp, texts, table, column) {
      await db.query(
        `INSERT INTO ${q(table)} (grp, n, ${q(column)}) SELECT $1::int, (x.ord - 1)::int, x.t::jsonb FROM unnest($2::text[]) WITH ORDINALITY AS x(t, ord)`,
        [grp, texts],
      );
    },
    query: async (sql, params) => (await db.query(sql, [...params])).rows as Record<string, unknown>[],
    json: parsed,
    async close() {
      await db.end();
      await admin.query(`DROP DATABASE IF EXISTS ${q(name)} WITH (FORCE)`);
      await admin.end();
    },
  };
}

function sqliteEngine(db: Database.Database): SqlEngine {
  return {
    name: 'sqlite',
    dialect: 'sqlite',
    exec: async (sql) => void db.exec(sql),
    createTable: async (table, column) => void db.exec(`CREATE TABLE ${q(table)} (grp INTEGER NOT NULL, n INTEGER NOT NULL, ${q(column)} TEXT)`),
    async insertTexts(grp, texts, table, column) {
      const ins = db.prepare(`INSERT INTO ${q(table)} (grp, n, ${q(column)}) VALUES (?, ?, ?)`);
      db.transaction(() => texts.forEach((t, i) => ins.run(grp, i, t)))();
    },
    query: async (sql, params) => db.prepare(sql).all(...params) as Record<string, unknown>[],
    json: parsed,
    close: async () => undefined,
  };
}

async function mariadbEngine(): Promise<SqlEngine> {
  const name = uniqueName();
  const admin = await mysql.createConnection({ uri: MYSQL_URL, connectTimeout: 120_000 });
  const [old] = await admin.query(`SHOW DATABASES LIKE 'catq\\_t\\_%'`);
  for (const row of old as Record<string, string>[]) {
    const db = Object.values(row)[0] as string;
    if (orphaned(db)) await admin.query(`DROP DATABASE IF EXISTS ${bq(db)}`).catch(() => undefined);
  }
  await admin.query(`CREATE DATABASE ${bq(name)} CHARACTER SET utf8mb4`);
  const url = new URL(MYSQL_URL);
  url.pathname = '/' + name;
  // The connection's default (case-insensitive) collation: compiled SQL must not depend on it.
  const db = await mysql.createConnection({ uri: url.toString(), maxPreparedStatements: 200, connectTimeout: 120_000 }).catch(async (err: unknown) => {
    await admin.query(`DROP DATABASE IF EXISTS ${bq(name)}`);
    await admin.end();
    throw err;
  });
  return {
    name: 'mariadb',
    dialect: 'mysql',
    exec: async (sql) => void (await db.query(sql)),
    createTable: async (table, column) =>
      void (await db.query(`CREATE TABLE ${bq(table)} (grp INT NOT NULL, n INT NOT NULL, ${bq(column)} JSON, KEY (grp)) CHARACTER SET utf8mb4`)),
    async insertTexts(grp, texts, table, column) {
      for (let i = 0; i < texts.length; i += 500) {
        const chunk = texts.slice(i, i + 500);
        const params = chunk.flatMap((t, k) => [grp, i + k, t]);
        await db.query(`INSERT INTO ${bq(table)} (grp, n, ${bq(column)}) VALUES ${chunk.map(() => '(?, ?, ?)').join(', ')}`, params);
      }
    },
    query: async (sql, params) => (await db.execute(sql, [...params] as mysql.ExecuteValues[]))[0] as Record<string, unknown>[],
    json: parsed,
    async close() {
      await db.end();
      await admin.query(`DROP DATABASE IF EXISTS ${bq(name)}`);
      await admin.end();
    },
  };
}

/** Retries a connection a few times: the shared machine is loaded, and a refused or reset connect is transient there. */
async function withRetry<T>(connect: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect();
    } catch (err) {
      if (attempt >= 4) throw err;
      await new Promise((r) => setTimeout(r, 1000 * attempt));
    }
  }
}

/** Starts every engine with an `items(grp int, n int, data)` table. */
export async function startEngines(table = 'items', column = 'data'): Promise<Engines> {
  const pgl = freshPglite();
  const lite = new Database(':memory:');
  registerSqliteFunctions(lite);
  const all: SqlEngine[] = [pgliteEngine(pgl), sqliteEngine(lite)];
  try {
    all.push(await withRetry(pgServerEngine));
    all.push(await withRetry(mariadbEngine));
    for (const e of all) await e.createTable(table, column);
  } catch (err) {
    // Drop the databases already created before reporting.
    for (const e of all) await e.close().catch(() => undefined);
    throw err;
  }
  return {
    pg: pgl,
    lite,
    all,
    async close() {
      for (const e of all) await e.close();
      lite.close();
      await pgl.close();
    },
  };
}

/** Inserts `items` under group `grp` on every engine (row numbers are the item indexes). */
export async function insertItems(e: Engines, grp: number, items: readonly unknown[], table = 'items', column = 'data'): Promise<void> {
  await insertRaw(e, grp, items.map((it) => JSON.stringify(it)), table, column);
}

/** Inserts items given as raw JSON texts (numbers the way other writers spell them: 1.0, 1E400, ...). */
export async function insertRaw(e: Engines, grp: number, texts: readonly string[], table = 'items', column = 'data'): Promise<void> {
  for (const engine of e.all) await engine.insertTexts(grp, texts, table, column);
}

/** Row numbers of group `grp` matching `where` on one engine. */
export async function engineRows(engine: SqlEngine, grp: number, where: string, params: readonly unknown[], table = 'items'): Promise<number[]> {
  const t = engine.dialect === 'mysql' ? bq(table) : q(table);
  const rows = await engine.query(`SELECT n FROM ${t} WHERE grp = ${grp | 0} AND (${where}) ORDER BY n`, params);
  return rows.map((row) => Number(row['n']));
}

/** Row numbers of group `grp` matching `where` on PostgreSQL (PGlite). */
export async function pgRows(e: Engines, grp: number, where: string, params: readonly unknown[], table = 'items'): Promise<number[]> {
  return engineRows(e.all[0] as SqlEngine, grp, where, params, table);
}

/** Row numbers of group `grp` matching `where` on SQLite. */
export function liteRows(e: Engines, grp: number, where: string, params: readonly unknown[], table = 'items'): number[] {
  const rows = e.lite.prepare(`SELECT n FROM ${q(table)} WHERE grp = ${grp | 0} AND (${where}) ORDER BY n`).all(...params) as { n: number }[];
  return rows.map((row) => row.n);
}

/**
 * MariaDB's JSON path parser finds no key that starts with `-`, and a NUL ends a path, so the
 * mysql dialect refuses a query or listing that must read such a key (docs/sql.md). Runs
 * `compileIt` and returns its result, or `undefined` when `engine` is MariaDB and it threw exactly
 * that refusal for a catalog that has such a key; anything else is thrown on, so a refusal for
 * another reason, or on another engine, still fails the test.
 */
export function unlessRefusedKey<T>(engine: SqlEngine, catalog: Catalog, compileIt: () => T): T | undefined {
  try {
    return compileIt();
  } catch (err) {
    const aliasKeys = ALIAS_PATHS.map((p) => aliasRawKey(catalog.Aliases, p)).filter((k) => k !== undefined);
    const keys = [...(catalog.SearchableAttributes ?? []).map((a) => a.Attribute), ...aliasKeys];
    const hasSuchKey = keys.some((k) => k.startsWith('-') || k.includes('\u0000'));
    const refusal = err instanceof QueryError && err.diagnostics.every((d) => d.code === 'sql/unsupported' && /starts with "-"|NUL character/.test(d.message));
    if (engine.dialect === 'mysql' && hasSuchKey && refusal) return undefined;
    throw err;
  }
}
