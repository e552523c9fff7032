/**
 * Regular-expression sources for the shared tokenizer (src/text) that read the same on MongoDB
 * (PCRE / PCRE2 in UTF mode) and on JavaScript (`RegExp` with the `u` flag, as mingo runs them).
 *
 * - No `\p{..}`: the two engines ship different Unicode versions, so the token class is written
 *   as explicit ranges computed from JavaScript's own `[\p{L}\p{M}\p{Nd}]`, the tokenizer's
 *   definition, character for character.
 * - No escapes at all: PCRE writes a code point `\x{1D400}`, JavaScript `\u{1D400}`, and neither
 *   reads the other's. Every character is written literally (the pattern is a UTF-8 string on the
 *   server, a string of code points under `u` in JavaScript). Only letters, marks and digits are
 *   ever written, and none of them is a metacharacter in either engine; this is asserted.
 * - No `i` flag: PCRE's and JavaScript's case folding differ from `toLowerCase()`. Instead each
 *   character of a lower-cased query token becomes the class of every code point whose
 *   `toLowerCase()` is that character, with the two context rules of `toLowerCase()` handled
 *   exactly: U+0130 (lower-cases to two code points) and the Greek final sigma.
 */
import { isTokenCodePoint, multiCodePointLowers, preimagesOf, renderRanges, tokenCharRanges } from '../text/index.js';

/** The regex options every pattern of this module needs (`u`: code points, not UTF-16 units). */
export const REGEX_OPTIONS = 'u';

/** Whether the one-code-point string `ch` is a token character (a letter, mark or decimal digit). */
export function isTokenChar(ch: string): boolean {
  return ch.length > 0 && ch.length <= 2 && isTokenCodePoint(ch.codePointAt(0) as number) && [...ch].length === 1;
}

let tokenClassCache: string | undefined;

/** The token class `[...]` as literal ranges (about 790 ranges, 5.6 kB of UTF-8). Computed once. */
export function tokenClass(): string {
  if (tokenClassCache !== undefined) return tokenClassCache;
  const body = renderRanges(tokenCharRanges());
  assertLiteralSafe(body.replace(/-/g, ''));
  return (tokenClassCache = '[' + body + ']');
}

/** The pattern that finds the tokens of a text: maximal runs of token characters. */
export function tokenRunPattern(): string {
  return tokenClass() + '+';
}

/** The token characters that lower-case to `s` (shared tables of src/text). */
function preimages(s: string): string[] {
  return preimagesOf(s).map((cp) => String.fromCodePoint(cp));
}

const CASED = /\p{Cased}/u;
const CASE_IGNORABLE = /\p{Case_Ignorable}/u;

/**
 * Unicode's Final_Sigma context at code point index `k` of `chars` (the whole token, as
 * `toLowerCase()` sees it): a cased letter before (skipping case-ignorables) and none after.
 * Casedness and case-ignorability do not change under lower-casing (tested), so the context read
 * on the lower-cased query token is the context of any item token that lower-cases to it.
 */
export function finalSigmaAt(chars: readonly string[], k: number): boolean {
  let before = false;
  for (let j = k - 1; j >= 0; j--) {
    const c = chars[j] as string;
    if (CASE_IGNORABLE.test(c)) continue;
    before = CASED.test(c);
    break;
  }
  if (!before) return false;
  for (let j = k + 1; j < chars.length; j++) {
    const c = chars[j] as string;
    if (CASE_IGNORABLE.test(c)) continue;
    return !CASED.test(c);
  }
  return true;
}

/** The class of item characters that lower-case to `ch` at index `k` of the lower-cased token. */
function charClass(chars: readonly string[], k: number): string {
  const ch = chars[k] as string;
  // Every token character that lower-cases to `ch` (`ch` itself among them when it is one).
  let members = preimages(ch);
  if (ch === 'σ' || ch === 'ς') {
    // Capital sigma lower-cases to ς in the final-sigma context and to σ elsewhere.
    const wantsCapital = (ch === 'ς') === finalSigmaAt(chars, k);
    members = members.filter((m) => m !== 'Σ');
    if (wantsCapital) members.push('Σ');
  }
  // Item tokens hold only token characters, so other members could never match: drop them.
  members = [...new Set(members)].filter(isTokenChar);
  assertLiteralSafe(members.join(''));
  if (members.length === 0) return '(?!)';
  return members.length === 1 ? (members[0] as string) : '[' + members.join('') + ']';
}

/**
 * The anchored pattern `^...$` matching exactly the item tokens `T` with `T.toLowerCase() ===
 * token`, where `token` is a token of the shared tokenizer (already lower-cased).
 */
export function tokenPattern(token: string): string {
  const chars = [...token];
  const multis = multiCodePointLowers();
  let out = '^';
  for (let k = 0; k < chars.length; ) {
    const multi = multis.find((m) => [...m].every((ch, j) => chars[k + j] === ch));
    if (multi !== undefined) {
      // `İ` lower-cases to `i` + U+0307: one item character, or the two lower-cased ones.
      const n = [...multi].length;
      const sources = preimages(multi);
      assertLiteralSafe(sources.join(''));
      let seq = '';
      for (let j = k; j < k + n; j++) seq += charClass(chars, j);
      out += '(?:' + [...sources, seq].join('|') + ')';
      k += n;
      continue;
    }
    out += charClass(chars, k);
    k++;
  }
  return out + '$';
}

/**
 * The one guarantee that no user text reaches a pattern unescaped: every character written
 * literally into a pattern must be a token character (a letter, mark or decimal digit), which
 * is never a metacharacter, a quantifier, a class bracket or whitespace in either engine.
 */
function assertLiteralSafe(text: string): void {
  for (const ch of text) {
    if (!isTokenChar(ch)) throw new Error(`catq internal error: ${JSON.stringify(ch)} may not appear literally in a pattern`);
  }
}
