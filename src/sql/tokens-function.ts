import { lowerChanges } from '../text/index.js';
import { tokenClassBody } from './text-match.js';

/**
 * `catq_tokens(text) -> text[]`: the tokens of src/text computed inside PostgreSQL, for a GIN
 * index on Text attributes. Built from JavaScript's Unicode tables, not the server locale:
 *
 * 1. `replace` each character whose lower case is several code points (`İ` -> `i̇`);
 * 2. `translate` every other token character to its JavaScript lower case, and final sigma `ς`
 *    to `σ` (JavaScript picks `ς` or `σ` for `Σ` by context; the index folds both, and the
 *    compiler folds the query's tokens the same way, so the index is a superset and the exact
 *    regular expression decides);
 * 3. cut maximal runs of the token class.
 * ASCII-only text takes a shortcut with the same result (A-Z lower-case to a-z, tokens are [0-9a-z]+).
 *
 * Lower-casing first is safe because every token character lower-cases to token characters
 * (checked by test/text/unicode-tables.test.ts), so the runs are the same.
 */
export function tokensFunctionSql(): string {
  let from = '';
  let to = '';
  const replaces: [string, string][] = [];
  for (const [cp, lower] of lowerChanges()) {
    const c = String.fromCodePoint(cp);
    if ([...lower].length > 1) replaces.push([c, lower]);
    else {
      from += c;
      to += lower;
    }
  }
  from += '\u03c2';
  to += '\u03c3';
  let expr = '$1';
  for (const [c, l] of replaces) expr = `replace(${expr}, '${c}', '${l}')`;
  // ASCII-only text (byte length = character length) takes a fast path: lower-casing is A-Z only
  // and the token class is [0-9a-z]; a 1,400-character translate per character is the slow part.
  const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return (
    `CREATE OR REPLACE FUNCTION catq_tokens(text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $catq$ ` +
    `SELECT CASE WHEN octet_length($1) = char_length($1) ` +
    `THEN ARRAY(SELECT m[1] FROM regexp_matches(translate($1, '${upper}', '${upper.toLowerCase()}'), '[0-9a-z]+', 'g') AS m) ` +
    `ELSE ARRAY(SELECT m[1] FROM regexp_matches(translate(${expr}, '${from}', '${to}'), '[${tokenClassBody()}]+', 'g') AS m) END ` +
    `$catq$`
  );
}
