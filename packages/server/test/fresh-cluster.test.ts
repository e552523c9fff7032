// In-memory PGlite starts from a saved fresh cluster (src/store/fresh-cluster.ts): written by the
// first start, loaded by later ones, and a damaged copy never stops a start.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { freshInMemory } from '../src/store/fresh-cluster.js';

const dir = mkdtempSync(join(tmpdir(), 'catq-fresh-cluster-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('freshInMemory', () => {
  it('writes the copy when there is none, and the database it gives works', async () => {
    const file = join(dir, 'a', 'fresh.tar');
    const db = await freshInMemory(PGlite, file);
    expect((await db.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    await db.close();
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file).length).toBeGreaterThan(1_000_000);
  });

  it('loads the copy it finds (a table made before the dump is there)', async () => {
    const file = join(dir, 'marked.tar');
    const made = await PGlite.create();
    await made.exec('CREATE TABLE marker (x int)');
    writeFileSync(file, new Uint8Array(await (await made.dumpDataDir('none')).arrayBuffer()));
    await made.close();
    const db = await freshInMemory(PGlite, file);
    expect((await db.query('SELECT to_regclass($1) IS NOT NULL AS found', ['marker'])).rows).toEqual([{ found: true }]);
    await db.close();
  });

  it('a damaged copy: initdb as before, and a good copy written in its place', async () => {
    const file = join(dir, 'damaged.tar');
    writeFileSync(file, 'not a tar file');
    const db = await freshInMemory(PGlite, file);
    expect((await db.query('SELECT to_regclass($1) IS NOT NULL AS found', ['marker'])).rows).toEqual([{ found: false }]);
    await db.close();
    expect(readFileSync(file).length).toBeGreaterThan(1_000_000);
  });

  it('no place to keep it (undefined): initdb, nothing written', async () => {
    const db = await freshInMemory(PGlite, undefined);
    expect((await db.query<{ n: number }>('SELECT 2 AS n')).rows).toEqual([{ n: 2 }]);
    await db.close();
  });
});
