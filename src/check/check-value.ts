import { assertNever, type Clause, type JsonValue } from '../ast/index.js';
import type { AttributeType, SearchableAttribute } from '../catalog/index.js';
import { describeValue, type Fix } from '../diagnostics/index.js';
import { diagnostic } from '../diagnostics/core-diagnostic.js';
import { operatorInfo } from '../operators/index.js';
import { hasToken } from '../text/index.js';
import { makeFix, type CheckContext } from './context.js';
import { placeWith, type ClausePlaces, type Place } from './places.js';
import { coerceValue, expectedForType, isValueOfType } from './value-types.js';

/** Shows a value in a fix title (short, JSON). */
function show(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? s.slice(0, 37) + '...' : s;
}

/**
 * Checks the value of a clause against what its operator needs and, when the attribute is known
 * (and the operator allowed on it), against the attribute's type. Without an attribute only the
 * checks that need no type run (present? boolean, one-of list, matches words).
 */
export function checkValue(
  ctx: CheckContext,
  clauseIndex: number,
  c: Clause,
  places: ClausePlaces,
  attribute: SearchableAttribute | undefined,
): void {
  const value = c.value as unknown;
  const type = attribute?.Type;
  // (Module functions rather than closures here: this runs for every clause of every query.)

  const info = operatorInfo(c.operator);
  switch (info.value) {
    case 'boolean': {
      if (typeof value === 'boolean') return;
      const fixed = coerceValue(value, 'Boolean');
      const fixes = fixed === undefined ? [] : setValueFix(ctx, clauseIndex, `Replace ${show(value)} with ${show(fixed)}`, fixed);
      ctx.out.push(diagnostic('schema/present-not-boolean', { field: c.field, found: describeValue(value) }, placeWith(places.value, fixes)));
      return;
    }
    case 'text': {
      if (typeof value === 'string') {
        if (!hasToken(value)) ctx.out.push(diagnostic('schema/no-token', { field: c.field, operator: c.operator, value }, places.value));
        return;
      }
      if (!type) return;
      let fixes: Fix[] = [];
      if (typeof value === 'number' && Number.isFinite(value)) fixes = setValueFix(ctx, clauseIndex, `Replace ${show(value)} with ${show(String(value))}`, String(value));
      else if (Array.isArray(value) && value.length && value.every((v) => typeof v === 'string') && hasToken(value.join(' '))) {
        fixes = setValueFix(ctx, clauseIndex, `Search for all the words: ${show(value.join(' '))}`, value.join(' '));
      }
      reportMismatch(ctx, c, places.value, value, 'a string of words', type, fixes);
      return;
    }
    case 'list': {
      if (!Array.isArray(value)) {
        let fixes: Fix[] = [];
        if (type && isValueOfType(value, type)) fixes = setValueFix(ctx, clauseIndex, `Make it a list: [${show(value)}]`, [value as JsonValue]);
        else if (type && coerceValue(value, type) !== undefined) {
          const fixed = coerceValue(value, type) as JsonValue;
          fixes = setValueFix(ctx, clauseIndex, `Make it a list: [${show(fixed)}]`, [fixed]);
        }
        ctx.out.push(diagnostic('schema/not-a-list', { field: c.field, found: describeValue(value) }, placeWith(places.value, fixes)));
        return;
      }
      if (value.length === 0) {
        ctx.out.push(diagnostic('schema/empty-one-of', { field: c.field }, places.value));
        return;
      }
      if (!type) return;
      for (let k = 0; k < value.length; k++) {
        const candidate = value[k] as unknown;
        if (isValueOfType(candidate, type)) continue;
        if (ctx.out.length >= ctx.maxListed) {
          // No more will be listed: count the rest (a fix copies and prints the whole list).
          let count = 0;
          for (let j = k; j < value.length; j++) if (!isValueOfType(value[j], type)) count++;
          ctx.out.push(diagnostic('limit/more-diagnostics', { count, limit: ctx.maxListed }, { path: '' }));
          return;
        }
        const fixed = coerceValue(candidate, type);
        let fixes: Fix[] = [];
        if (fixed !== undefined) {
          const list = (value as JsonValue[]).map((v, j) => (j === k ? fixed : v));
          fixes = setValueFix(ctx, clauseIndex, `Replace ${show(candidate)} with ${show(fixed)}`, list);
        }
        reportMismatch(ctx, c, places.item(k), candidate, expectedForType(type), type, fixes);
      }
      return;
    }
    case 'scalar':
    case 'ordered': {
      if (!type || isValueOfType(value, type)) return;
      let fixes: Fix[] = [];
      const fixed = coerceValue(value, type);
      if (fixed !== undefined) fixes = setValueFix(ctx, clauseIndex, `Replace ${show(value)} with ${show(fixed)}`, fixed);
      else if (c.operator === '=' && Array.isArray(value) && value.length && value.every((v) => isValueOfType(v, type))) {
        // `color = ["red", "blue"]` almost always means "one of these".
        fixes = [makeFix(ctx, 'Use `one-of` to match any of these values', { kind: 'set-operator', clause: clauseIndex, operator: 'one-of' })];
      }
      reportMismatch(ctx, c, places.value, value, expectedForType(type), type, fixes);
      return;
    }
    default:
      return assertNever(info, 'operator value shape');
  }
}

function reportMismatch(ctx: CheckContext, c: Clause, place: Place, found: unknown, expected: string, type: AttributeType, fixes: Fix[]): void {
  ctx.out.push(diagnostic('schema/type-mismatch', { field: c.field, type, expected, found: describeValue(found) }, placeWith(place, fixes)));
}

function setValueFix(ctx: CheckContext, clause: number, title: string, value: JsonValue): Fix[] {
  return [makeFix(ctx, title, { kind: 'set-value', clause, value })];
}
