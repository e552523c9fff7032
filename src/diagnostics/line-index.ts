import type { LineColumn } from '../ast/index.js';
import { throwBadArgument } from './arguments.js';

/**
 * Maps offsets to lines and columns. Lines end at `\n`, `\r\n` or `\r`. Build it once per
 * source text; each lookup is a binary search.
 */
export class LineIndex {
  private readonly starts: number[] = [0];

  readonly text: string;

  /** Throws a QueryError (`api/bad-argument`) when `text` is not a string. */
  constructor(text: string) {
    if (typeof text !== 'string') throwBadArgument('LineIndex', 'text', 'a string (the source text the offsets point into)', text, 'Pass the query text.');
    this.text = text;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.starts.push(i + 1);
      }
    }
  }

  /** The line and column of `offset` (clamped into the text). */
  at(offset: number): LineColumn {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - (this.starts[lo] as number) + 1 };
  }

  /** The text of 1-based line `line`, without its line break. */
  lineText(line: number): string {
    const start = this.starts[line - 1];
    if (start === undefined) return '';
    const next = this.starts[line];
    let end = next === undefined ? this.text.length : next;
    while (end > start && (this.text.charCodeAt(end - 1) === 10 || this.text.charCodeAt(end - 1) === 13)) end--;
    return this.text.slice(start, end);
  }

  /** How many lines the text has (an empty text has one). */
  get lineCount(): number {
    return this.starts.length;
  }
}
