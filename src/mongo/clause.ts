/**
 * One checked clause as one aggregation expression over the item value bound to `$$v`. The
 * shape of the expression is decided by the plan (src/check): its value test and its element
 * shape, each through an exhaustive switch.
 *
 * - one: the typed scalar test on `$$v` itself; an array is never of a scalar type, so `[5]`
 *   does not match `= 5` (the plain `{ f: 5 }` would, element-wise).
 * - many: if `$$v` is an array, some element passes the scalar test (elements of other types,
 *   nested arrays included, fail it); otherwise `$$v` itself is the one element.
 * - array-one / array-many: element equality inside the item array, with the list-of-arrays
 *   rule for Many.
 * - present?: the BSON type of `$$v` is neither `missing` nor `null` (the plain `{ f: null }`
 *   would also match `[null]`, and `$exists` would count `null` as present).
 */
import { assertNever } from '../ast/index.js';
import type { ClausePlan, ElementShape, ValueTest } from '../check/index.js';
import { allElements, and, anyElement, cond, isArray, letIn, or, typeIs } from './expr.js';
import { matchesAll, matchesPhrase } from './text.js';
import { compares, equalsAny } from './values.js';
import type { MongoExpr } from './types.js';

const V = '$$v';

/** Compiles one checked clause over the item value `value` (an expression). */
export function compileClause(p: ClausePlan, value: MongoExpr): MongoExpr {
  return letIn({ v: value }, clauseBody(p));
}

function clauseBody(p: ClausePlan): MongoExpr {
  switch (p.kind) {
    case 'present': {
      const absent = or([typeIs(V, 'missing'), typeIs(V, 'null')]);
      return p.present ? { $not: [absent] } : absent;
    }
    case 'test':
      return withShape(p.shape, (x) => valueTest(p.test, x));
    default:
      return assertNever(p, 'clause plan');
  }
}

/** The test of one scalar `x` (the item value or one element). */
function valueTest(t: ValueTest, x: MongoExpr): MongoExpr {
  switch (t.kind) {
    case 'number-in':
    case 'string-in':
    case 'boolean-in':
    case 'element-in':
      // equalsAny compares x only with candidates of its own JSON type.
      return equalsAny(t.values, x);
    case 'id-in':
      return equalsAny([...t.strings, ...t.numbers], x);
    case 'number-order':
    case 'string-order':
      return compares(t.op, t.value, x);
    case 'text':
      return t.match === 'all' ? matchesAll(x, t.tokens) : matchesPhrase(x, t.tokens);
    default:
      return assertNever(t, 'value test');
  }
}

/** Applies a scalar test with the cardinality rules of the element shape. */
function withShape(shape: ElementShape, test: (x: MongoExpr) => MongoExpr): MongoExpr {
  switch (shape) {
    case 'one':
      return test(V);
    case 'many':
      return cond(isArray(V), anyElement(V, 'e', test('$$e')), test(V));
    case 'array-one':
      return cond(isArray(V), anyElement(V, 'e', test('$$e')), false);
    case 'array-many': {
      // A non-empty array of arrays is a list of arrays; any other array is one bare array
      // (only its top-level scalars count, which is what the direct test reads in both cases).
      const inArray = (arr: MongoExpr, as: string) => anyElement(arr, as, test('$$' + as));
      const listOfArrays = and([allElements(V, 'e', isArray('$$e')), anyElement(V, 'e', cond(isArray('$$e'), inArray('$$e', 'i'), false))]);
      return cond(isArray(V), or([inArray(V, 'e'), listOfArrays]), false);
    }
    default:
      return assertNever(shape, 'element shape');
  }
}
