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
