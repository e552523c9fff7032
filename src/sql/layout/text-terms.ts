import { tokenize } from '../../text/index.js';

/** The UTF-8 size of `s` (a surrogate pair is 4 bytes). */
export function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xe000 ? 2 : 3;
  }
  return n;
}

/** The token sequence of a text as one string: ` a b c ` (tokens never hold a space). */
export function tokenSequence(tokens: readonly string[]): string {
  return ' ' + tokens.join(' ') + ' ';
}

/** What a Text value lays out: its GIN terms and its token sequence. */
export interface TextLayout {
  /** Distinct tokens and adjacent pairs (`a b`), each at most `termBytes` UTF-8 bytes. */
  readonly terms: string[];
  /** {@link tokenSequence} of every token. */
  readonly tokens: string;
}

/**
 * The terms and token sequence of a Text value, from the one tokenizer of src/text. A token (or
 * pair) longer than `termBytes` is left out of the terms only: a query needing it is answered
 * from the token sequence (see compile-clause.ts).
 */
export function textLayout(text: string, termBytes: number): TextLayout {
  const toks = tokenize(text);
  const terms = new Set<string>();
  // A UTF-16 unit is at most 3 UTF-8 bytes (a surrogate pair is 4 for 2 units): a string of at
  // most termBytes / 3 units fits without counting its bytes.
  const surely = Math.floor(termBytes / 3);
  const fits = (s: string): boolean => s.length <= surely || (s.length <= termBytes && utf8Bytes(s) <= termBytes);
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i] as string;
    if (fits(t)) terms.add(t);
    if (i + 1 < toks.length) {
      const pair = t + ' ' + (toks[i + 1] as string);
      if (fits(pair)) terms.add(pair);
    }
  }
  return { terms: [...terms], tokens: tokenSequence(toks) };
}
