/**
 * A fresh in-memory PGlite for a test, loaded from the cluster dumped once by
 * ./pglite-global-setup.ts (the same as `new PGlite()` makes, without paying initdb again).
 */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

/** The environment variable that names the dump (set by the global set-up; child processes inherit it). */
export const PGLITE_DUMP_ENV = 'CATQ_TEST_PGLITE_DUMP';

/** A new, empty PGlite database in memory. */
export function freshPglite(): PGlite {
  const dump = process.env[PGLITE_DUMP_ENV];
  return dump ? new PGlite({ loadDataDir: new Blob([readFileSync(dump)]) }) : new PGlite();
}
