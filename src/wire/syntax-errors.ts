import { span, type Span } from '../ast/index.js';
import { loadJsonc } from './load-helpers.js';

/** A JSON syntax error: where, and what went wrong in words. */
export interface JsonSyntaxError {
  readonly span: Span;
  readonly detail: string;
}

/** What each jsonc-parser error code means, in words (indexed by ParseErrorCode). */
const DETAILS: Readonly<Record<number, string>> = {
  1: 'this is not a JSON value (strings need double quotes; true, false and null are lower-case)',
  2: 'this is not a valid JSON number',
  3: 'a property name in double quotes was expected (JSON allows no trailing comma)',
  4: 'a value was expected (JSON allows no trailing comma and no empty elements)',
  5: 'a colon was expected after the property name',
  6: 'a comma was expected between elements',
  7: 'a closing "}" was expected',
  8: 'a closing "]" was expected',
  9: 'the JSON text should end here',
  10: 'JSON does not allow comments',
  11: 'JSON does not allow comments',
  12: 'this string has no closing quote',
  13: 'this number is cut off',
  14: 'this \\u escape needs four hex digits',
  15: 'this escape sequence is not valid in JSON',
  16: 'this character must be escaped inside a JSON string',
};

/**
 * Every syntax error of a text that `JSON.parse` rejected, in strict JSON (no comments, no
 * trailing commas), using jsonc-parser's error recovery so that one error does not hide the next.
 * Text nested deeper than `maxDepth` is reported as a single `too-deep` place instead, because the
 * recursive parser must not meet unbounded nesting.
 */
export function jsonSyntaxErrors(text: string, maxDepth: number, nativeMessage: string): { errors: JsonSyntaxError[]; tooDeep?: Span } {
  const deep = firstTooDeep(text, maxDepth);
  if (deep) return { errors: [], tooDeep: deep };
  const errors: JsonSyntaxError[] = [];
  const seen = new Set<number>();
  loadJsonc().visit(
    text,
    {
      onError(code, offset, length) {
        if (seen.has(offset)) return; // recovery can report a second error at the same place
        seen.add(offset);
        errors.push({ span: span(offset, offset + length), detail: DETAILS[code] ?? 'unexpected text' });
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  if (errors.length === 0) {
    // jsonc-parser is more lenient than JSON in a few corners (it skips a byte-order mark and
    // Unicode spaces); fall back to the position in the engine's own message.
    const m = /position (\d+)/.exec(nativeMessage);
    const at = m ? Math.min(Number(m[1]), text.length) : 0;
    errors.push({ span: span(at, Math.min(at + 1, text.length)), detail: describeNative(text, at) });
  }
  return { errors };
}

function describeNative(text: string, at: number): string {
  if (text.trim() === '') return 'the text is empty';
  const c = text.codePointAt(at);
  return c === undefined ? 'the text ends too early' : `unexpected character U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The first array or object that nests deeper than `maxDepth` (string-aware, no recursion). */
function firstTooDeep(text: string, maxDepth: number): Span | undefined {
  let level = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++level > maxDepth) return span(i, matchingEnd(text, i));
    } else if (c === 93 || c === 125) level = Math.max(0, level - 1);
  }
  return undefined;
}

function matchingEnd(text: string, from: number): number {
  let level = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) level++;
    else if ((c === 93 || c === 125) && --level === 0) return i + 1;
  }
  return text.length;
}
