import { assertNever } from '../../ast/index.js';
import type { ClausePlan, ValueTest } from '../../check/index.js';
import type { Diagnostic } from '../../diagnostics/index.js';
import type { SqlBuilder } from '../builder.js';
import { compileClause } from '../compile-clause.js';
import { postgres } from '../postgres.js';
import { holdableOrder, pgHolds } from './safe-text.js';

/**
 * The test with every value PostgreSQL cannot bind taken out: no stored string can equal a
 * string holding U+0000 or a lone surrogate (neither text nor jsonb can hold one), so dropping
 * such candidates keeps the meaning; an order against one is restated by holdableOrder.
 */
function holdableTest(t: ValueTest): ValueTest {
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
    case 'string-order':
      return { kind: 'string-order', ...holdableOrder(t.op, t.value) };
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
  if (p.kind === 'test') plan = { ...p, test: holdableTest(p.test) };
  const r = alias();
  const out = compileClause(plan, { dialect: postgres, builder: b, column: `${r}.${raw.column}`, alias });
  if ('error' in out) return out;
  return { sql: `EXISTS (SELECT 1 FROM ${raw.table} AS ${r} WHERE ${r}.${raw.key} = s.item_key AND (${out.sql}))` };
}
