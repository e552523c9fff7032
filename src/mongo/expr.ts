/**
 * Small builders of MongoDB aggregation expressions (the language of `$expr`). Each builder
 * returns plain JSON. Every user value goes through {@link lit} so that a string such as
 * `"$price"` or an object such as `{ "$gt": 1 }` is always data, never a field path or an operator.
 */
import type { JsonValue } from '../ast/index.js';
import type { MongoExpr } from './types.js';

/** A constant: `$literal` stops MongoDB from reading `"$x"` as a field path or `{ $op }` as an operator. */
export function lit(value: JsonValue): MongoExpr {
  return { $literal: noNegativeZero(value) };
}

/** JSON has no -0 (it serializes as 0), and -0 = 0 in every comparison here: write 0. */
function noNegativeZero(value: JsonValue): JsonValue {
  if (typeof value === 'number') return Object.is(value, -0) ? 0 : value;
  if (Array.isArray(value)) return value.map(noNegativeZero);
  return value;
}

/** Logical AND (an empty list is `true`; one operand is returned as is). */
export function and(parts: readonly MongoExpr[]): MongoExpr {
  if (parts.length === 0) return true;
  if (parts.length === 1) return parts[0] as MongoExpr;
  return { $and: [...parts] };
}

/** Logical OR (an empty list is `false`; one operand is returned as is). */
export function or(parts: readonly MongoExpr[]): MongoExpr {
  if (parts.length === 0) return false;
  if (parts.length === 1) return parts[0] as MongoExpr;
  return { $or: [...parts] };
}

/**
 * `if ? then : else`. MongoDB evaluates only the branch taken, so this is the guard used before
 * operators that raise errors on the wrong input type (`$map`, `$regexFindAll`, `$getField`).
 */
export function cond(test: MongoExpr, then: MongoExpr, otherwise: MongoExpr): MongoExpr {
  return { $cond: [test, then, otherwise] };
}

/** Binds variables for `body` (names start with a lower-case letter; refer to them as `$$name`). */
export function letIn(vars: Readonly<Record<string, MongoExpr>>, body: MongoExpr): MongoExpr {
  return { $let: { vars: { ...vars }, in: body } };
}

/** The BSON type name of `x` is `type` (`'missing'` for an absent field). */
export function typeIs(x: MongoExpr, type: string): MongoExpr {
  return { $eq: [{ $type: x }, type] };
}

/** `x` is a number of any BSON numeric type (int, long, double, decimal); MongoDB 4.4+. */
export function isNumber(x: MongoExpr): MongoExpr {
  return { $isNumber: x };
}

/** `x` is a string. */
export function isString(x: MongoExpr): MongoExpr {
  return typeIs(x, 'string');
}

/** `x` is `true` or `false`. */
export function isBool(x: MongoExpr): MongoExpr {
  return typeIs(x, 'bool');
}

/** `x` is an array (the value itself, never "some element of"). */
export function isArray(x: MongoExpr): MongoExpr {
  return { $isArray: [x] };
}

/**
 * Some element `$$as` of the array `arr` satisfies `test` (false for an empty array). `arr` must
 * be an array: guard with {@link cond} and {@link isArray}, since `$map` fails on anything else.
 */
export function anyElement(arr: MongoExpr, as: string, test: MongoExpr): MongoExpr {
  return { $anyElementTrue: [{ $map: { input: arr, as, in: test } }] };
}

/** Every element `$$as` of the array `arr` satisfies `test` (true for an empty array). */
export function allElements(arr: MongoExpr, as: string, test: MongoExpr): MongoExpr {
  return { $allElementsTrue: [{ $map: { input: arr, as, in: test } }] };
}
