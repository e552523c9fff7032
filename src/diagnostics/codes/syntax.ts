import { code } from './define.js';

/** Diagnostics of the infix parser. Owned by src/syntax; the syntax stage may add codes here. */
export const syntaxCodes = {
  'syntax/unexpected-character': code<{ text: string }>(
    'error',
    'A character that cannot start any part of a query.',
    (d) => `Unexpected character ${JSON.stringify(d.text)}.`,
  ),
  'syntax/unterminated-string': code<Record<string, never>>(
    'error',
    'A string has no closing quote.',
    () => 'This string has no closing quote.',
  ),
  'syntax/unterminated-field': code<Record<string, never>>(
    'error',
    'A back-quoted field has no closing back-quote.',
    () => 'This field name has no closing back-quote (write a back-quote inside a name as two: ``).',
  ),
  'syntax/invalid-escape': code<{ escape: string }>(
    'error',
    'A backslash escape that JSON strings do not have.',
    (d) => `${JSON.stringify(d.escape)} is not a valid escape: strings use JSON escapes (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX).`,
  ),
  'syntax/control-character': code<{ char: string }>(
    'error',
    'A raw control character inside a string.',
    (d) => `A string cannot contain the control character U+${d.char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} as is; write it as an escape such as \\n or \\u0009.`,
  ),
  'syntax/invalid-number': code<{ text: string }>(
    'error',
    'A number that is not a finite JSON number.',
    (d) => `${JSON.stringify(d.text)} is not a valid number: write numbers as in JSON (no leading zeros, digits on both sides of the point), within the range of a double.`,
  ),
  'syntax/unquoted-string': code<{ text: string }>(
    'error',
    'A bare word where a value is expected; strings need quotes.',
    (d) => `Values are JSON literals: write the text ${JSON.stringify(d.text)} in double quotes.`,
  ),
  'syntax/missing-and': code<Record<string, never>>(
    'error',
    'Two clauses with nothing between them.',
    () => 'Clauses are joined with `and`; it is missing here.',
  ),
  'syntax/ampersand-and': code<Record<string, never>>(
    'error',
    '`&&` written for `and`.',
    () => 'Clauses are joined with the word `and`, not `&&`.',
  ),
  'syntax/keyword-case': code<{ written: string; keyword: string }>(
    'error',
    'A keyword written in upper or mixed case; keywords are lower-case.',
    (d) => `Keywords are lower-case: write \`${d.keyword}\` instead of \`${d.written}\`.`,
  ),
  'syntax/too-long': code<{ length: number; limit: number }>(
    'error',
    'The infix text is longer than the configured limit (maxInfixLength).',
    (d) => `The query text is ${d.length} characters long; the limit is ${d.limit}.`,
  ),
  'syntax/too-deep': code<{ limit: number }>(
    'error',
    'Arrays, objects and parentheses nested deeper than the limit.',
    (d) => `Values are nested too deeply: at most ${d.limit} levels of arrays, objects and parentheses are read.`,
  ),
  'syntax/unexpected-token': code<{ expected: string; found: string }>(
    'error',
    'The parser expected something else at this point.',
    (d) => `Expected ${d.expected}, but found ${d.found}.`,
  ),
  'syntax/no-or': code<Record<string, never>>(
    'error',
    'The language has no OR; same-field alternatives are written with one-of.',
    () => 'The query language has no `or`: all clauses must hold. For alternatives on one field, use `one-of`, as in `color one-of ["red", "blue"]`.',
  ),
  'syntax/no-not': code<Record<string, never>>(
    'error',
    'The language has no NOT.',
    () => 'The query language has no `not`. To require a field to be missing, use `present? false`.',
  ),
  'syntax/no-not-equal': code<Record<string, never>>(
    'error',
    'The language has no != operator.',
    () => 'The query language has no `!=` operator: a query can only require values, not exclude them.',
  ),
  'syntax/no-grouping': code<Record<string, never>>(
    'error',
    'The language has no parentheses for grouping.',
    () => 'The query language has no grouping with parentheses: clauses are simply joined with `and`.',
  ),
} as const;
