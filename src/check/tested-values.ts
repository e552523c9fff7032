import { assertNever } from '../ast/index.js';
import type { ElementShape } from './plan.js';

/**
 * The values a clause's value test is applied to, for an item value read with `shape` (the
 * cardinality rules of docs/semantics.md section 3): `one` the value itself; `many` the elements
 * of an array, else the value; `array-one` the top-level elements of an array (none otherwise);
 * `array-many` the inner elements of a non-empty array of arrays, else the top-level elements of
 * an array. A clause holds exactly when its test passes on one of them. A missing key is
 * `undefined`, which no test passes. Backends that lay values out ahead of time (the search
 * layout of `catq/sql`) read items through this, so the rule is written once here.
 */
export function testedValues(shape: ElementShape, value: unknown): readonly unknown[] {
  switch (shape) {
    case 'one':
      return [value];
    case 'many':
      return Array.isArray(value) ? value : [value];
    case 'array-one':
      return Array.isArray(value) ? value : [];
    case 'array-many':
      if (!Array.isArray(value)) return [];
      if (value.length > 0 && value.every((e) => Array.isArray(e))) return (value as unknown[][]).flat();
      return value;
    default:
      return assertNever(shape, 'element shape');
  }
}
