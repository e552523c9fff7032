import { containsPhrase, matchesAll, TOKEN_SOURCE } from '../text/index.js';

/**
 * Fast, exact matchers for `matches` and `matches-phrase` over one item string, built once per
 * clause. The tokenizer stays the one of src/text; these only avoid tokenizing every item:
 *
 * - A term made of ASCII letters and digits is found with a case-insensitive Unicode regex
 *   bounded by non-token characters (`(?<!tok)term(?!tok)`), so each hit is exactly one token;
 *   the hit is then checked to lower-case to the term (case folding matches a little more than
 *   `toLowerCase`, e.g. `ſ` folds to `s`; of all non-ASCII characters only the Kelvin sign
 *   U+212A lower-cases to ASCII, and folding matches it too, so no token is missed).
 * - Anything else (non-ASCII terms, phrases once the regex pre-filter hits) falls back to
 *   `matchesAll` / `containsPhrase` of src/text.
 */
export type StringMatcher = (text: string) => boolean;

const ASCII_TERM = /^[a-z0-9]+$/;
const KELVIN = 0x212a;

function escape(term: string): string {
  return term; // ASCII letters and digits only: nothing to escape
}

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

function asciiTermMatcher(term: string): StringMatcher {
  const re = new RegExp(`(?<![${TOKEN_CLASS}])${escape(term)}(?![${TOKEN_CLASS}])`, 'giu');
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

const TOKEN_CLASS = TOKEN_SOURCE.slice(1, TOKEN_SOURCE.indexOf(']')); // `\p{L}\p{M}\p{Nd}`

/** `matches`: every term (already tokenized and lower-cased) is a token of the text. */
export function termsMatcher(terms: readonly string[]): StringMatcher {
  const unique = [...new Set(terms)];
  if (unique.length === 0) return () => false;
  if (unique.every((t) => ASCII_TERM.test(t))) {
    const ms = unique.map(asciiTermMatcher);
    if (ms.length === 1) return ms[0] as StringMatcher;
    return (text) => {
      for (let i = 0; i < ms.length; i++) if (!(ms[i] as StringMatcher)(text)) return false;
      return true;
    };
  }
  return (text) => matchesAll(text, unique);
}

/** `matches-phrase`: the phrase tokens occur consecutively, in order, among the text's tokens. */
export function phraseMatcher(phrase: readonly string[]): StringMatcher {
  if (phrase.length === 0) return () => false;
  if (phrase.length === 1) return termsMatcher(phrase);
  const exact = (text: string): boolean => containsPhrase(text, phrase);
  if (!phrase.every((t) => ASCII_TERM.test(t))) return exact;
  // A pre-filter that every true phrase passes: the words, folded, separated by non-token runs.
  const pre = new RegExp(`(?<![${TOKEN_CLASS}])${phrase.map(escape).join(`[^${TOKEN_CLASS}]+`)}(?![${TOKEN_CLASS}])`, 'iu');
  return (text) => pre.test(text) && exact(text);
}
