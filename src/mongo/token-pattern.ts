/**
 * MongoDB's rendering of the shared token patterns (src/text/token-pattern.ts): anchored
 * `^...$` patterns compared with whole item tokens, read the same on MongoDB (PCRE / PCRE2 in
 * UTF mode) and on JavaScript (`RegExp` with the `u` flag, as mingo runs them).
 */
import { renderTokenPattern, tokenClass, type PatternRendering } from '../text/index.js';

export { finalSigmaAt, isTokenChar, tokenClass } from '../text/index.js';

/** The regex options every pattern of this module needs (`u`: code points, not UTF-16 units). */
export const REGEX_OPTIONS = 'u';

/** Whole item tokens: anchored; `(?!)` never matches. */
const MONGO: PatternRendering = { wrap: (body) => '^' + body + '$', never: '^(?!)$' };

/** The pattern that finds the tokens of a text: maximal runs of token characters. */
export function tokenRunPattern(): string {
  return tokenClass() + '+';
}

/**
 * The anchored pattern `^...$` matching exactly the item tokens `T` with `T.toLowerCase() ===
 * token`, where `token` is a token of the shared tokenizer (already lower-cased).
 */
export function tokenPattern(token: string): string {
  return renderTokenPattern(token, MONGO);
}
