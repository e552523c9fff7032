import { multiCodePointLowers, preimagesOf, renderRanges, tokenCharRanges, toRanges } from '../text/index.js';

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

const SIGMA_CAPITAL = 0x3a3;
const SIGMA_FINAL = 0x3c2;
const SIGMA = 0x3c3;

let classBody: string | undefined;

/** The body of the token bracket expression (`a-zA-Z...`), literal characters only. */
export function tokenClassBody(): string {
  classBody ??= renderRanges(tokenCharRanges());
  return classBody;
}

function charClass(cps: readonly number[]): string {
  if (cps.length === 1) return String.fromCodePoint(cps[0] as number);
  return '[' + renderRanges(toRanges(cps)) + ']';
}

/** Whether a capital sigma standing at code unit `at` of the lower-case token would lower-case to final sigma. */
function sigmaIsFinal(token: string, at: number): boolean {
  const probe = token.slice(0, at) + '\u03a3' + token.slice(at + 1);
  return probe.toLowerCase().charCodeAt(at) === SIGMA_FINAL;
}

/**
 * The regular expression (no anchors) matching exactly the raw item tokens that lower-case to
 * `token`. Returns undefined when no raw token can (the clause is then false).
 */
export function tokenPattern(token: string, expandMulti = true): string | undefined {
  const multi = multiCodePointLowers();
  let out = '';
  let i = 0;
  while (i < token.length) {
    const m = expandMulti ? multi.find((l) => token.startsWith(l, i)) : undefined;
    const cp = token.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    let cps = [...preimagesOf(String.fromCodePoint(cp))];
    if (cp === SIGMA || cp === SIGMA_FINAL) {
      const finalHere = sigmaIsFinal(token, i);
      cps = cps.filter((c) => c !== SIGMA_CAPITAL);
      if ((cp === SIGMA_FINAL) === finalHere) cps.push(SIGMA_CAPITAL);
    }
    if (m !== undefined) {
      // e.g. "i̇": either its code points one by one, or a character lower-casing to all of them.
      const seq = tokenPattern(m, false);
      const whole = preimagesOf(m);
      out += whole.length && seq !== undefined ? `(?:${seq}|${charClass(whole)})` : (seq ?? '');
      if (seq === undefined && !whole.length) return undefined;
      i += m.length;
      continue;
    }
    if (cps.length === 0) return undefined;
    out += charClass(cps);
    i += width;
  }
  return out;
}

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
    const p = tokenPattern(t);
    if (p === undefined) return undefined;
    parts.push(p);
  }
  return `(^|[^${k}])${parts.join(`[^${k}]+`)}($|[^${k}])`;
}
