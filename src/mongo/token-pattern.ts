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
import { TOKEN_SOURCE } from '../text/index.js';

/** The regex options every pattern of this module needs (`u`: code points, not UTF-16 units). */
export const REGEX_OPTIONS = 'u';

let tokenClassCache: string | undefined;
let tokenCharCache: RegExp | undefined;

function tokenChar(): RegExp {
  // One character of the tokenizer's own class (TOKEN_SOURCE is `[...]+`).
  return (tokenCharCache ??= new RegExp('^' + TOKEN_SOURCE.replace(/\+$/, '') + '$', 'u'));
}

function* codePoints(): Generator<number> {
  for (let cp = 0; cp <= 0x10ffff; cp++) if (cp < 0xd800 || cp > 0xdfff) yield cp;
}

/** Whether the one-code-point string `ch` is a token character (a letter, mark or decimal digit). */
export function isTokenChar(ch: string): boolean {
  return tokenChar().test(ch);
}

/** The token class `[...]` as literal ranges (about 790 ranges, 5.6 kB of UTF-8). Computed once. */
export function tokenClass(): string {
  if (tokenClassCache !== undefined) return tokenClassCache;
  let out = '';
  let start = -1;
  let prev = -2;
  const flush = () => {
    if (start < 0) return;
    out += String.fromCodePoint(start);
    if (prev > start + 1) out += '-';
    if (prev > start) out += String.fromCodePoint(prev);
  };
  for (const cp of codePoints()) {
    if (!isTokenChar(String.fromCodePoint(cp))) continue;
    if (cp !== prev + 1) {
      flush();
      start = cp;
    }
    prev = cp;
  }
  flush();
  assertLiteralSafe(out.replace(/-/g, ''));
  return (tokenClassCache = '[' + out + ']');
}

/** The pattern that finds the tokens of a text: maximal runs of token characters. */
export function tokenRunPattern(): string {
  return tokenClass() + '+';
}

let inverseCache: Map<string, string[]> | undefined;

/** For each string `s`, every code point `x` (other than `s` itself) with `x.toLowerCase() === s`. */
function inverseLower(): Map<string, string[]> {
  if (inverseCache) return inverseCache;
  const map = new Map<string, string[]>();
  for (const cp of codePoints()) {
    const ch = String.fromCodePoint(cp);
    const lower = ch.toLowerCase();
    if (lower === ch) continue;
    const list = map.get(lower);
    if (list) list.push(ch);
    else map.set(lower, [ch]);
  }
  return (inverseCache = map);
}

let multiCache: string[] | undefined;

/** Lower-case strings of more than one code point that some single code point lower-cases to (`i̇` from `İ`). */
function multiKeys(): string[] {
  return (multiCache ??= [...inverseLower().keys()].filter((k) => [...k].length > 1));
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
  // `ch` itself belongs only if it lower-cases to itself (true of everything toLowerCase produces).
  let members = [...(ch.toLowerCase() === ch ? [ch] : []), ...(inverseLower().get(ch) ?? [])];
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
  const multis = multiKeys();
  let out = '^';
  for (let k = 0; k < chars.length; ) {
    const multi = multis.find((m) => [...m].every((ch, j) => chars[k + j] === ch));
    if (multi !== undefined) {
      // `İ` lower-cases to `i` + U+0307: one item character, or the two lower-cased ones.
      const n = [...multi].length;
      const sources = (inverseLower().get(multi) ?? []).filter(isTokenChar);
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
