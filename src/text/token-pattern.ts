/**
 * The one builder of regular expressions for the shared tokenizer, used by every engine that
 * matches text with regular expressions (PostgreSQL, MySQL/MariaDB, MongoDB). Each engine gives
 * a {@link PatternRendering} (how a token's pattern is wrapped, what a pattern that can never
 * match is written as); the character logic is written once here:
 *
 * - No `\p{..}`, no escapes, no case-insensitive flag: engines ship different Unicode versions
 *   and write escapes differently (`\x{1D400}`, `\u{1D400}`), and their case folding differs
 *   from `toLowerCase()`. Every character is written literally; only letters, marks and digits
 *   are ever written, and none is a metacharacter in any of these engines (asserted).
 * - The token class is explicit code point ranges computed from JavaScript's own
 *   `[\p{L}\p{M}\p{Nd}]`, the tokenizer's definition.
 * - Each character of a lower-cased query token becomes the class of every token character
 *   whose `toLowerCase()` is that character (`k` -> `[Kk\u212A]`), with the two context rules
 *   of `toLowerCase()` handled exactly: U+0130 (lower-cases to two code points) and the Greek
 *   final sigma.
 */
import { isTokenCodePoint, multiCodePointLowers, preimagesOf, renderRanges, tokenCharRanges, toRanges } from './unicode-tables.js';

/** How an engine wraps the pattern of one token. */
export interface PatternRendering {
  /** The whole pattern of a token from its body (e.g. `^body$` for a whole-string match). */
  wrap(body: string): string;
  /** A pattern that never matches, for a token no item token can lower-case to. */
  readonly never: string;
}

/** Whether the one-code-point string `ch` is a token character (a letter, mark or decimal digit). */
export function isTokenChar(ch: string): boolean {
  return ch.length > 0 && ch.length <= 2 && isTokenCodePoint(ch.codePointAt(0) as number) && [...ch].length === 1;
}

let classBody: string | undefined;

/** The body of the token bracket expression (`0-9A-Za-z...`, about 790 ranges, 5.6 kB of UTF-8), literal characters only. */
export function tokenClassBody(): string {
  if (classBody !== undefined) return classBody;
  const body = renderRanges(tokenCharRanges());
  assertLiteralSafe(body.replace(/-/g, ''));
  return (classBody = body);
}

/** The token class `[...]`. */
export function tokenClass(): string {
  return '[' + tokenClassBody() + ']';
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

function classOf(cps: readonly number[]): string {
  const body = renderRanges(toRanges(cps));
  assertLiteralSafe(body.replace(/-/g, ''));
  return cps.length === 1 ? body : '[' + body + ']';
}

/** The token code points that lower-case to `chars[k]` at index `k` of the lower-cased token. */
function membersAt(chars: readonly string[], k: number): number[] {
  const ch = chars[k] as string;
  let members = [...preimagesOf(ch)];
  if (ch === 'σ' || ch === 'ς') {
    // Capital sigma lower-cases to ς in the final-sigma context and to σ elsewhere.
    const wantsCapital = (ch === 'ς') === finalSigmaAt(chars, k);
    members = members.filter((m) => m !== 0x3a3);
    if (wantsCapital) members.push(0x3a3);
  }
  // Item tokens hold only token characters, so other members could never match: drop them.
  return [...new Set(members)].filter(isTokenCodePoint);
}

/**
 * The pattern body (no anchors) matching exactly the item tokens `T` with
 * `T.toLowerCase() === token`, where `token` is a token of the shared tokenizer (already
 * lower-cased). Undefined when no item token can lower-case to it. Its length is at most a
 * small constant times the token's (each character a class of its few case preimages).
 */
export function tokenPatternBody(token: string): string | undefined {
  // The same words come back request after request: the last few hundred patterns are kept.
  if (bodies.has(token)) return bodies.get(token);
  const body = patternBody(token);
  if (bodies.size >= MAX_KEPT_BODIES) bodies.delete(bodies.keys().next().value as string);
  bodies.set(token, body);
  return body;
}

const MAX_KEPT_BODIES = 512;
const bodies = new Map<string, string | undefined>();

function patternBody(token: string): string | undefined {
  const chars = [...token];
  const multis = multiCodePointLowers();
  let out = '';
  for (let k = 0; k < chars.length; ) {
    const multi = multis.find((m) => [...m].every((ch, j) => chars[k + j] === ch));
    if (multi !== undefined) {
      // `İ` lower-cases to `i` + U+0307: one item character, or the two lower-cased ones.
      const n = [...multi].length;
      const sources = preimagesOf(multi).filter(isTokenCodePoint);
      let seq: string | undefined = '';
      for (let j = k; j < k + n && seq !== undefined; j++) {
        const m = membersAt(chars, j);
        seq = m.length ? seq + classOf(m) : undefined;
      }
      const alternatives = [...(seq !== undefined ? [seq] : []), ...(sources.length ? [classOf(sources)] : [])];
      if (alternatives.length === 0) return undefined;
      out += alternatives.length === 1 ? alternatives[0] : '(?:' + alternatives.join('|') + ')';
      k += n;
      continue;
    }
    const ch = chars[k] as string;
    let cls = ch === 'σ' || ch === 'ς' ? undefined : classCache.get(ch);
    if (cls === undefined) {
      const m = membersAt(chars, k);
      cls = m.length === 0 ? '' : classOf(m);
      if (ch !== 'σ' && ch !== 'ς' && classCache.size < 4096) classCache.set(ch, cls);
    }
    if (cls === '') return undefined;
    out += cls;
    k++;
  }
  return out;
}

/**
 * The class of each lower-cased character seen (its members do not depend on the context but
 * for the sigmas), so that a long word costs a map lookup per character. Bounded: a query has
 * at most `maxPatternSize` characters, but a process sees many queries.
 */
const classCache = new Map<string, string>();

/** The pattern of one token, rendered for an engine. */
export function renderTokenPattern(token: string, rendering: PatternRendering): string {
  const body = tokenPatternBody(token);
  return body === undefined ? rendering.never : rendering.wrap(body);
}

/**
 * The one guarantee that no user text reaches a pattern unescaped: every character written
 * literally into a pattern must be a token character (a letter, mark or decimal digit), which
 * is never a metacharacter, a quantifier, a class bracket or whitespace in any engine.
 */
function assertLiteralSafe(text: string): void {
  for (const ch of text) {
    if (!isTokenChar(ch)) throw new Error(`catq internal error: ${JSON.stringify(ch)} may not appear literally in a pattern`);
  }
}
