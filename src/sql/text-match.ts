import { tokenClassBody, tokenPatternBody } from '../text/index.js';

export { tokenClassBody };

/**
 * PostgreSQL regular expressions equal to the tokenizer of src/text, built from JavaScript's own
 * Unicode tables (not PostgreSQL's locale, whose `lower()` and `[[:alpha:]]` depend on the
 * server's ctype):
 *
 * - the token class is written as explicit code point ranges of `[\p{L}\p{M}\p{Nd}]`;
 * - a query token (already lower-cased) matches an item token `u` exactly when
 *   `u.toLowerCase()` equals it: each character becomes the class of every token character that
 *   lower-cases to it (`k` -> `[kK\u212A]`), `i̇` also matches `İ` (which lower-cases to two code
 *   points), and capital sigma joins `ς` or `σ` depending on whether it would be word-final;
 * - a token is whole when the characters around it are not token characters.
 */

const cache = new Map<string, string | undefined>();
const CACHE_SIZE = 2000;

/** The PostgreSQL ARE matching text that has `token` as a whole token. */
export function wholeTokenRegex(token: string): string | undefined {
  return phraseRegex([token]);
}

/** The PostgreSQL ARE matching text whose tokens contain `tokens` as a contiguous run. */
export function phraseRegex(tokens: readonly string[]): string | undefined {
  // Patterns are a few kilobytes (the token class is spelled out); keep recent ones.
  const key = tokens.join(' ');
  if (cache.has(key)) return cache.get(key);
  const re = buildPhraseRegex(tokens);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, re);
  return re;
}

function buildPhraseRegex(tokens: readonly string[]): string | undefined {
  const k = tokenClassBody();
  const parts: string[] = [];
  for (const t of tokens) {
    const p = tokenPatternBody(t);
    if (p === undefined) return undefined;
    parts.push(p);
  }
  return `(^|[^${k}])${parts.join(`[^${k}]+`)}($|[^${k}])`;
}
