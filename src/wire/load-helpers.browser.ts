/**
 * jsonc-parser and fastest-levenshtein for browsers and workers: static imports the
 * application's bundler includes. Chosen over load-helpers.ts by the package's `imports` map
 * (`#catq/load-helpers`) under every condition but `node`.
 */
import * as jsonc from 'jsonc-parser';
import * as levenshtein from 'fastest-levenshtein';

/** jsonc-parser (already loaded with the bundle). */
export function loadJsonc(): typeof jsonc {
  return jsonc;
}

/** fastest-levenshtein (already loaded with the bundle). */
export function loadLevenshtein(): typeof levenshtein {
  return levenshtein;
}
