import { assertNever } from '../../ast/index.js';
import type { ClausePlan, ValueTest } from '../../check/index.js';
import { diagnostic, pointer, type Diagnostic } from '../../diagnostics/index.js';
import type { SqlBuilder } from '../builder.js';
import { compileClause } from '../compile-clause.js';
import { postgres } from '../postgres.js';
import { holdableOrder, pgHolds } from './safe-text.js';

/**
 * The test with every value PostgreSQL cannot bind taken out: no stored string can equal a
 * string holding U+0000 or a lone surrogate (neither text nor jsonb can hold one), so dropping
 * such candidates keeps the meaning; an order against one is restated by holdableOrder.
 * Undefined when the order cannot be restated for the raw compiler.
 */
function holdableTest(t: ValueTest): ValueTest | undefined {
  switch (t.kind) {
    case 'number-in':
    case 'number-order':
    case 'boolean-in':
    case 'text':
      return t;
    case 'string-in':
      return { ...t, values: t.values.filter(pgHolds) };
    case 'id-in': {
      const strings = t.strings.filter(pgHolds);
      return { kind: 'id-in', strings, numbers: t.numbers.filter((n) => strings.includes(String(n))) };
    }
    case 'element-in':
      return { ...t, values: t.values.filter((v) => typeof v !== 'string' || pgHolds(v)) };
    case 'string-order': {
      const h = holdableOrder(t.op, t.value);
      return h.prefixOf ? undefined : { kind: 'string-order', op: h.op, value: h.value };
    }
    default:
      return assertNever(t, 'value test');
  }
}

/**
 * One clause answered from the raw JSON of the item (an attribute whose layout columns are not
 * filled yet): the raw-JSON compiler of docs/sql.md over the raw table's row of the same key.
 */
export function rawClause(p: ClausePlan, b: SqlBuilder, raw: { table: string; column: string; key: string }, alias: () => string): { sql: string } | { error: Diagnostic } {
  let plan: ClausePlan = p;
  if (p.kind === 'test') {
    const test = holdableTest(p.test);
    if (!test) {
      const detail = 'an order against a string holding a lone low surrogate, on an attribute whose layout is not filled yet';
      return { error: diagnostic('sql/unsupported', { detail }, { span: p.clause.spans?.clause, path: pointer([p.index]) }) };
    }
    plan = { ...p, test };
  }
  const r = alias();
  const out = compileClause(plan, { dialect: postgres, builder: b, column: `${r}.${raw.column}`, alias });
  if ('error' in out) return out;
  return { sql: `EXISTS (SELECT 1 FROM ${raw.table} AS ${r} WHERE ${r}.${raw.key} = s.item_key AND (${out.sql}))` };
}
