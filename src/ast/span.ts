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
