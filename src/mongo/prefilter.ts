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
 * operators, Object, Array with cardinality Many (a list of arrays nests two levels, and the match
 * language looks one level deep), and keys the match language cannot name as a path (a dot, a
 * leading `$`, empty, NUL, `__proto__`).
 */
import type { JsonValue } from '../ast/index.js';
import type { ItemRoot } from './access.js';
import type { ResolvedClause } from './clause.js';
import { ORDER_OPS, referencedCandidates, type Scalar } from './values.js';
import type { MongoFilter } from './types.js';

/** Whether the match language can name `key` as a one-segment path. */
export function isPathKey(key: string): boolean {
  return key !== '' && !key.includes('.') && !key.startsWith('$') && !key.includes('\u0000') && key !== '__proto__';
}

function scalar(v: JsonValue): v is Scalar {
  return typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}

function noNegativeZero(v: Scalar): Scalar {
  return Object.is(v, -0) ? 0 : v;
}

/** The superset condition of a clause on raw key `rawKey`, or undefined when none is written. */
export function prefilter(rc: ResolvedClause, root: ItemRoot, rawKey: string): MongoFilter | undefined {
  if (!isPathKey(rawKey)) return undefined;
  const path = root.prefix === undefined ? rawKey : `${root.prefix}.${rawKey}`;
  const { clause: c, attribute: a } = rc;
  switch (c.operator) {
    case 'present?':
      return c.value === true ? { [path]: { $exists: true } } : undefined;
    case '<':
    case '<=':
    case '>':
    case '>=':
      return (typeof c.value === 'number' && Number.isFinite(c.value)) || typeof c.value === 'string'
        ? { [path]: { [ORDER_OPS[c.operator]]: noNegativeZero(c.value) } }
        : undefined;
    case '=':
    case 'one-of': {
      if (a.Type === 'Object' || (a.Type === 'Array' && a.Cardinality === 'Many')) return undefined;
      const values = c.operator === '=' ? [c.value] : Array.isArray(c.value) ? c.value : [];
      if (values.length === 0 || !values.every(scalar)) return undefined;
      const candidates: Scalar[] = [];
      for (const v of values as Scalar[]) {
        for (const w of a.Type === 'Referenced' && typeof v !== 'boolean' ? referencedCandidates(v) : [v]) {
          const x = noNegativeZero(w);
          if (!candidates.includes(x)) candidates.push(x);
        }
      }
      return { [path]: candidates.length === 1 ? { $eq: candidates[0] as Scalar } : { $in: candidates } };
    }
    case 'matches':
    case 'matches-phrase':
      return undefined;
  }
}
