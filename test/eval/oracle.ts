/**
 * A deliberately naive transcription of docs/semantics.md and the brief's shared decisions, written
 * independently of src/eval (no precomputation, no code generation), used as a second opinion in
 * property tests.
 */
import type { Clause, JsonValue, Query } from '../../src/ast/index.js';
import { resolveField, type Catalog } from '../../src/catalog/index.js';
import { compareCodePoints, tokenize } from '../../src/text/index.js';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function fieldValue(item: unknown, key: string): unknown {
  return isObj(item) && Object.hasOwn(item, key) ? item[key] : undefined;
}

function ofType(v: unknown, type: string): boolean {
  switch (type) {
    case 'Number':
      return typeof v === 'number';
    case 'String':
    case 'Text':
      return typeof v === 'string';
    case 'Boolean':
      return typeof v === 'boolean';
    case 'Referenced':
      return typeof v === 'string' || typeof v === 'number';
    default:
      return false;
  }
}

function equalScalar(v: unknown, q: JsonValue, type: string): boolean {
  if (type === 'Referenced') return String(v) === String(q);
  return v === q; // -0 === 0; no coercion
}

function holdsOnValue(v: unknown, c: Clause, type: string): boolean {
  if (!ofType(v, type)) return false;
  switch (c.operator) {
    case '=':
      return equalScalar(v, c.value, type);
    case 'one-of':
      return (c.value as JsonValue[]).some((q) => equalScalar(v, q, type));
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const d = type === 'Number' ? (v as number) - (c.value as number) : compareCodePoints(v as string, c.value as string);
      const cmp = d < 0 ? -1 : d > 0 ? 1 : 0;
      return c.operator === '<' ? cmp < 0 : c.operator === '<=' ? cmp <= 0 : c.operator === '>' ? cmp > 0 : cmp >= 0;
    }
    case 'matches': {
      const toks = tokenize(v as string);
      return tokenize(c.value as string).every((t) => toks.includes(t));
    }
    case 'matches-phrase': {
      const toks = tokenize(v as string).join(' ');
      const phrase = tokenize(c.value as string).join(' ');
      return (' ' + toks + ' ').includes(' ' + phrase + ' ');
    }
    default:
      return false;
  }
}

function arrayHolds(arr: unknown[], c: Clause): boolean {
  const cands = c.operator === 'one-of' ? (c.value as JsonValue[]) : [c.value];
  return arr.some((e) => !Array.isArray(e) && cands.some((q) => e === q));
}

/** Whether one clause holds on an item, straight from the text. */
export function oracleClause(item: unknown, c: Clause, catalog: Catalog): boolean {
  const r = resolveField(catalog, c.field);
  if (!r.ok) return false;
  const v = fieldValue(item, r.rawKey);
  if (c.operator === 'present?') return (v !== undefined && v !== null) === c.value;
  const { Type, Cardinality } = r.attribute;
  if (Type === 'Array') {
    if (!Array.isArray(v)) return false;
    if (Cardinality === 'Many' && v.length > 0 && v.every(Array.isArray)) return v.some((inner) => arrayHolds(inner as unknown[], c));
    return arrayHolds(v, c);
  }
  if (Cardinality === 'Many' && Array.isArray(v)) return v.some((e) => holdsOnValue(e, c, Type));
  return holdsOnValue(v, c, Type);
}

/** Whether a query holds on an item. */
export function oracle(item: unknown, q: Query, catalog: Catalog): boolean {
  return q.clauses.every((c) => oracleClause(item, c, catalog));
}
