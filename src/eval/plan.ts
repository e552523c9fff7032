import type { ClausePlan, ValueTest } from '../check/index.js';
import { phraseMatcher, termsMatcher, type StringMatcher } from '../text/matcher.js';
import { argumentError } from '../diagnostics/index.js';

/** The canonical string of a Referenced id (docs/semantics.md section 3). */
export function canonicalId(v: string | number): string {
  try {
    return typeof v === 'string' ? v : String(v);
  } catch (e) {
    throw argumentError('canonicalId', e);
  }
}

/** Whether JavaScript's `<` on strings agrees with code point order against `value` (no unit at or above U+D800 in it). */
export function nativeOrder(value: string): boolean {
  return !/[\uD800-\uFFFF]/.test(value);
}

/** The matcher of a text test, built once per clause. */
export function textMatcher(t: Extract<ValueTest, { kind: 'text' }>): StringMatcher {
  return t.match === 'all' ? termsMatcher(t.tokens) : phraseMatcher(t.tokens);
}

/** Cheap tests first: the AND does not depend on order, and text matching is the dearest. */
export function cost(p: ClausePlan): number {
  if (p.kind === 'present') return 0;
  const t = p.test;
  const base = t.kind === 'text' ? 10 : t.kind === 'string-order' && !nativeOrder(t.value) ? 3 : t.kind === 'id-in' ? 2 : 1;
  return base + (p.shape === 'one' ? 0 : 1);
}
