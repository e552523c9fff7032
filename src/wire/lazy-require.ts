import { createRequire } from 'node:module';

let requireHere: NodeJS.Require | undefined;

/**
 * Loads a CommonJS dependency on first use. jsonc-parser and fastest-levenshtein are only needed
 * on error paths (a text JSON.parse rejected, an unknown operator); loading them up front would
 * also start Node's CommonJS loader, several milliseconds on every start of a program that
 * imports catq just to decode.
 */
export function lazyRequire<T>(id: string): T {
  requireHere ??= createRequire(import.meta.url);
  return requireHere(id) as T;
}
