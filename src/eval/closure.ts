import { codePointOrder } from '../text/index.js';
import { assertNever } from '../ast/index.js';
import type { ClausePlan, ValueTest } from '../check/index.js';
import { nativeOrder, textMatcher } from './plan.js';

/** A test on one value. */
export type ValueFn = (x: unknown) => boolean;
/** A clause over an item already known to be a non-array object. */
export type ClauseFn = (item: object) => boolean;

const hasOwn = Object.prototype.hasOwnProperty;

/** Above this many candidates, `one-of` uses a Set (SameValueZero: -0 = 0, no coercion). */
export const SET_THRESHOLD = 8;

function inFn(values: readonly unknown[]): ValueFn {
  if (values.length === 0) return () => false;
  if (values.length === 1) {
    const a = values[0];
    return (x) => x === a;
  }
  if (values.length > SET_THRESHOLD) {
    const set = new Set(values);
    return (x) => set.has(x);
  }
  return (x) => values.includes(x);
}

function orderFn(op: '<' | '<=' | '>' | '>=', cmp: (x: never) => number, guard: (x: unknown) => boolean): ValueFn {
  const c = cmp as (x: unknown) => number;
  switch (op) {
    case '<':
      return (x) => guard(x) && c(x) < 0;
    case '<=':
      return (x) => guard(x) && c(x) <= 0;
    case '>':
      return (x) => guard(x) && c(x) > 0;
    case '>=':
      return (x) => guard(x) && c(x) >= 0;
  }
}

const isString = (x: unknown): boolean => typeof x === 'string';

/** The closure of a value test: true only on values of the test's JSON type. */
export function valueFn(t: ValueTest): ValueFn {
  switch (t.kind) {
    case 'number-in':
    case 'string-in':
    case 'boolean-in':
    case 'element-in':
      // `===` and SameValueZero never coerce, and -0 equals 0.
      return inFn(t.values);
    case 'number-order': {
      const v = t.value;
      switch (t.op) {
        case '<':
          return (x) => typeof x === 'number' && x < v;
        case '<=':
          return (x) => typeof x === 'number' && x <= v;
        case '>':
          return (x) => typeof x === 'number' && x > v;
        case '>=':
          return (x) => typeof x === 'number' && x >= v;
      }
      break;
    }
    case 'string-order': {
      const v = t.value;
      // JS string order is UTF-16 order; it agrees with code point order when the value has no
      // unit at or above U+D800 (the only place the two can differ).
      if (nativeOrder(v)) {
        switch (t.op) {
          case '<':
            return (x) => typeof x === 'string' && x < v;
          case '<=':
            return (x) => typeof x === 'string' && x <= v;
          case '>':
            return (x) => typeof x === 'string' && x > v;
          case '>=':
            return (x) => typeof x === 'string' && x >= v;
        }
      }
      return orderFn(t.op, (x: string) => codePointOrder(x, v), isString);
    }
    case 'id-in': {
      const strs = inFn(t.strings);
      const nums = inFn(t.numbers);
      return (x) => (typeof x === 'string' ? strs(x) : typeof x === 'number' && nums(x));
    }
    case 'text': {
      const m = textMatcher(t);
      return (x) => typeof x === 'string' && m(x);
    }
    default:
      return assertNever(t, 'value test');
  }
}

function some(arr: readonly unknown[], f: ValueFn): boolean {
  for (let i = 0; i < arr.length; i++) if (f(arr[i])) return true;
  return false;
}

/** The closure of one clause (own properties only). */
export function clauseFn(p: ClausePlan): ClauseFn {
  const key = p.rawKey;
  if (p.kind === 'present') {
    const want = p.present;
    return (item) => {
      const present = hasOwn.call(item, key) && (item as Record<string, unknown>)[key] != null;
      return present === want;
    };
  }
  const f = valueFn(p.test);
  const read = (item: object): unknown => (hasOwn.call(item, key) ? (item as Record<string, unknown>)[key] : undefined);
  switch (p.shape) {
    case 'one':
      return (item) => f(read(item));
    case 'many':
      return (item) => {
        const v = read(item);
        return Array.isArray(v) ? some(v, f) : f(v);
      };
    case 'array-one':
      return (item) => {
        const v = read(item);
        return Array.isArray(v) && some(v, f);
      };
    case 'array-many':
      return (item) => {
        const v = read(item);
        if (!Array.isArray(v)) return false;
        if (v.length > 0 && v.every((e) => Array.isArray(e))) {
          for (const inner of v as unknown[][]) if (some(inner, f)) return true;
          return false;
        }
        return some(v, f);
      };
  }
}

/** The closure of a whole query: AND of the clauses; `keyless` is the answer for non-objects. */
export function queryFn(plans: readonly ClausePlan[], keyless: boolean): (item: unknown) => boolean {
  const fns = plans.map(clauseFn);
  return (item) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return keyless;
    try {
      for (let i = 0; i < fns.length; i++) if (!(fns[i] as ClauseFn)(item)) return false;
      return true;
    } catch {
      return false; // a throwing getter or Proxy trap: the item cannot be read, so it does not match
    }
  };
}
