/**
 * Where the clauses of a document's text are, without parsing it: the texts between top-level
 * `and` keywords (infix) or the elements of the JSON array (wire). The incremental linter keys
 * its caches by these texts; whatever the split is not sure of, it declines (undefined), and
 * the whole text is linted instead.
 */
import type { Span } from '../ast/index.js';
import { argumentError } from '../diagnostics/index.js';

/** Where each clause text stands in the document. */
export interface Segment {
  readonly start: number;
  readonly end: number;
}

const SPACE = /[\s\uFEFF]/;
/** The lexer's white space (`[\s\uFEFF]`), with a fast path for ASCII. */
const isSpace = (code: number): boolean => (code < 128 ? code === 32 || (code >= 9 && code <= 13) : SPACE.test(String.fromCharCode(code)));

/**
 * The clause texts of `clause and clause and ...`: the spans between top-level `and` keywords
 * (outside strings, back-quoted fields and lists), trimmed. Undefined when the text holds
 * something the split cannot be sure of (parentheses, an unterminated string, unbalanced
 * brackets, an empty clause): the caller then lints the whole text.
 */
export function splitClauses(text: string): Segment[] | undefined {
  try {
    const out: Segment[] = [];
    let start = -1;
    let end = -1;
    let depth = 0;
    const n = text.length;
    let i = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (isSpace(c)) {
        i++;
        continue;
      }
      if (
        depth === 0 && c === 97 /* a */ && text.charCodeAt(i + 1) === 110 && text.charCodeAt(i + 2) === 100 &&
        (i === 0 || isSpace(text.charCodeAt(i - 1))) && (i + 3 === n || isSpace(text.charCodeAt(i + 3)))
      ) {
        if (start < 0) return undefined;
        out.push({ start, end });
        start = -1;
        i += 3;
        continue;
      }
      if (start < 0) start = i;
      if (c === 34 /* " */ || c === 39 /* ' */) {
        let j = i + 1;
        for (; j < n; j++) {
          const d = text.charCodeAt(j);
          if (d === 92 /* \ */) j++;
          else if (d === c) break;
          else if (d === 10 || d === 13) return undefined;
        }
        if (j >= n) return undefined;
        i = j + 1;
      } else if (c === 96 /* ` */) {
        let j = i + 1;
        for (; j < n; j++) {
          if (text.charCodeAt(j) === 96) {
            if (text.charCodeAt(j + 1) === 96) j++;
            else break;
          }
        }
        if (j >= n) return undefined;
        i = j + 1;
      } else {
        if (c === 40 || c === 41 || c === 38 || c === 124) return undefined; // ( ) & |
        if (c === 91) depth++;
        else if (c === 93 && --depth < 0) return undefined;
        i++;
      }
      end = i;
    }
    if (depth !== 0) return undefined;
    if (start < 0) return out.length ? undefined : out;
    out.push({ start, end });
    return out;
  } catch (e) {
    throw argumentError('splitClauses', e);
  }
}

const isJsonBlank = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

/**
 * The element texts of a JSON array (the clauses of a wire query), trimmed, and the span of the
 * array. Undefined when the text is not one array with non-empty elements and only blanks
 * after it, or holds an unterminated string or a control character in one: `lint` says what.
 */
export function splitElements(text: string): { segments: Segment[]; span: Span } | undefined {
  try {
    const n = text.length;
    let i = 0;
    while (i < n && isJsonBlank(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) !== 91 /* [ */) return undefined;
    const open = i++;
    const segments: Segment[] = [];
    let start = -1;
    let end = -1;
    let depth = 0;
    let close = -1;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (isJsonBlank(c)) {
        i++;
        continue;
      }
      if (depth === 0 && (c === 44 /* , */ || c === 93) /* ] */) {
        if (start < 0) {
          if (c === 93 && segments.length === 0) {
            close = i + 1;
            break;
          }
          return undefined;
        }
        segments.push({ start, end });
        start = -1;
        i++;
        if (c === 93) {
          close = i;
          break;
        }
        continue;
      }
      if (start < 0) start = i;
      if (c === 34 /* " */) {
        let j = i + 1;
        for (; j < n; j++) {
          const d = text.charCodeAt(j);
          if (d === 92 /* \ */) j++;
          else if (d === 34) break;
          else if (d < 32) return undefined;
        }
        if (j >= n) return undefined;
        i = j + 1;
      } else {
        if (c === 91 || c === 123) depth++;
        else if ((c === 93 || c === 125) && --depth < 0) return undefined;
        i++;
      }
      end = i;
    }
    if (close < 0) return undefined;
    for (let k = close; k < n; k++) if (!isJsonBlank(text.charCodeAt(k))) return undefined;
    return { segments, span: { start: open, end: close } };
  } catch (e) {
    throw argumentError('splitElements', e);
  }
}
