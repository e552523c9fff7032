/**
 * jsonc-parser and fastest-levenshtein for Node (and Deno and Bun), loaded on first use with a
 * synchronous `require`. Both are only needed on error paths (a text `JSON.parse` rejected, an
 * unknown operator or field); loading them up front would also start Node's CommonJS loader,
 * several milliseconds on every start of a program that imports catq just to decode.
 *
 * Browsers and workers get load-helpers.browser.ts (static imports) through the package's
 * `imports` map (`#catq/load-helpers`); see tsup.config.ts and docs/api.md.
 */
import { createRequire } from 'node:module';
import type * as Jsonc from 'jsonc-parser';
import type * as Levenshtein from 'fastest-levenshtein';

let requireHere: NodeJS.Require | undefined;
let jsonc: typeof Jsonc | undefined;
let levenshtein: typeof Levenshtein | undefined;

function load<T>(id: string): T {
  requireHere ??= createRequire(import.meta.url);
  return requireHere(id) as T;
}

/** jsonc-parser, loaded on first call. */
export function loadJsonc(): typeof Jsonc {
  jsonc ??= load<typeof Jsonc>('jsonc-parser');
  return jsonc;
}

/** fastest-levenshtein, loaded on first call. */
export function loadLevenshtein(): typeof Levenshtein {
  levenshtein ??= load<typeof Levenshtein>('fastest-levenshtein');
  return levenshtein;
}
