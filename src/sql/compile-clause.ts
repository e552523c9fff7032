import { assertNever, type Clause, type JsonValue } from '../ast/index.js';
import type { SearchableAttribute } from '../catalog/index.js';
import { diagnostic, type Diagnostic } from '../diagnostics/index.js';
import { isAllowed } from '../operators/index.js';
import { tokenize } from '../text/index.js';
import type { SqlBuilder } from './builder.js';
import type { Dialect, JsonNode } from './dialect.js';

/** What one clause compiles against. */
export interface ClauseContext {
  readonly dialect: Dialect;
  readonly builder: SqlBuilder;
  /** The quoted JSON column. */
  readonly column: string;
  /** Makes fresh aliases for subqueries. */
  readonly alias: () => string;
}

/** The condition of one clause, or the reason it cannot be compiled exactly. */
export type ClauseSql = { readonly sql: string } | { readonly error: Diagnostic };

type Test = (node: JsonNode) => string;

/** Refuses a clause (fail closed): the query then throws instead of matching something else. */
function unsupported(detail: string, c: Clause): ClauseSql {
  return { error: diagnostic('sql/unsupported', { detail }, { span: c.spans?.clause }) };
}

/**
 * Compiles one validated clause on the attribute its field resolved to, with the meaning of
 * LANGUAGE.md sections 3 and 4 (see docs/sql.md). Anything outside those rules is refused.
 */
export function compileClause(c: Clause, attr: SearchableAttribute, rawKey: string, ctx: ClauseContext): ClauseSql {
  const { dialect: d, builder: b } = ctx;
  if (!isAllowed(c.operator, attr.Type)) return unsupported(`\`${c.operator}\` is not defined on ${attr.Type} attributes`, c);
  // A NUL cannot be bound in a key (SQLite paths stop at it) nor, on PostgreSQL, in any text.
  if (rawKey.includes('\u0000')) return unsupported('the attribute name contains the NUL character', c);
  if (!ctx.dialect.textHoldsNul && hasNul(c.value)) return unsupported(`${ctx.dialect.name} text cannot hold the NUL character`, c);
  const node = d.field(ctx.column, rawKey, b);
  const v = c.value;
  switch (c.operator) {
    case 'present?':
      if (typeof v !== 'boolean') return unsupported('`present?` takes true or false', c);
      // Existence only, whatever the declared type: missing and JSON null are both absent.
      return { sql: `${node.typeOrNull()} ${v ? '<>' : '='} 'null'` };
    case '=': {
      const test = equality(attr, v, ctx);
      return test === undefined ? unsupported(`the value does not fit an attribute of type ${attr.Type}`, c) : { sql: anyElement(attr, node, test, ctx) };
    }
    case 'one-of': {
      if (!Array.isArray(v) || v.length === 0) return unsupported('`one-of` takes a non-empty array', c);
      const tests: Test[] = [];
      for (const candidate of v as readonly JsonValue[]) {
        const t = equality(attr, candidate, ctx);
        if (t === undefined) return unsupported(`a candidate does not fit an attribute of type ${attr.Type}`, c);
        tests.push(t);
      }
      return { sql: anyElement(attr, node, (n) => `(${tests.map((t) => t(n)).join(' OR ')})`, ctx) };
    }
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const op = c.operator;
      if (attr.Type === 'Number' && typeof v === 'number') {
        return { sql: anyElement(attr, node, (n) => `${n.number()} ${op} ${d.numberParam(v, b)}`, ctx) };
      }
      if ((attr.Type === 'String' || attr.Type === 'Text') && typeof v === 'string') {
        return { sql: anyElement(attr, node, (n) => `${d.orderText(n.text())} ${op} ${d.textParam(v, b)}`, ctx) };
      }
      return unsupported(`\`${op}\` needs a number on Number or a string on String and Text`, c);
    }
    case 'matches':
    case 'matches-phrase': {
      const tokens = typeof v === 'string' ? tokenize(v) : [];
      if (tokens.length === 0) return unsupported(`\`${c.operator}\` needs a string with at least one word`, c);
      const test: Test =
        c.operator === 'matches' ? (n) => d.matchesAll(n.text(), tokens, b) : (n) => d.matchesPhrase(n.text(), tokens, b);
      return { sql: anyElement(attr, node, test, ctx) };
    }
    default:
      return assertNever(c.operator, 'operator');
  }
}

