/**
 * Index-friendly prefilters. `$expr` with `$getField` cannot use an index, so for a clause on a
 * plain key the filter also carries a match-language condition on the field's path that selects
 * a SUPERSET of the clause's items on MongoDB, ANDed in front of the exact `$expr`: the planner
 * can use an index on the field, and the `$expr` still decides every document.
 *
 * Why each is a superset: equality, `$in` and the ordering operators of the match language match
 * a value or any element of an array value, and only values of the same type bracket, so every
 * item the exact clause accepts (a value, or for Many an element, of the type that compares so)
 * is accepted. `$exists: true` accepts every existing key, `null` included.
 *
 * No prefilter is written where that argument fails or buys nothing: `present? false`, text
 * operators, Array with cardinality Many (a list of arrays nests two levels, and the match
 * language looks one level deep), and keys the match language cannot name as a path (a dot, a
 * leading `$`, empty, NUL, `__proto__`).
 */
import { assertNever } from '../ast/index.js';
import type { ClausePlan } from '../check/index.js';
import type { ItemRoot } from './access.js';
import { ORDER_OPS, type Scalar } from './values.js';
import type { MongoFilter } from './types.js';

/** Whether the match language can name `key` as a one-segment path. */
export function isPathKey(key: string): boolean {
  return key !== '' && !key.includes('.') && !key.startsWith('$') && !key.includes('\u0000') && key !== '__proto__';
}

/** The plan's candidates are distinct and hold no -0 already (check/plan.ts owns equality). */
function inFilter(candidates: readonly Scalar[]): MongoFilter | undefined {
  if (candidates.length === 0) return undefined;
  return candidates.length === 1 ? { $eq: candidates[0] as Scalar } : { $in: candidates };
}

/** The superset condition of a checked clause, or undefined when none is written. */
export function prefilter(p: ClausePlan, root: ItemRoot): MongoFilter | undefined {
  if (!isPathKey(p.rawKey)) return undefined;
  const path = root.prefix === undefined ? p.rawKey : `${root.prefix}.${p.rawKey}`;
  if (p.kind === 'present') return p.present ? { [path]: { $exists: true } } : undefined;
  const t = p.test;
  let cond: MongoFilter | undefined;
  switch (t.kind) {
    case 'number-order':
    case 'string-order':
      cond = { [ORDER_OPS[t.op]]: t.value };
      break;
    case 'number-in':
    case 'string-in':
    case 'boolean-in':
      cond = inFilter(t.values);
      break;
    case 'id-in':
      cond = inFilter([...t.strings, ...t.numbers]);
      break;
    case 'element-in':
      cond = p.shape === 'array-many' ? undefined : inFilter(t.values);
      break;
    case 'text':
      cond = undefined;
      break;
    default:
      return assertNever(t, 'value test');
  }
  return cond === undefined ? undefined : { [path]: cond };
}
