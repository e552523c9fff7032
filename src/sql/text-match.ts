import { tokenClassBody, tokenPatternBody } from '../text/index.js';

export { tokenClassBody };

/**
 * Whole-text regular expressions (MySQL / MariaDB `REGEXP`; PostgreSQL ARE reads them the same)
 * equal to the tokenizer of src/text, built from JavaScript's own
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

/**
 * Recently built patterns, bounded by size, not by count: a pattern holds the 5.6 kB token class
 * once per token boundary, so one long phrase can be megabytes. Least recently used first out;
 * a pattern larger than a quarter of the budget is never kept.
 */
const cache = new Map<string, string | undefined>();
/** The most UTF-16 code units of keys and patterns the cache keeps (8 MB of JavaScript strings). */
export const PATTERN_CACHE_UNITS = 4 * 1024 * 1024;
let cachedUnits = 0;

const unitsOf = (key: string, re: string | undefined): number => key.length + (re?.length ?? 0);

/** How many code units the pattern cache holds now (for tests and benchmarks). */
export function patternCacheUnits(): number {
  return cachedUnits;
}

/** The regular expression (MySQL / MariaDB `REGEXP`, PostgreSQL ARE) matching text that has `token` as a whole token. */
export function wholeTokenRegex(token: string): string | undefined {
  return phraseRegex([token]);
}

/** The regular expression matching text whose tokens contain `tokens` as a contiguous run. */
export function phraseRegex(tokens: readonly string[]): string | undefined {
  const key = tokens.join(' ');
  if (cache.has(key)) {
    const hit = cache.get(key);
    cache.delete(key); // most recently used last
    cache.set(key, hit);
    return hit;
  }
  const re = buildPhraseRegex(tokens);
  const units = unitsOf(key, re);
  if (units > PATTERN_CACHE_UNITS / 4) return re;
  while (cachedUnits + units > PATTERN_CACHE_UNITS && cache.size > 0) {
    const oldest = cache.keys().next().value as string;
    cachedUnits -= unitsOf(oldest, cache.get(oldest));
    cache.delete(oldest);
  }
  cache.set(key, re);
  cachedUnits += units;
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

/** The runs of characters that are not token characters (`[^...]+`): what separates tokens. */
export function separatorRegex(): string {
  return `[^${tokenClassBody()}]+`;
}

/**
 * The regular expression matching text whose tokens contain `tokens` as a contiguous run, for a
 * text in which every run of separators has been replaced by one space (with
 * {@link separatorRegex}): the token class is then written once, in the replacement, instead of
 * between every two words (5.6 kB each; MariaDB refuses a pattern of 20 words written that way).
 */
export function spacedPhraseRegex(tokens: readonly string[]): string | undefined {
  const parts: string[] = [];
  for (const t of tokens) {
    const p = tokenPatternBody(t);
    if (p === undefined) return undefined;
    parts.push(p);
  }
  return `(^| )${parts.join(' ')}( |$)`;
}
