/**
 * The two real engines the SQL tests run on: PostgreSQL (PGlite, WebAssembly) and SQLite
 * (better-sqlite3). One instance of each per test file; items of many cases live in one table
 * (`grp` tells the cases apart) so that a property run costs one insert per batch.
 */
import { PGlite } from '@electric-sql/pglite';
import Database from 'better-sqlite3';
import { registerSqliteFunctions } from '../../src/sql/index.js';

export interface Engines {
  readonly pg: PGlite;
  readonly lite: Database.Database;
  close(): Promise<void>;
}

/** Starts both engines with an `items(grp int, n int, data)` table. */
export async function startEngines(table = 'items', column = 'data'): Promise<Engines> {
  const pg = new PGlite();
  const q = (s: string) => '"' + s.replace(/"/g, '""') + '"';
  await pg.exec(`CREATE TABLE ${q(table)} (grp int NOT NULL, n int NOT NULL, ${q(column)} jsonb)`);
  const lite = new Database(':memory:');
  registerSqliteFunctions(lite);
  lite.exec(`CREATE TABLE ${q(table)} (grp INTEGER NOT NULL, n INTEGER NOT NULL, ${q(column)} TEXT)`);
  return {
    pg,
    lite,
    async close() {
      lite.close();
      await pg.close();
    },
  };
}

/** Inserts `items` under group `grp` (row numbers are the item indexes). */
export async function insertItems(e: Engines, grp: number, items: readonly unknown[], table = 'items', column = 'data'): Promise<void> {
  const q = (s: string) => '"' + s.replace(/"/g, '""') + '"';
  await e.pg.query(
    `INSERT INTO ${q(table)} (grp, n, ${q(column)}) SELECT $1::int, (x.ord - 1)::int, x.value FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS x(value, ord)`,
    [grp, JSON.stringify(items)],
  );
  const ins = e.lite.prepare(`INSERT INTO ${q(table)} (grp, n, ${q(column)}) VALUES (?, ?, ?)`);
  e.lite.transaction(() => items.forEach((it, i) => ins.run(grp, i, JSON.stringify(it))))();
}

/** Row numbers of group `grp` matching `where` on PostgreSQL. */
export async function pgRows(e: Engines, grp: number, where: string, params: readonly unknown[], table = 'items'): Promise<number[]> {
  const q = (s: string) => '"' + s.replace(/"/g, '""') + '"';
  const r = await e.pg.query<{ n: number }>(`SELECT n FROM ${q(table)} WHERE grp = ${grp | 0} AND (${where}) ORDER BY n`, [...params]);
  return r.rows.map((row) => row.n);
}

/** Row numbers of group `grp` matching `where` on SQLite. */
export function liteRows(e: Engines, grp: number, where: string, params: readonly unknown[], table = 'items'): number[] {
  const q = (s: string) => '"' + s.replace(/"/g, '""') + '"';
  const rows = e.lite.prepare(`SELECT n FROM ${q(table)} WHERE grp = ${grp | 0} AND (${where}) ORDER BY n`).all(...params) as { n: number }[];
  return rows.map((row) => row.n);
}

/** Inserts items given as raw JSON texts (numbers the way other writers spell them: 1.0, 1E400, ...). */
export async function insertRaw(e: Engines, grp: number, texts: readonly string[], table = 'items', column = 'data'): Promise<void> {
  const q = (s: string) => '"' + s.replace(/"/g, '""') + '"';
  for (let i = 0; i < texts.length; i++) {
    await e.pg.query(`INSERT INTO ${q(table)} (grp, n, ${q(column)}) VALUES ($1::int, $2::int, $3::jsonb)`, [grp, i, texts[i]]);
  }
  const ins = e.lite.prepare(`INSERT INTO ${q(table)} (grp, n, ${q(column)}) VALUES (?, ?, ?)`);
  e.lite.transaction(() => texts.forEach((t, i) => ins.run(grp, i, t)))();
}
