/**
 * Typed scalar tests: "x is a value of the declared type and stands in relation `op` to the
 * query value". They are only ever applied to one scalar (the item value, or one element of it),
 * so neither MongoDB's element-wise array matching nor its cross-type ordering can take part.
 */
import type { JsonValue } from '../ast/index.js';
import { and, isBool, isNumber, isString, lit, or } from './expr.js';
import type { MongoExpr } from './types.js';

/** A scalar query value (validated: no null, no array, no object). */
export type Scalar = string | number | boolean;

/** `x` has the JSON type of `value` (number, string or boolean). */
export function sameKind(value: Scalar, x: MongoExpr): MongoExpr {
  return typeof value === 'number' ? isNumber(x) : typeof value === 'string' ? isString(x) : isBool(x);
}

/**
 * `x` strictly equals one of `values`: same JSON type and equal (numbers numerically, so -0 = 0
 * and int = double). Candidates are grouped by type, and each group is one `$in` over a literal
 * list, so that `x` is only compared within its own type.
 */
export function equalsAny(values: readonly Scalar[], x: MongoExpr): MongoExpr {
  const groups: Scalar[][] = [[], [], []];
  for (const v of values) {
    const g = groups[typeof v === 'number' ? 0 : typeof v === 'string' ? 1 : 2] as Scalar[];
    if (!g.some((w) => w === v)) g.push(v);
  }
  const parts: MongoExpr[] = [];
  for (const g of groups) {
    const first = g[0];
    if (first === undefined) continue;
    parts.push(and([sameKind(first, x), g.length === 1 ? { $eq: [x, lit(first)] } : { $in: [x, lit(g as JsonValue[])] }]));
  }
  return or(parts);
}

/** Ordering operators of the language and the aggregation operator of each. */
export const ORDER_OPS = { '<': '$lt', '<=': '$lte', '>': '$gt', '>=': '$gte' } as const;

/** `x` is of the value's type and compares so with it (numbers numerically, strings by code point). */
export function compares(op: keyof typeof ORDER_OPS, value: number | string, x: MongoExpr): MongoExpr {
  return and([sameKind(value, x), { [ORDER_OPS[op]]: [x, lit(value)] }]);
}
