/**
 * Black-box helpers: the real `catq-server` command in a child process (the built dist/, as users
 * run it), real HTTP with fetch, and throw-away PostgreSQL databases.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const BIN = join(ROOT, 'packages/server/bin/catq-server.js');
export const DATABASE_URL = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const KEY = 'test-key-\u00e9-1';

/** A running server process. */
export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process wrote to standard error so far. */
  stderr(): string;
  /** Everything the process wrote to standard output so far. */
  stdout(): string;
  /** SIGTERM, and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
}

/** Runs `catq-server` with these arguments until it prints `listening on ...`. */
export function startServer(args: readonly string[], timeoutMs = 90_000, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [BIN, '--port', '0', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let out = '';
  let err = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`catq-server did not start in ${timeoutMs} ms:\n${out}\n${err}`));
    }, timeoutMs);
    let started = false;
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!started) reject(new Error(`catq-server exited with ${code} before listening:\n${out}\n${err}`));
    });
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (https?:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        started = true;
        const stopWith = async (signal: NodeJS.Signals) => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        };
        resolve({ url: m[1] as string, child, stderr: () => err, stdout: () => out, stop: () => stopWith('SIGTERM'), kill: () => stopWith('SIGKILL') });
      }
    });
  });
}

/** Runs `catq-server` expecting it to exit; resolves to its status and output. */
export function runServerToExit(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/** A temporary folder with files written into it; `cleanup` removes it. */
export function tempFiles(files: Record<string, string>): { dir: string; path: (name: string) => string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'catq-server-test-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return { dir, path: (name) => join(dir, name), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A fresh database on the PostgreSQL server; `drop` removes it. */
export async function freshDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `catq_srv_${label}_${process.pid}_${Date.now().toString(36)}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
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

/** A response: status, parsed JSON body (or the text when it is not JSON), headers. */
export interface Reply {
  readonly status: number;
  readonly body: any;
  readonly text: string;
  readonly headers: Headers;
}

/** One HTTP request with the test key (unless `headers` says otherwise). */
export async function call(base: string, method: string, path: string, options: { body?: unknown; raw?: string; headers?: Record<string, string>; key?: string | null } = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.key !== null) headers['X-Service-ApiKey'] = options.key ?? KEY;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined && method !== 'GET') {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  Object.assign(headers, options.headers ?? {});
  const res = await fetch(base + path, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* keep the text */
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}

/** Query string of listing parameters (values URL-encoded once; a Scope's `q` is sent as it is, already encoded). */
export function listingQuery(params: Record<string, unknown>): string {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${k === 'q' ? String(v) : encodeURIComponent(String(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}
