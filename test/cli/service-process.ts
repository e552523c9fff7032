/**
 * A real catalog service for the CLI's `--service` tests: this repository's `catq-server`
 * (packages/server, built) as a child process, with the test's own catalog and items, on embedded
 * PGlite or on a fresh database of the PostgreSQL server (created here, dropped by `stop`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ROOT } from './helpers.js';

const BIN = join(ROOT, 'packages', 'server', 'bin', 'catq-server.js');
const DATABASE_URL = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ServiceProcess {
  /** The base URL, `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** Drops the database (connections forced closed) while the service runs: it then answers 503. */
  dropDatabase(): Promise<void>;
  /** Stops the service, drops its database and removes its files. */
  stop(): Promise<void>;
}

/** Starts `catq-server` with `catalog` and `items` and one API key; resolves once it listens. */
export async function startService(options: { catalog: unknown; items: readonly unknown[]; apiKey: string; postgres?: boolean }): Promise<ServiceProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'catq-cli-service-'));
  writeFileSync(join(dir, 'catalog.json'), JSON.stringify(options.catalog));
  writeFileSync(join(dir, 'items.ndjson'), options.items.map((i) => JSON.stringify(i)).join('\n') + '\n');
  const db = options.postgres ? await freshDatabase() : undefined;
  const args = [BIN, '--port', '0', '--catalog', join(dir, 'catalog.json'), '--items', join(dir, 'items.ndjson'), '--log-level', 'silent', ...(db ? ['--database-url', db.url] : [])];
  // The key through the environment, as an operator would (never on the command line).
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CATQ_API_KEYS: options.apiKey } });
  let dropped = false;
  const drop = async () => {
    if (!db || dropped) return;
    dropped = true;
    await db.drop();
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await drop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1] as string);
      });
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('exit', (code) => reject(new Error(`catq-server exited with ${code}: ${err}`)));
    });
    return { url, dropDatabase: drop, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** A fresh, uniquely named database on the PostgreSQL server. */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `catq_cli_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(DATABASE_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: DATABASE_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
