import { fnv1a } from '../../text/hash.js';

/** FNV-1a over the UTF-16 units of `s`, as 8 hex digits: short, stable names for columns and indexes. */
export function hash8(s: string): string {
  return fnv1a(s).toString(16).padStart(8, '0');
}

/** Up to 16 lower-case ASCII letters, digits and `_` of a raw key, for a readable column name. */
export function slug(rawKey: string): string {
  const s = rawKey.toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 16);
  return s === '' ? 'a' : /^[0-9]/.test(s) ? 'a' + s.slice(0, 15) : s;
}

/** Quotes an identifier (PostgreSQL). */
export function ident(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"';
}
