/**
 * The engines the search layout tests run on: PostgreSQL through PGlite and the PostgreSQL 15
 * server (DATABASE_URL; one fresh database per test file, dropped on close). Each group of items
 * gets a raw table `raw_<g>(id_key text PRIMARY KEY, data jsonb)` and its search table
 * `search_<g>`, written with layoutDdl and layoutUpsert.
 */
import { afterAll, beforeAll } from 'vitest';
import { freshPglite } from '../../support/pglite.js';
import pg from 'pg';
import { layoutDdl, layoutUpsert, type SearchLayout } from '../../../src/sql/index.js';

const DATABASE_URL = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const q = (s: string) => '"' + s.replace(/"/g, '""') + '"';

export interface LayoutEngine {
  readonly name: string;
  exec(sql: string): Promise<void>;
  query(sql: string, params: readonly unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

export function pgliteEngine(): LayoutEngine {
  const db = freshPglite();
  return {
    name: 'pglite',
    exec: async (sql) => void (await db.exec(sql)),
    query: async (sql, params) => (await db.query<Record<string, unknown>>(sql, [...params])).rows,
    close: () => db.close(),
  };
}

export async function pgServerEngine(): Promise<LayoutEngine> {
  const name = `catq_t_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e9).toString(36)}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${q(name)}`);
  const url = new URL(DATABASE_URL);
  url.pathname = '/' + name;
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    await db.connect();
  } catch (err) {
    await admin.query(`DROP DATABASE IF EXISTS ${q(name)}`);
    await admin.end();
    throw err;
  }
  return {
    name: 'postgres-server',
    exec: async (sql) => void (await db.query(sql)),
    // Unnamed statements: planned with their values, as the layout's listings are meant to run.
    query: async (sql, params) => (await db.query(sql, [...params])).rows as Record<string, unknown>[],
    async close() {
      await db.end();
      await admin.query(`DROP DATABASE IF EXISTS ${q(name)} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Both engines. */
export async function startLayoutEngines(): Promise<LayoutEngine[]> {
  const lite = pgliteEngine();
  try {
    return [lite, await pgServerEngine()];
  } catch (err) {
    await lite.close();
    throw err;
  }
}

/**
 * Both engines for the calling test file: started before its tests, closed after them. The array
 * is filled when the file's tests start (a `beforeAll` registered after this call sees it full).
 */
export function useLayoutEngines(): readonly LayoutEngine[] {
  const engines: LayoutEngine[] = [];
  beforeAll(async () => {
    engines.push(...(await startLayoutEngines()));
  }, 120_000);
  afterAll(async () => {
    for (const e of engines) await e.close();
  });
  return engines;
}

/** Creates `raw_<g>` and `search_<g>` and writes `items` (key: the item's index) to both. Returns the keys of items left out. */
export async function loadGroup(e: LayoutEngine, g: string, layout: SearchLayout, items: readonly unknown[]): Promise<number[]> {
  await e.exec(`CREATE TABLE ${q('raw_' + g)} (id_key text COLLATE "C" PRIMARY KEY, data jsonb NOT NULL)`);
  for (const s of layoutDdl(layout, { table: 'search_' + g })) await e.exec(s);
  const up = layoutUpsert(
    layout,
    { table: 'search_' + g },
    items.map((item, i) => ({ key: String(i), item })),
  );
  const skipped = [...new Set(up.problems.map((p) => p.index))];
  const kept = items.map((item, i) => [String(i), JSON.stringify(item)] as const).filter((_, i) => !skipped.includes(i));
  if (kept.length) {
    await e.query(`INSERT INTO ${q('raw_' + g)} (id_key, data) SELECT k, d::jsonb FROM unnest($1::text[], $2::text[]) AS x(k, d)`, [kept.map((k) => k[0]), kept.map((k) => k[1])]);
  }
  if (up.statement) await e.query(up.statement.sql, up.statement.params);
  return skipped;
}
