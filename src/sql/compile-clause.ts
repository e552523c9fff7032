import { assertNever } from '../ast/index.js';
import type { ClausePlan, ElementShape, ValueTest } from '../check/index.js';
import { diagnostic, pointer, type Diagnostic } from '../diagnostics/index.js';
import type { SqlBuilder } from './builder.js';
import type { Dialect, JsonNode } from './dialect.js';
import { holdableOrder, isWellFormedText } from './layout/safe-text.js';

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
function unsupported(detail: string, p: ClausePlan): ClauseSql {
  return { error: diagnostic('sql/unsupported', { detail }, { span: p.clause.spans?.clause, path: pointer([p.index]) }) };
}

/** Every string a test binds (for the dialects whose text cannot hold NUL). */
function testStrings(t: ValueTest): readonly string[] {
  switch (t.kind) {
    case 'number-in':
    case 'number-order':
    case 'boolean-in':
      return [];
    case 'string-in':
      return t.values;
    case 'string-order':
      return [t.value];
    case 'id-in':
      return t.strings;
    case 'element-in':
      return t.values.filter((v): v is string => typeof v === 'string');
    case 'text':
      return t.tokens;
    default:
      return assertNever(t, 'value test');
  }
}

/**
 * Compiles one checked clause with the meaning of docs/semantics.md sections 3 and 4 (see
 * docs/sql.md): the plan's value test, applied to the item value through its element shape.
 * Anything the dialect cannot hold exactly is refused.
 */
export function compileClause(p: ClausePlan, ctx: ClauseContext): ClauseSql {
  const { dialect: d, builder: b } = ctx;
  const keyProblem = d.keyProblem(p.rawKey);
  if (keyProblem !== undefined) return unsupported(keyProblem, p);
  const node = d.field(ctx.column, p.rawKey, b);
  switch (p.kind) {
    case 'present':
      // Existence only, whatever the declared type: missing and JSON null are both absent.
      return { sql: `${node.typeOrNull()} ${p.present ? '<>' : '='} 'null'` };
    case 'test': {
      if (!d.textHoldsNul && testStrings(p.test).some((s) => s.includes('\u0000'))) return unsupported(`${d.name} text cannot hold the NUL character`, p);
      return { sql: applyShape(p.shape, node, valueTest(p.test, ctx), ctx) };
    }
    default:
      return assertNever(p, 'clause plan');
  }
}

/**
 * `node = v` for each of `values`, ORed. False for none, written with the node (`text IS NULL AND
 * FALSE`) so that the statement still uses the parameters the node binds (its key): PostgreSQL
 * refuses a parameter it cannot type, and `?` placeholders would shift.
 */
function anyOf<T>(n: JsonNode, values: readonly T[], one: (v: T) => string): string {
  return values.length === 0 ? `(${n.text()} IS NULL AND FALSE)` : values.length === 1 ? one(values[0] as T) : `(${values.map(one).join(' OR ')})`;
}

/** The SQL test of one value (the item value or one element) for a plan's value test. */
function valueTest(t: ValueTest, ctx: ClauseContext): Test {
  const { dialect: d, builder: b } = ctx;
  // Text the dialect cannot hold (a lone surrogate in PostgreSQL and MariaDB) equals no stored
  // value. (U+0000 never gets here where text cannot hold it: compileClause refused the clause.)
  const held = (s: string): boolean => d.textHoldsLoneSurrogates || isWellFormedText(s);
  switch (t.kind) {
    case 'number-in':
      return (n) => anyOf(n, t.values, (v) => `${n.number()} = ${d.numberParam(v, b)}`);
    case 'number-order':
      return (n) => `${n.number()} ${t.op} ${d.numberParam(t.value, b)}`;
    case 'string-in':
      return (n) => anyOf(n, t.values.filter(held), (v) => `${d.orderText(n.text())} = ${d.textParam(v, b)}`);
    case 'string-order': {
      const o = d.textHoldsLoneSurrogates ? { op: t.op, value: t.value } : holdableOrder(t.op, t.value, d.textHoldsNul);
      return (n) => `${d.orderText(n.text())} ${o.op} ${d.textParam(o.value, b)}`;
    }
    case 'boolean-in':
      return (n) => anyOf(n, t.values, (v) => n.isBoolean(v, b));
    case 'id-in':
      // Ids compare by canonical text; an item number matches when String(n) is a candidate.
      return (n) =>
        anyOf(n, [...t.strings.filter(held).map((s) => ({ s })), ...t.numbers.map((x) => ({ x }))], (v) =>
          'x' in v ? `${n.number()} = ${d.numberParam(v.x, b)}` : `${n.text()} = ${d.textParam(v.s, b)}`,
        );
    case 'element-in':
      // Elements compare strictly: same JSON type, numbers numerically; null is no value.
      return (n) =>
        anyOf(n, t.values.filter((v) => typeof v !== 'string' || held(v)), (v) =>
          typeof v === 'string'
            ? `${n.text()} = ${d.textParam(v, b)}`
            : typeof v === 'number'
              ? `${n.number()} = ${d.numberParam(v, b)}`
              : n.isBoolean(v, b),
        );
    case 'text':
      return t.match === 'all' ? (n) => d.matchesAll(n.text(), t.tokens, b) : (n) => d.matchesPhrase(n.text(), t.tokens, b);
    default:
      return assertNever(t, 'value test');
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
function applyShape(shape: ElementShape, node: JsonNode, test: Test, ctx: ClauseContext): string {
  switch (shape) {
    case 'one':
      return test(node);
    case 'many': {
      const each = node.elements(ctx.alias());
      return `(${test(node)} OR ${exists(each.from, [each.where, test(each.element)])})`;
    }
    case 'array-one': {
      const top = node.elements(ctx.alias());
      return exists(top.from, [top.where, test(top.element)]);
    }
    case 'array-many': {
      const top = node.elements(ctx.alias());
      const direct = exists(top.from, [top.where, test(top.element)]);
      const outer = node.elements(ctx.alias());
      const inner = outer.element.elements(ctx.alias());
      const nested = exists(`${outer.from}, ${inner.from}`, [outer.where, inner.where, test(inner.element)]);
      const some = node.elements(ctx.alias());
      const nonArray = node.elements(ctx.alias());
      const listOfArrays = `${exists(some.from, [some.where])} AND NOT ${exists(nonArray.from, [nonArray.where, `NOT (${nonArray.element.is('array')})`])}`;
      // A list of arrays has no scalar elements, so `direct` is false for it: no CASE needed.
      return `(${direct} OR (${listOfArrays} AND ${nested}))`;
    }
    default:
      return assertNever(shape, 'element shape');
  }
}
