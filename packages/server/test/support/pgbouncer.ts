/**
 * A PgBouncer process a test starts itself: its own ini file in a temporary folder, a free port,
 * `pool_mode = transaction`, run as the postgres user (PgBouncer refuses to run as root), in
 * front of one PostgreSQL server. `stop` ends it (by its pid) and removes the folder.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asPostgres, freePort } from './pgservers.js';

export interface PgBouncer {
  readonly port: number;
  /** The URL of a database through the pooler. */
  url(db: string): string;
  /** PgBouncer's statistics of one database (its admin console's SHOW STATS row). */
  stats(db: string): Promise<Record<string, unknown> | undefined>;
  stop(): Promise<void>;
}

/** Starts PgBouncer in transaction mode in front of the PostgreSQL server at `host:port`. */
export async function startPgBouncer(host: string, port: number): Promise<PgBouncer> {
  const dir = mkdtempSync(join(tmpdir(), 'catq-pgbouncer-'));
  chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
  const listen = await freePort();
  const ini = join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${host} port=${port} user=postgres`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${listen}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = any',
      'admin_users = postgres',
      'pool_mode = transaction',
      'max_client_conn = 200',
      'default_pool_size = 20',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  chownSync(ini, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
  asPostgres('pgbouncer', ['-d', ini]);
  let pid = 0;
  for (let i = 0; i < 50 && !pid; i++) {
    try {
      pid = Number(readFileSync(join(dir, 'pgbouncer.pid'), 'utf8').trim());
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (!pid) throw new Error(`pgbouncer did not start:\n${readFileSync(join(dir, 'pgbouncer.log'), 'utf8')}`);
  const url = (db: string) => `postgres://postgres@127.0.0.1:${listen}/${db}`;
  return {
    port: listen,
    url,
    async stats(db) {
      const { default: pg } = await import('pg');
      // The admin console speaks the simple protocol only.
      const c = new pg.Client({ connectionString: url('pgbouncer') });
      await c.connect();
      try {
        return ((await c.query('SHOW STATS')).rows as Record<string, unknown>[]).find((r) => r['database'] === db);
      } finally {
        await c.end();
      }
    },
    async stop() {
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        /* already gone */
      }
      for (let i = 0; i < 50; i++) {
        try {
          process.kill(pid, 0);
        } catch {
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
