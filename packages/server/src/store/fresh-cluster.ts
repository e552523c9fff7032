import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';

/**
 * An empty in-memory PGlite database, started from a saved copy of a freshly initialised cluster
 * when there is one. `new PGlite()` runs initdb inside WebAssembly (5–15 s on a small machine);
 * loading PGlite's own dump of a fresh cluster (`dumpDataDir` / `loadDataDir`) is the same
 * database in 1–3 s. The copy is saved beside the package, in node_modules/.cache/catq-server,
 * named for the PGlite version, by the first start that has none; when that folder cannot be
 * written, every start runs initdb as before.
 */
export async function freshInMemory(PGliteClass: typeof PGlite, file: string | undefined = cacheFile()): Promise<PGlite> {
  if (file && existsSync(file)) {
    try {
      return await PGliteClass.create({ loadDataDir: new Blob([readFileSync(file)]) });
    } catch {
      // An unreadable or damaged copy: start the slow way (and write a new copy below).
    }
  }
  const db = await PGliteClass.create();
  if (file) {
    try {
      const dump = await db.dumpDataDir('none');
      mkdirSync(dirname(file), { recursive: true });
      // Written whole under another name, then renamed: a reader never sees half a copy.
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
      renameSync(partial, file);
    } catch {
      // Only a cache: the next start runs initdb again.
    }
  }
  return db;
}

/** Where the copy lives (the default of {@link freshInMemory}'s `file`), or undefined when PGlite's version cannot be read. */
function cacheFile(): string | undefined {
  try {
    const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
    const { version } = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version?: unknown };
    if (typeof version !== 'string' || !/^[\w.+-]+$/.test(version)) return undefined;
    const root = packageRoot();
    return root && join(root, 'node_modules', '.cache', 'catq-server', `pglite-${version}-fresh.tar`);
  } catch {
    return undefined;
  }
}

/** The folder of catq-server's package.json (this module runs from src/ or from the dist/ bundle). */
function packageRoot(): string | undefined {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === 'catq-server') return dir;
  }
  return undefined;
}
