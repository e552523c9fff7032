import type { Clause } from '../ast/index.js';
import type { AttributeType } from '../catalog/index.js';
import { codePointOrder, containsPhrase, matchesAll, tokenize } from '../text/index.js';
import { valueKey } from './value-types.js';

/** A scalar query value that passed the type checks. */
export type Scalar = string | number | boolean;

/**
 * What one valid clause requires of a single value (one element, for cardinality Many), in a
 * form that can be compared with other clauses on the same attribute.
 */
export type Constraint =
  | { readonly kind: 'present'; readonly value: boolean }
  /** `=` and `one-of`: the value is one of these (keyed by {@link valueKey}). */
  | {
      readonly kind: 'equals';
      readonly candidates: readonly Scalar[];
      /** `keyList[i]` is the key of `candidates[i]`; `keys` the set of them. */
      readonly keyList: readonly string[];
      readonly keys: ReadonlySet<string>;
    }
  | { readonly kind: 'range'; readonly upper: boolean; readonly strict: boolean; readonly bound: number | string }
  /** `matches`: all of these tokens. */
  | { readonly kind: 'words'; readonly tokens: ReadonlySet<string> }
  /** `matches-phrase`: these tokens in a row. */
  | { readonly kind: 'phrase'; readonly tokens: readonly string[] };

/** The constraint of a clause whose value has already been checked against `type`. */
export function constraintOf(c: Clause, type: AttributeType): Constraint {
  switch (c.operator) {
    case 'present?':
      return { kind: 'present', value: c.value === true };
    case '=':
    case 'one-of': {
      const candidates = (Array.isArray(c.value) ? c.value : [c.value]) as Scalar[];
      const keyList = candidates.map((v) => valueKey(v, type));
      return { kind: 'equals', candidates, keyList, keys: new Set(keyList) };
    }
    case '<':
    case '<=':
    case '>':
    case '>=':
      return { kind: 'range', upper: c.operator[0] === '<', strict: c.operator.length === 1, bound: c.value as number | string };
    case 'matches':
      return { kind: 'words', tokens: new Set(tokenize(c.value as string)) };
    case 'matches-phrase':
      return { kind: 'phrase', tokens: tokenize(c.value as string) };
  }
}

/** Orders two values of an ordered type: numbers numerically, strings by code point. */
function compare(a: Scalar, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return codePointOrder(a, b);
  return NaN;
}

/** Whether a single value (with its {@link valueKey}) satisfies a constraint (`present` aside, which is about the key). */
function holds(v: Scalar, key: string, k: Constraint): boolean {
  switch (k.kind) {
    case 'present':
      return k.value;
    case 'equals':
      return k.keys.has(key);
    case 'range': {
      const d = compare(v, k.bound);
      if (Number.isNaN(d)) return false;
      return k.upper ? d < 0 || (d === 0 && !k.strict) : d > 0 || (d === 0 && !k.strict);
    }
    case 'words':
      return typeof v === 'string' && matchesAll(v, [...k.tokens]);
    case 'phrase':
      return typeof v === 'string' && containsPhrase(v, k.tokens);
  }
}

/** Whether `needle` occurs as a contiguous run in `hay`. */
function isRun(hay: readonly string[], needle: readonly string[]): boolean {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** Whether every candidate of an `equals` constraint satisfies `k`. */
function allHold(a: Extract<Constraint, { kind: 'equals' }>, k: Constraint): boolean {
  for (let i = 0; i < a.candidates.length; i++) if (!holds(a.candidates[i] as Scalar, a.keyList[i] as string, k)) return false;
  return true;
}

/** Whether no candidate of an `equals` constraint satisfies `k`. */
function noneHolds(a: Extract<Constraint, { kind: 'equals' }>, k: Constraint): boolean {
  for (let i = 0; i < a.candidates.length; i++) if (holds(a.candidates[i] as Scalar, a.keyList[i] as string, k)) return false;
  return true;
}

/**
 * Whether every value satisfying `a` also satisfies `b` (so `b` adds nothing next to `a`). This
 * holds element by element, so it is sound for cardinality Many too: the element that makes `a`
 * true makes `b` true. Every operator but `present?` needs a value of the type, hence implies
 * `present? true`.
 */
export function implies(a: Constraint, b: Constraint): boolean {
  switch (b.kind) {
    case 'present':
      return b.value ? a.kind !== 'present' || a.value : a.kind === 'present' && !a.value;
    case 'equals':
      if (a.kind !== 'equals' || a.keys.size > b.keys.size) return false;
      for (const k of a.keys) if (!b.keys.has(k)) return false;
      return true;
    case 'range':
      if (a.kind === 'range') {
        if (a.upper !== b.upper) return false;
        const d = compare(a.bound, b.bound);
        if (Number.isNaN(d)) return false;
        return (a.upper ? d < 0 : d > 0) || (d === 0 && (a.strict || !b.strict));
      }
      return a.kind === 'equals' && allHold(a, b);
    case 'words':
      if (a.kind === 'words') return [...b.tokens].every((t) => a.tokens.has(t));
      if (a.kind === 'phrase') return [...b.tokens].every((t) => a.tokens.includes(t));
      return a.kind === 'equals' && allHold(a, b);
    case 'phrase':
      if (a.kind === 'phrase') return isRun(a.tokens, b.tokens);
      if (a.kind === 'words') return b.tokens.length === 1 && a.tokens.has(b.tokens[0] as string);
      return a.kind === 'equals' && allHold(a, b);
  }
}

/**
 * Whether no single value satisfies both `a` and `b`, for an attribute holding one value
 * (cardinality One, not Array). `present?` is left to the caller.
 */
export function disjoint(a: Constraint, b: Constraint): boolean {
  if (a.kind === 'present' || b.kind === 'present') return false;
  if (a.kind === 'equals') return noneHolds(a, b);
  if (b.kind === 'equals') return noneHolds(b, a);
  if (a.kind === 'range' && b.kind === 'range' && a.upper !== b.upper) {
    const [up, low] = a.upper ? [a, b] : [b, a];
    const d = compare(up.bound, low.bound);
    return !Number.isNaN(d) && (d < 0 || (d === 0 && (up.strict || low.strict)));
  }
  return false;
}

/**
 * Whether the constraints together admit no single value (cardinality One, not Array). Only the
 * `=`/`one-of` candidates make a combination stronger than its pairs: without candidates, the
 * tightest two bounds decide, which {@link disjoint} already checks pair by pair.
 */
export function unsatisfiable(all: readonly Constraint[]): boolean {
  const first = all.find((k) => k.kind === 'equals');
  if (!first || first.kind !== 'equals') return false;
  for (let i = 0; i < first.candidates.length; i++) {
    const v = first.candidates[i] as Scalar;
    const key = first.keyList[i] as string;
    if (all.every((k) => k.kind === 'present' || holds(v, key, k))) return false;
  }
  return true;
}

/** How a clause reads in a message: `< 5`, `one-of ["a","b"]`. */
export function describeClause(c: Clause): string {
  const v = JSON.stringify(c.value) ?? String(c.value);
  return `${c.operator} ${v.length > 40 ? v.slice(0, 37) + '...' : v}`;
}
