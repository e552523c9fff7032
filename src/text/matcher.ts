import { TOKEN_SOURCE } from './tokenize.js';

/**
 * Exact matchers for `matches` and `matches-phrase` over one item string, built once per clause.
 * They compare tokens, never scan the text with a pattern built from the query, so the cost per
 * item depends on the item's text, not on how long the query's words are:
 *
 * - the item text is cut into tokens by one left-to-right scan (ASCII by a table, other
 *   characters by the tokenizer's own class `[\p{L}\p{M}\p{Nd}]`); each token is lower-cased
 *   only when its length could match a query token (lower-casing changes a token's length by at
 *   most a factor of 2: only U+0130 grows, to two code units), and looked up in a `Map`;
 * - `matches` stops as soon as every distinct query token was seen;
 * - `matches-phrase` runs Knuth-Morris-Pratt over the item's tokens (each mapped to its position
 *   in the phrase's vocabulary), so a phrase of any length costs one pass;
 * - a query token longer than twice the whole text cannot be one of its tokens: rejected at once.
 *
 * Short ASCII terms (the common case) keep a faster path with the same meaning (and a phrase
 * holding some is first searched for them, a necessary condition; its cost is bounded by the
 * search limits below): a
 * case-insensitive search bounded by non-token characters, each hit checked to lower-case to the
 * term exactly (case folding matches a little more than `toLowerCase`, e.g. `ſ` folds to `s`;
 * of all non-ASCII characters only the Kelvin sign U+212A lower-cases to ASCII, and folding
 * matches it too, so no token is missed). Its cost per item is bounded by the term limit below.
 */
export type StringMatcher = (text: string) => boolean;

/**
 * `matches`: every token of `terms` (tokens of the shared tokenizer, lower-cased) is a token of
 * `text`. The one text matcher of the TypeScript code: the evaluator builds it once per clause;
 * callers that test one text at a time (the checker's relations, SQLite's `catq_matches`) go
 * through here, which keeps the matchers of the last few hundred term lists.
 */
export function matchesAll(text: string, terms: readonly string[]): boolean {
  return kept('all', terms)(text);
}

/** `matches-phrase`: the tokens of `phrase` occur as a contiguous run of the tokens of `text` (see {@link matchesAll}). */
export function containsPhrase(text: string, phrase: readonly string[]): boolean {
  return kept('phrase', phrase)(text);
}

const MAX_KEPT = 256;
const keptMatchers = new Map<string, StringMatcher>();

function kept(match: 'all' | 'phrase', tokens: readonly string[]): StringMatcher {
  const key = match + JSON.stringify(tokens);
  let m = keptMatchers.get(key);
  if (m === undefined) {
    m = match === 'all' ? termsMatcher(tokens) : phraseMatcher(tokens);
    if (keptMatchers.size >= MAX_KEPT) keptMatchers.delete(keptMatchers.keys().next().value as string);
    keptMatchers.set(key, m);
  }
  return m;
}

const TOKEN_CLASS = TOKEN_SOURCE.slice(1, TOKEN_SOURCE.indexOf(']')); // `\p{L}\p{M}\p{Nd}`
/** One token character at `lastIndex` (sticky, so no allocation and no scan ahead). */
const TOKEN_CHAR_AT = new RegExp(`[${TOKEN_CLASS}]`, 'uy');
/** ASCII token characters: digits and letters. */
const ASCII_TOKEN = new Uint8Array(128);
for (let c = 48; c <= 57; c++) ASCII_TOKEN[c] = 1;
for (let c = 65; c <= 90; c++) ASCII_TOKEN[c] = ASCII_TOKEN[c + 32] = 1;

/** The UTF-16 width of the token character at `i` of `text`, or 0 when it is not a token character. */
function tokenCharWidth(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 128) return ASCII_TOKEN[c] as number;
  TOKEN_CHAR_AT.lastIndex = i;
  if (!TOKEN_CHAR_AT.test(text)) return 0;
  return TOKEN_CHAR_AT.lastIndex - i;
}

/**
 * Calls `visit(start, end)` for each token of `text` (UTF-16 offsets), in order, until it
 * returns true; returns whether it did.
 */
function eachToken(text: string, visit: (start: number, end: number) => boolean): boolean {
  const n = text.length;
  let i = 0;
  while (i < n) {
    let w = tokenCharWidth(text, i);
    if (w === 0) {
      // Step over a whole surrogate pair (a non-token astral character), else one unit.
      const c = text.charCodeAt(i);
      const d = text.charCodeAt(i + 1);
      i += c >= 0xd800 && c < 0xdc00 && d >= 0xdc00 && d < 0xe000 ? 2 : 1;
      continue;
    }
    const start = i;
    do i += w;
    while (i < n && (w = tokenCharWidth(text, i)) !== 0);
    if (visit(start, i)) return true;
  }
  return false;
}

/** The query tokens' lengths, to skip item tokens that cannot lower-case to any of them. */
function lengthWindow(tokens: readonly string[]): { readonly min: number; readonly max: number } {
  let min = Infinity;
  let max = 0;
  for (const t of tokens) {
    if (t.length < min) min = t.length;
    if (t.length > max) max = t.length;
  }
  return { min, max };
}

