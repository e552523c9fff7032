/**
 * Vitest global set-up: one freshly initialised PGlite cluster, dumped once to a file that every
 * test then loads (`freshPglite` of ./pglite.ts, and the `pg` set-up of the doc examples).
 *
 * Why: `new PGlite()` runs initdb inside WebAssembly, 5–15 s on the 2-core CI machine, and about
 * thirty test files and doc examples each made their own; loading the dump of the same fresh
 * cluster (PGlite's own `dumpDataDir` / `loadDataDir`) takes 1–3 s. The dump is kept in
 * node_modules/.cache, named for the PGlite version, so a later run skips even the one initdb.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_DUMP_ENV } from './pglite.js';

export default async function setup(): Promise<void> {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string };
  const dir = join(root, 'node_modules', '.cache', 'catq-test');
  const file = join(dir, `pglite-${version}-fresh.tar`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const db = await PGlite.create();
    const dump = await db.dumpDataDir('none');
    await db.close();
    // Written whole, then renamed: a reader never sees half a file.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  process.env[PGLITE_DUMP_ENV] = file;
}
