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

/** `matches`: every token of `terms` is among the tokens of `text`. */
export function matchesAll(text: string, terms: readonly string[]): boolean {
  if (terms.length === 0) return false;
  const tokens = new Set(tokenize(text));
  for (const t of terms) if (!tokens.has(t)) return false;
  return true;
}

/** `matches-phrase`: the tokens of `phrase` occur as a contiguous run of the tokens of `text`. */
export function containsPhrase(text: string, phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  const tokens = tokenize(text);
  const last = tokens.length - phrase.length;
  outer: for (let i = 0; i <= last; i++) {
    for (let j = 0; j < phrase.length; j++) if (tokens[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}