/** An id per distinct query token; item tokens that are none of them get -1. */
function vocabulary(tokens: readonly string[]): { readonly ids: ReadonlyMap<string, number>; readonly lookup: (text: string, start: number, end: number) => number } {
  const ids = new Map<string, number>();
  for (const t of tokens) if (!ids.has(t)) ids.set(t, ids.size);
  const { min, max } = lengthWindow(tokens);
  return {
    ids,
    lookup(text, start, end) {
      const len = end - start;
      // An item token of `len` units lower-cases to between `len` and `2 * len` units.
      if (len > max || 2 * len < min) return -1;
      return ids.get(text.slice(start, end).toLowerCase()) ?? -1;
    },
  };
}

/**
 * ASCII terms up to this length (the default longest word of the limits, docs/limits.md) take the
 * search path, whose cost per item grows with the term up to this bound; longer ones compare tokens.
 */
export const SEARCH_TERM_MAX = 100;
/** Phrases of at most this many short ASCII words are first searched for as one pattern. */
const SEARCH_PHRASE_MAX = 8;
const ASCII_TERM = /^[a-z0-9]+$/;
const KELVIN = 0x212a;

/** Whether `text[end - term.length, end)` lower-cases exactly to the ASCII `term`. */
function lowersTo(text: string, end: number, term: string): boolean {
  const start = end - term.length;
  for (let i = 0; i < term.length; i++) {
    let c = text.charCodeAt(start + i);
    if (c >= 65 && c <= 90) c += 32;
    else if (c >= 128) c = c === KELVIN ? 107 : -1;
    if (c !== term.charCodeAt(i)) return false;
  }
  return true;
}

/** A short ASCII term (letters and digits only, so nothing to escape) found as a whole token. */
function asciiTermMatcher(term: string): StringMatcher {
  const re = new RegExp(`(?<![${TOKEN_CLASS}])${term}(?![${TOKEN_CLASS}])`, 'giu');
  return (text) => {
    re.lastIndex = 0;
    while (re.test(text)) {
      // Each code point of an ASCII term matches one UTF-16 unit (ASCII, ſ or the Kelvin sign).
      if (lowersTo(text, re.lastIndex, term)) {
        re.lastIndex = 0;
        return true;
      }
    }
    return false;
  };
}

/** `matches`: every term (already tokenized and lower-cased) is a token of the text. */
export function termsMatcher(terms: readonly string[]): StringMatcher {
  const unique = [...new Set(terms)];
  if (unique.length === 0) return () => false;
  const longest = lengthWindow(unique).max;
  if (unique.every((t) => t.length <= SEARCH_TERM_MAX && ASCII_TERM.test(t))) {
    const ms = unique.map(asciiTermMatcher);
    return (text) => {
      for (let i = 0; i < ms.length; i++) if (!(ms[i] as StringMatcher)(text)) return false;
      return true;
    };
  }
  const { lookup } = vocabulary(unique);
  const seen = new Uint32Array(unique.length);
  let generation = 0;
  return (text) => {
    if (2 * text.length < longest) return false;
    // A fresh mark per call (no allocation): seen[id] === generation means found in this text.
    if (++generation === 0xffffffff) {
      seen.fill(0);
      generation = 1;
    }
    const gen = generation;
    let left = unique.length;
    return eachToken(text, (start, end) => {
      const id = lookup(text, start, end);
      if (id < 0 || seen[id] === gen) return false;
      seen[id] = gen;
      return --left === 0;
    });
  };
}

/** `matches-phrase`: the phrase tokens occur consecutively, in order, among the text's tokens. */
export function phraseMatcher(phrase: readonly string[]): StringMatcher {
  if (phrase.length === 0) return () => false;
  if (phrase.length === 1) return termsMatcher(phrase);
  const { ids, lookup } = vocabulary(phrase);
  const pattern = Int32Array.from(phrase, (t) => ids.get(t) as number);
  // Knuth-Morris-Pratt failure function over token ids.
  const fail = new Int32Array(pattern.length);
  for (let i = 1, k = 0; i < pattern.length; i++) {
    while (k > 0 && pattern[i] !== pattern[k]) k = fail[k - 1] as number;
    if (pattern[i] === pattern[k]) k++;
    fail[i] = k;
  }
  // The phrase's own characters, less one separator between tokens, cannot fit in less than half.
  let minChars = phrase.length - 1;
  for (const t of phrase) minChars += Math.ceil(t.length / 2);
  // A cheap necessary condition first: a short phrase of short ASCII words, searched for as one
  // pattern (the words, folded, separated by non-token runs); else its longest short ASCII word.
  const searchable = phrase.filter((t) => t.length <= SEARCH_TERM_MAX && ASCII_TERM.test(t)).sort((a, b) => b.length - a.length)[0];
  let pre: StringMatcher | undefined;
  if (searchable !== undefined && phrase.length <= SEARCH_PHRASE_MAX && phrase.every((t) => t.length <= SEARCH_TERM_MAX && ASCII_TERM.test(t))) {
    const re = new RegExp(`(?<![${TOKEN_CLASS}])${phrase.join(`[^${TOKEN_CLASS}]+`)}(?![${TOKEN_CLASS}])`, 'iu');
    pre = (text) => re.test(text);
  } else if (searchable !== undefined) pre = asciiTermMatcher(searchable);
  return (text) => {
    if (text.length < minChars || (pre !== undefined && !pre(text))) return false;
    let k = 0;
    return eachToken(text, (start, end) => {
      const id = lookup(text, start, end);
      if (id < 0) {
        k = 0;
        return false;
      }
      while (k > 0 && pattern[k] !== id) k = fail[k - 1] as number;
      if (pattern[k] === id) k++;
      return k === pattern.length;
    });
  };
}
