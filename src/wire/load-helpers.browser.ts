/**
 * jsonc-parser and fastest-levenshtein for browsers and workers: static imports the
 * application's bundler includes. Chosen over load-helpers.ts by the package's `imports` map
 * (`#catq/load-helpers`) under every condition but `node`.
 *
 * Only what catq calls is imported: jsonc-parser's `visit` from its ES module of the parser (the
 * package's main module also pulls in its formatter and editor, which no bundler can drop: about
 * 9 KB minified, 4 KB gzipped, in every bundle that decodes), and `distance`.
 */
import type * as Jsonc from 'jsonc-parser';
import type * as Levenshtein from 'fastest-levenshtein';
import { visit } from 'jsonc-parser/lib/esm/impl/parser.js';
import { distance } from 'fastest-levenshtein';

const jsonc: Pick<typeof Jsonc, 'visit'> = { visit };
const levenshtein: Pick<typeof Levenshtein, 'distance'> = { distance };

/** jsonc-parser's `visit` (already loaded with the bundle). */
export function loadJsonc(): Pick<typeof Jsonc, 'visit'> {
  return jsonc;
}

/** fastest-levenshtein's `distance` (already loaded with the bundle). */
export function loadLevenshtein(): Pick<typeof Levenshtein, 'distance'> {
  return levenshtein;
}
