/**
 * One clause as one aggregation expression over the item value bound to `$$v`. The shape of the
 * expression is decided by the operator, the declared type and the cardinality:
 *
 * - One: the typed scalar test on `$$v` itself; an array is never of a scalar type, so `[5]`
 *   does not match `= 5` (the plain `{ f: 5 }` would, element-wise).
 * - Many: if `$$v` is an array, some element passes the scalar test (elements of other types,
 *   nested arrays included, fail it); otherwise `$$v` itself is the one element.
 * - Array: element equality inside the item array, with the list-of-arrays rule for Many.
 * - present?: the BSON type of `$$v` is neither `missing` nor `null` (the plain `{ f: null }`
 *   would also match `[null]`, and `$exists` would count `null` as present).
 */
import { assertNever, type Clause, type JsonValue } from '../ast/index.js';
import type { SearchableAttribute } from '../catalog/index.js';
import { diagnostic, pointer, QueryError } from '../diagnostics/index.js';
import { tokenize } from '../text/index.js';
import { allElements, and, anyElement, cond, isArray, letIn, or, typeIs } from './expr.js';
import { matchesAll, matchesPhrase } from './text.js';
import { compares, equalsAny, referencedCandidates, type Scalar } from './values.js';
import type { MongoExpr } from './types.js';

/** A clause with its resolved attribute and raw key. */
export interface ResolvedClause {
  readonly index: number;
  readonly clause: Clause;
  readonly attribute: SearchableAttribute;
}

const V = '$$v';

/** Compiles one resolved clause over the item value `value` (an expression). Throws `mongo/unsupported`. */
export function compileClause(rc: ResolvedClause, value: MongoExpr): MongoExpr {
  return letIn({ v: value }, clauseBody(rc));
}

function clauseBody(rc: ResolvedClause): MongoExpr {
  const { clause: c, attribute: a } = rc;
  const fail = (detail: string): never => {
    throw new QueryError([
      diagnostic('mongo/unsupported', { detail }, { span: c.spans?.clause, path: pointer([rc.index]) }),
    ]);
  };
  if (c.operator === 'present?') {
    if (typeof c.value !== 'boolean') return fail('`present?` takes true or false');
    const absent = or([typeIs(V, 'missing'), typeIs(V, 'null')]);
    return c.value ? { $not: [absent] } : absent;
  }
  const type = a.Type;
  if (type === 'Object') return fail(`\`${c.operator}\` is not defined on Object attributes`);
  if (type === 'Array') return arrayClause(c, a.Cardinality, fail);
  const one = scalarClause(c, type, fail);
  if (a.Cardinality === 'One') return one(V);
  return cond(isArray(V), anyElement(V, 'e', one('$$e')), one(V));
}

type Fail = (detail: string) => never;

function scalarClause(c: Clause, type: 'Number' | 'String' | 'Text' | 'Boolean' | 'Referenced', fail: Fail): (x: MongoExpr) => MongoExpr {
  const op = c.operator;
  switch (op) {
    case '=':
    case 'one-of': {
      const values = op === '=' ? [c.value] : Array.isArray(c.value) ? c.value : fail('`one-of` takes an array');
      if (values.length === 0) return fail('`one-of` needs at least one candidate');
      const candidates: Scalar[] = [];
      for (const v of values) candidates.push(...typedCandidates(type, v, fail));
      // equalsAny checks the type of x against each candidate's own type, which typedCandidates
      // has checked against the declared type: no separate type test is needed.
      return (x) => equalsAny(candidates, x);
    }
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const v = c.value;
      const ok = type === 'Number' ? typeof v === 'number' && Number.isFinite(v) : (type === 'String' || type === 'Text') && typeof v === 'string';
      if (!ok) return fail(`\`${op}\` on a ${type} attribute needs a ${type === 'Number' ? 'number' : 'string'}`);
      return (x) => compares(op, v as number | string, x);
    }
    case 'matches':
    case 'matches-phrase': {
      if (type !== 'Text') return fail(`\`${op}\` is only defined on Text attributes`);
      const tokens = typeof c.value === 'string' ? tokenize(c.value) : [];
      if (tokens.length === 0) return fail(`\`${op}\` needs a string with at least one word`);
      return (x) => (op === 'matches' ? matchesAll(x, tokens) : matchesPhrase(x, tokens));
    }
    case 'present?':
      return fail('internal: present? is handled before');
    default:
      return assertNever(op, 'operator');
  }
}

/** The query value(s) a scalar-typed `=` / `one-of` candidate stands for, checked against the type. */
function typedCandidates(type: 'Number' | 'String' | 'Text' | 'Boolean' | 'Referenced', v: JsonValue, fail: Fail): Scalar[] {
  switch (type) {
    case 'Number':
      return typeof v === 'number' && Number.isFinite(v) ? [v] : fail('a Number attribute compares with numbers only');
    case 'String':
    case 'Text':
      return typeof v === 'string' ? [v] : fail(`a ${type} attribute compares with strings only`);
    case 'Boolean':
      return typeof v === 'boolean' ? [v] : fail('a Boolean attribute compares with true or false only');
    case 'Referenced':
      return typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))
        ? referencedCandidates(v)
        : fail('a Referenced attribute compares with ids (strings or numbers) only');
  }
}

/** `=` / `one-of` on an Array attribute (LANGUAGE decision 6). */
function arrayClause(c: Clause, cardinality: 'One' | 'Many', fail: Fail): MongoExpr {
  if (c.operator !== '=' && c.operator !== 'one-of') return fail(`\`${c.operator}\` is not defined on Array attributes`);
  const values = c.operator === '=' ? [c.value] : Array.isArray(c.value) ? c.value : fail('`one-of` takes an array');
  if (values.length === 0) return fail('`one-of` needs at least one candidate');
  const scalars: Scalar[] = values.map((v) =>
    typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))
      ? v
      : fail('an Array attribute compares its elements with strings, numbers or booleans only'),
  );
  const inArray = (arr: MongoExpr, as: string) => anyElement(arr, as, equalsAny(scalars, '$$' + as));
  if (cardinality === 'One') return cond(isArray(V), inArray(V, 'e'), false);
  // Many: a non-empty array of arrays is a list of arrays; any other array is one bare array
  // (only its top-level scalars count, which is what `inArray(V)` reads in both cases).
  const listOfArrays = and([allElements(V, 'e', isArray('$$e')), anyElement(V, 'e', cond(isArray('$$e'), inArray('$$e', 'i'), false))]);
  return cond(isArray(V), or([inArray(V, 'e'), listOfArrays]), false);
}
