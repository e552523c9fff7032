/**
 * fast-check arbitraries for queries (shared by the wire codec and the infix syntax tests; keep
 * the exports stable).
 *
 * `queryArb` produces Query values with any operator, any field and any JSON value, not only
 * valid ones: the codec must carry every query through unchanged. The data is nasty on purpose:
 * quotes, backslashes, `%`, `&`, `+`, emoji outside the BMP, `-0`, 1e308 and 5e-324, nested
 * arrays and objects, and `__proto__` / `constructor` keys in object values. Strings never hold
 * lone surrogates (they cannot be percent-encoded).
 */
import fc from 'fast-check';
import { clause, OPERATOR_NAMES, query, type Clause, type JsonValue, type Operator, type Query } from '../../src/ast/index.js';

/** Pieces that break naive encoders and decoders. */
export const NASTY_PIECES: readonly string[] = [
  '"',
  '\\',
  '%',
  '%41',
  '%25',
  '&',
  '+',
  '=',
  '?',
  '#',
  ' ',
  '\n',
  '\t',
  '\u0000',
  '\u2028',
  '😀',
  '👩‍👩‍👧',
  '𝔘',
  'é',
  'e\u0301',
  '中文',
  '[',
  ']',
  '{',
  ',',
  '__proto__',
  'constructor',
];

/** Strings mixing nasty pieces with arbitrary well-formed Unicode. */
export const nastyStringArb: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.constantFrom(...NASTY_PIECES), fc.string({ unit: 'binary', maxLength: 4 }), fc.string({ maxLength: 6 })), { maxLength: 5 })
  .map((parts) => parts.join(''));

/** Field names: nasty strings, plus names that look like operators or alias paths. */
export const fieldArb: fc.Arbitrary<string> = fc.oneof(
  nastyStringArb,
  fc.constantFrom('price', 'Brand.Name', 'color', '__proto__', 'constructor', 'toString', 'one-of', '=', 'a.b', ''),
);

/** Numbers including the awkward ones: -0, the largest and the smallest doubles, integers. */
export const numberArb: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 1e308, -1e308, 5e-324, -5e-324, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1e21, 0.1),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Object keys, including prototype-looking ones. */
const keyArb = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', ''), nastyStringArb);

/** Builds an object with own keys only (assigning `__proto__` would set the prototype instead). */
function ownObject(entries: readonly (readonly [string, JsonValue])[]): JsonValue {
  const o: Record<string, JsonValue> = {};
  for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}

/** Any JSON value, nesting a little. */
export const jsonValueArb: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    numberArb,
    nastyStringArb,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(keyArb, tie('value')), { maxLength: 4 }).map(ownObject),
  ),
})).value;

/** Any operator of the language. */
export const operatorArb: fc.Arbitrary<Operator> = fc.constantFrom(...OPERATOR_NAMES);

/** One clause with any operator, field and value (no spans). */
export const clauseArb: fc.Arbitrary<Clause> = fc
  .tuple(operatorArb, fieldArb, jsonValueArb)
  .map(([op, field, value]) => clause(op, field, value));

/** A query of 0 to 6 clauses (no spans). */
export const queryArb: fc.Arbitrary<Query> = fc.array(clauseArb, { maxLength: 6 }).map((clauses) => query(clauses));
