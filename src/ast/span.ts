/**
 * A half-open range `[start, end)` of UTF-16 code-unit offsets into a source text: the infix
 * text for parsed queries, the decoded JSON text for wire queries.
 */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Builds a frozen span. */
export function span(start: number, end: number): Span {
  return Object.freeze({ start, end });
}

/**
 * The span from `limit` to the end of `text`, for a "text too long" diagnostic: started one code
 * unit earlier when `limit` falls inside a surrogate pair, so that it starts on a code point.
 */
export function beyondLimit(text: string, limit: number): Span {
  const start = limit > 0 && limit < text.length && (text.charCodeAt(limit) & 0xfc00) === 0xdc00 && (text.charCodeAt(limit - 1) & 0xfc00) === 0xd800 ? limit - 1 : limit;
  return span(start, text.length);
}

/** A 1-based line and 1-based column (in UTF-16 code units) in a source text. */
export interface LineColumn {
  readonly line: number;
  readonly column: number;
}

/**
 * Maps offsets to lines and columns. Lines end at `\n`, `\r\n` or `\r`. Build it once per
 * source text; each lookup is a binary search.
 */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
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
