import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import type { Catalog } from '../../src/catalog/index.js';
import { loadCatalog } from '../../src/catalog/index.js';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The built CLI under test: `CATQ_CLI`, or dist/cli.js (built by `npm test`'s build step). */
export const CLI = process.env.CATQ_CLI ?? join(ROOT, 'dist', 'cli.js');
if (!existsSync(CLI)) {
  throw new Error(`The CLI tests run the built CLI, and ${CLI} does not exist: run \`npm run build\` first, or point CATQ_CLI at a build (npx tsup --out-dir .build/cli --no-dts; CATQ_CLI=$PWD/.build/cli/cli.js).`);
}

export const SAMPLE_CATALOG = join(ROOT, 'examples', 'catalog.json');
export const SAMPLE_ITEMS = join(ROOT, 'examples', 'items.ndjson');
export const SAMPLE_JOB = join(ROOT, 'examples', 'job.json');

/** What a run of the CLI gave. */
export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the built CLI as a user would: a child process, no colours (NO_COLOR) unless `env` says
 * otherwise, standard input from `input` (or closed and empty).
 */
export function catq(args: readonly string[], options: { input?: string | Buffer; env?: Record<string, string | undefined>; cwd?: string } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, CATQ_DEBUG: undefined, ...options.env };
    for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
    const child = spawn(process.execPath, [CLI, ...args], { env: env as NodeJS.ProcessEnv, cwd: options.cwd ?? ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/** The sample catalog, checked by the library. */
export function sampleCatalog(): Catalog {
  const r = loadCatalog(JSON.parse(readFileSync(SAMPLE_CATALOG, 'utf8')));
  if (!r.catalog) throw new Error('the sample catalog does not load');
  return r.catalog;
}

/** The sample items, parsed. */
export function sampleItems(): unknown[] {
  return readFileSync(SAMPLE_ITEMS, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as unknown);
}

/** The temporary directories made by this test file, removed after its last test. */
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary directory (removed after the test file's last test). */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'catq-cli-'));
  made.push(dir);
  return dir;
}

/** Writes a file in `dir` and returns its path. */
export function writeTemp(dir: string, name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** The lines of NDJSON output, parsed. */
export function ndjson(text: string): unknown[] {
  return text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as unknown);
}

/** No user error may print a JavaScript stack trace. */
export function hasStackTrace(text: string): boolean {
  return /^\s+at .+\(.*:\d+:\d+\)$/m.test(text) || /^\s+at .+:\d+:\d+$/m.test(text);
}
