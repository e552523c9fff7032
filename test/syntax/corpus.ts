/**
 * Reads grammar/corpus/*.txt: one query per line; an indented `=>` line gives the canonical form
 * (valid.txt), an indented `->` line the expected diagnostic codes in text order (invalid.txt).
 * A blank line inside a section is the empty query only when it directly follows a comment
 * saying so; otherwise blank lines separate examples.
 */
import { readFileSync } from 'node:fs';

/** One corpus example. */
export interface CorpusEntry {
  readonly text: string;
  readonly line: number;
  /** valid.txt: the canonical form (the text itself when not given). */
  readonly canonical?: string;
  /** invalid.txt: the expected codes. */
  readonly codes?: readonly string[];
}

export function readCorpus(name: 'valid' | 'invalid'): CorpusEntry[] {
  const lines = readFileSync(new URL(`../../grammar/corpus/${name}.txt`, import.meta.url), 'utf8').split('\n');
  const out: { text: string; line: number; canonical?: string; codes?: string[] }[] = [];
  let afterEmptyComment = false;
  lines.forEach((raw, i) => {
    if (raw.startsWith('#')) {
      afterEmptyComment = /empty query/i.test(raw);
      return;
    }
    if (raw.trim() === '') {
      if (afterEmptyComment) out.push({ text: '', line: i + 1 });
      afterEmptyComment = false;
      return;
    }
    afterEmptyComment = false;
    const canonical = raw.match(/^\s+=> (.*)$/);
    const codes = raw.match(/^\s+-> (.*)$/);
    const last = out[out.length - 1];
    if (canonical && last) last.canonical = canonical[1] as string;
    else if (codes && last) last.codes = (codes[1] as string).trim().split(/\s+/);
    else out.push({ text: raw, line: i + 1 });
  });
  return out;
}
