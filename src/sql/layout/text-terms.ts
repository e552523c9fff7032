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
  const n = toks.length;
  const terms: string[] = [];
  // A UTF-16 unit is at most 3 UTF-8 bytes (a surrogate pair is 4 for 2 units): a string of at
  // most termBytes / 3 units fits without counting its bytes.
  const surely = Math.floor(termBytes / 3);
  const fits = (s: string): boolean => s.length <= surely || (s.length <= termBytes && utf8Bytes(s) <= termBytes);
  // Distinct tokens get small numbers, so a pair is told apart from those seen by one number
  // (first * n + second) and its text is made only the first time: about a third of the CPU of
  // a set of the pairs' texts, each of which would be built and hashed.
  const ids = new Map<string, number>();
  const seq: number[] = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const t = toks[i] as string;
    let id = ids.get(t);
    if (id === undefined) {
      id = ids.size;
      ids.set(t, id);
      if (fits(t)) terms.push(t);
    }
    seq[i] = id;
  }
  const pairs = new Set<number>();
  for (let i = 0; i + 1 < n; i++) {
    const k = (seq[i] as number) * n + (seq[i + 1] as number);
    if (pairs.has(k)) continue;
    pairs.add(k);
    const pair = (toks[i] as string) + ' ' + (toks[i + 1] as string);
    if (fits(pair)) terms.push(pair);
  }
  return { terms, tokens: tokenSequence(toks) };
}
