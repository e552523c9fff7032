/**
 * The text analysis of docs/semantics.md section 4, shared by the evaluator and the compilers.
 *
 * A token is a maximal run of Unicode letters, combining marks and decimal digits; everything
 * else separates tokens. Tokens compare after locale-independent lower-casing (JavaScript's
 * `toLowerCase()`), applied to each token after it has been cut out of the text.
 */

/** The token pattern. Global and sticky-free, so callers must not share its `lastIndex`. */
export const TOKEN_SOURCE = '[\\p{L}\\p{M}\\p{Nd}]+';

const TOKEN = new RegExp(TOKEN_SOURCE, 'gu');

/** The lower-cased tokens of `text`, in order (duplicates kept). */
export function tokenize(text: string): string[] {
  const raw = text.match(TOKEN);
  if (raw === null) return [];
  for (let i = 0; i < raw.length; i++) raw[i] = (raw[i] as string).toLowerCase();
  return raw;
}

/** Whether the value of a `matches` / `matches-phrase` clause has at least one token. */
export function hasToken(text: string): boolean {
  TOKEN.lastIndex = 0;
  const found = TOKEN.test(text);
  TOKEN.lastIndex = 0;
  return found;
}
