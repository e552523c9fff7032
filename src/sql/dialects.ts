import type { Dialect } from './dialect.js';
import { mysql } from './mysql.js';
import { postgres } from './postgres.js';
import { sqlite } from './sqlite.js';

/** Every SQL dialect, by the name `toSql({ dialect })` takes. The CLI's list comes from here. */
export const DIALECTS = { postgres, sqlite, mysql } as const satisfies Record<string, Dialect>;

/** The SQL dialects catq compiles to. */
export type DialectName = keyof typeof DIALECTS;

/** The dialect names, in registry order. */
export const DIALECT_NAMES = Object.keys(DIALECTS) as DialectName[];

const hasOwn = Object.prototype.hasOwnProperty;

/** The dialect of a name, or undefined for anything else. */
export function dialectOf(name: unknown): Dialect | undefined {
  return typeof name === 'string' && hasOwn.call(DIALECTS, name) ? DIALECTS[name as DialectName] : undefined;
}