function hasNul(v: JsonValue): boolean {
  return typeof v === 'string' ? v.includes('\u0000') : Array.isArray(v) ? v.some((x: JsonValue) => hasNul(x)) : false;
}

/** The test "this node equals `v`" for the attribute's type, or undefined when `v` cannot be a value of it. */
function equality(attr: SearchableAttribute, v: JsonValue, ctx: ClauseContext): Test | undefined {
  const { dialect: d, builder: b } = ctx;
  switch (attr.Type) {
    case 'Number':
      return typeof v === 'number' ? (n) => `${n.number()} = ${d.numberParam(v, b)}` : undefined;
    case 'String':
    case 'Text':
      return typeof v === 'string' ? (n) => `${d.orderText(n.text())} = ${d.textParam(v, b)}` : undefined;
    case 'Boolean':
      return typeof v === 'boolean' ? (n) => n.isBoolean(v, b) : undefined;
    case 'Referenced': {
      if (typeof v !== 'string' && typeof v !== 'number') return undefined;
      // Ids compare by canonical text: a number is String(n). An item number n matches when
      // String(n) is that text, i.e. when n equals Number(text) and the text round-trips.
      const canon = typeof v === 'number' ? String(v) : v;
      const num = Number(canon);
      const numeric = canon !== '' && Number.isFinite(num) && String(num) === canon;
      return (n) =>
        numeric ? `(${n.text()} = ${d.textParam(canon, b)} OR ${n.number()} = ${d.numberParam(num, b)})` : `${n.text()} = ${d.textParam(canon, b)}`;
    }
    case 'Array':
      // Elements compare strictly: same JSON type, numbers numerically; null is no value.
      if (typeof v === 'string') return (n) => `${n.text()} = ${d.textParam(v, b)}`;
      if (typeof v === 'number') return (n) => `${n.number()} = ${d.numberParam(v, b)}`;
      if (typeof v === 'boolean') return (n) => n.isBoolean(v, b);
      return undefined;
    case 'Object':
      return undefined;
    default:
      return assertNever(attr, 'attribute type');
  }
}

function exists(from: string, where: readonly string[]): string {
  const cond = where.filter((w) => w !== '');
  return `EXISTS (SELECT 1 FROM ${from}${cond.length ? ` WHERE ${cond.join(' AND ')}` : ''})`;
}

/**
 * Applies a test with the cardinality rules: One tests the value itself; Many tests the value
 * and, when it is an array, each element (elements of other types fail their own type test);
 * Array tests the elements, and for Many a non-empty array of arrays is a list of arrays.
 */
function anyElement(attr: SearchableAttribute, node: JsonNode, test: Test, ctx: ClauseContext): string {
  if (attr.Type === 'Array') {
    const top = node.elements(ctx.alias());
    const direct = exists(top.from, [top.where, test(top.element)]);
    if (attr.Cardinality === 'One') return direct;
    const outer = node.elements(ctx.alias());
    const inner = outer.element.elements(ctx.alias());
    const nested = exists(`${outer.from}, ${inner.from}`, [outer.where, inner.where, test(inner.element)]);
    const some = node.elements(ctx.alias());
    const nonArray = node.elements(ctx.alias());
    const listOfArrays = `${exists(some.from, [some.where])} AND NOT ${exists(nonArray.from, [nonArray.where, `NOT (${nonArray.element.is('array')})`])}`;
    // A list of arrays has no scalar elements, so `direct` is false for it: no CASE needed.
    return `(${direct} OR (${listOfArrays} AND ${nested}))`;
  }
  if (attr.Cardinality === 'One') return test(node);
  const each = node.elements(ctx.alias());
  return `(${test(node)} OR ${exists(each.from, [each.where, test(each.element)])})`;
}
