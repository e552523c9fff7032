import { code, orList, q } from './define.js';
import { infixAsQCode } from './infix-as-q.js';
import { OPERATOR_NAMES } from '../../ast/index.js';

/** Diagnostics of the wire codec (`decode`). Owned by src/wire. */
export const wireCodes = {
  'wire/bad-percent-encoding': code<{ offset: number }>(
    'error',
    'The q text has a malformed percent-escape.',
    (d) => `Malformed percent-escape at character ${d.offset + 1}: a "%" must be followed by two hex digits forming UTF-8. Encode the JSON with encodeURIComponent.`,
  ),
  'wire/invalid-json': code<{ detail: string }>(
    'error',
    'The decoded q text is not valid JSON.',
    (d) => `The query is not valid JSON: ${d.detail}.`,
  ),
  'wire/not-an-array': code<{ found: string }>(
    'error',
    'The query is not a JSON array of clauses.',
    (d) => `A query must be a JSON array of clauses such as [["brand","Acme"]], but this is ${d.found}.`,
  ),
  'wire/bad-clause': code<{ found: string }>(
    'error',
    'A clause is not a two-element array.',
    (d) => `A clause must be a two-element array, [field, value] or [[operator, field], value], but this is ${d.found}.`,
  ),
  'wire/bad-head': code<{ found: string }>(
    'error',
    'The first element of a clause is neither a field nor an [operator, field] pair.',
    (d) => `The first element of a clause must be a field name or an [operator, field] pair, but this is ${d.found}.`,
  ),
  'wire/unknown-operator': code<{ operator: string; suggestion?: string }>(
    'error',
    'The operator is not one of the language\'s operators.',
    (d) =>
      `Unknown operator ${q(d.operator)}.` +
      (d.suggestion ? ` Did you mean ${q(d.suggestion)}?` : '') +
      ` The operators are ${orList(OPERATOR_NAMES)}.`,
  ),
  'wire/field-not-string': code<{ found: string }>(
    'error',
    'A field name is not a string.',
    (d) => `A field name must be a JSON string, but this is ${d.found}.`,
  ),
  'wire/number-out-of-range': code<{ text: string }>(
    'error',
    'A number is too large for a double (it would become Infinity).',
    (d) => `The number ${d.text} is outside the range of a 64-bit float.`,
  ),
  'wire/too-long': code<{ length: number; limit: number }>(
    'error',
    'The q text is longer than the configured limit.',
    (d) => `The query text is ${d.length} characters long; the limit is ${d.limit}.`,
  ),
  'wire/too-many-clauses': code<{ count: number; limit: number }>(
    'error',
    'The query has more clauses than the configured limit.',
    (d) => `The query has ${d.count} clauses; the limit is ${d.limit}.`,
  ),
  'wire/list-too-long': code<{ count: number; limit: number }>(
    'error',
    'A one-of list is longer than the configured limit.',
    (d) => `This list has ${d.count} values; the limit is ${d.limit}.`,
  ),
  'wire/too-deep': code<{ depth: number; limit: number }>(
    'error',
    'A value nests arrays or objects deeper than the configured limit.',
    (d) => `The query nests arrays and objects at least ${d.depth} levels deep here; the limit is ${d.limit}.`,
  ),
  'wire/too-many-values': code<{ limit: number }>(
    'error',
    'An already-parsed query holds more values than the configured limit (maxLength).',
    (d) => `The query holds more than ${d.limit} values; the limit is ${d.limit}.`,
  ),
  'wire/operator-not-string': code<{ found: string }>(
    'error',
    'The operator of an [operator, field] pair is not a string.',
    (d) => `An operator must be a JSON string such as "<" or "one-of", but this is ${d.found}.`,
  ),
  'wire/infix-as-q': infixAsQCode,
  'wire/not-json': code<{ found: string }>(
    'error',
    'An already-parsed query contains a JavaScript value that JSON cannot represent.',
    (d) => `A query may only contain JSON values (null, booleans, finite numbers, strings, arrays, plain objects), but this is ${d.found}.`,
  ),
} as const;
