/**
 * PostgreSQL servers a test makes itself: one initdb (as the postgres user, in a temporary
 * folder), copied for each further server, each started with pg_ctl on a free loopback port.
 * `cleanup` stops them all and removes the folder.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const PG_BIN = '/usr/lib/postgresql/15/bin';

/** A free TCP port on the loopback address. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Runs a command as the postgres user (PostgreSQL and PgBouncer refuse to run as root). */
export function asPostgres(cmd: string, args: string[], timeout = 120_000): Buffer {
  return execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe', timeout });
}

/** The servers. */
export interface PgServers {
  readonly dir: string;
  readonly ports: readonly number[];
  /** The URL of server `i`'s database. */
  url(i: number, db?: string): string;
  /** Stops server `i` (fast shutdown: connections are cut). */
  stop(i: number): void;
  /** Starts server `i` again on its port. */
  start(i: number): void;
  /** Creates a database on server `i`. */
  createDatabase(i: number, name: string): Promise<void>;
  /** Runs one statement on server `i`'s database. */
  query(i: number, db: string, sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Stops every server and removes the folder. */
  cleanup(): void;
}

/** Makes and starts `n` PostgreSQL 15 servers. */
export async function makePgServers(n: number, label: string): Promise<PgServers> {
  const dir = mkdtempSync(join(tmpdir(), `catq-${label}-`));
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, uid, gid);
  const ports: number[] = [];
  for (let i = 0; i < n; i++) ports.push(await freePort());
  const data = (i: number) => join(dir, `pg${i}`);
  asPostgres(join(PG_BIN, 'initdb'), ['-D', data(0), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  for (let i = 1; i < n; i++) asPostgres('cp', ['-a', data(0), data(i)]);
  const running = new Set<number>();
  const start = (i: number) => {
    asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', data(i), '-l', join(dir, `pg${i}.log`), '-w', '-t', '60', '-o', `-p ${ports[i]} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start']);
    running.add(i);
  };
  const stop = (i: number) => {
    asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', data(i), '-m', 'fast', '-w', 'stop']);
    running.delete(i);
  };
  const url = (i: number, db = 'postgres') => `postgres://postgres@127.0.0.1:${ports[i]}/${db}`;
  const query = async (i: number, db: string, sql: string, params: unknown[] = []) => {
    const c = new pg.Client({ connectionString: url(i, db) });
    await c.connect();
    try {
      return (await c.query(sql, params)).rows as Record<string, unknown>[];
    } finally {
      await c.end();
    }
  };
  try {
    for (let i = 0; i < n; i++) start(i);
  } catch (e) {
    for (const i of running) stop(i);
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return {
    dir,
    ports,
    url,
    stop,
    start,
    query,
    createDatabase: async (i, name) => {
      await query(i, 'postgres', `CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    },
    cleanup() {
      for (const i of [...running]) {
        try {
          asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', data(i), '-m', 'immediate', '-w', 'stop']);
        } catch {
          /* already stopped */
        }
      }
      running.clear();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
