import type { CheckedQuery } from '../../check/index.js';
import type { SqlBuilder } from '../builder.js';
import type { SearchLayout } from './plan.js';
import { pgHolds, stringKey } from './safe-text.js';
import { layoutAttributeOf, type LayoutWhereOptions } from './where.js';

/**
 * The equality a page's walk may read in id order (docs/sql.md, "How a page is read"): the first
 * clause of the query that tests a Cardinality One attribute for one value, where the value's
 * B-tree is followed by the id's sort keys (`LayoutAttribute.orderedKey`). The walk then reads
 * the id order of that value's items only, not of the whole table, so an equality finds its page
 * however few items it matches, and a page of an equality and a rare word walks only the items
 * of the equality. Returns the condition on the index's first column (the clause itself, exact,
 * stays in the page's WHERE), or undefined when no clause qualifies.
 */
export function orderedWalkCondition(plan: CheckedQuery, layout: SearchLayout, b: SqlBuilder, backfilled: LayoutWhereOptions['backfilled']): string | undefined {
  const attributeOf = layoutAttributeOf(layout, backfilled);
  for (const p of plan.clauses) {
    if (p.kind !== 'test' || p.shape !== 'one') continue;
    const key = attributeOf(p.rawKey)?.orderedKey;
    if (key === undefined) continue;
    const t = p.test;
    const prefix = layout.policy.prefixLength;
    if (t.kind === 'number-in' && t.values.length === 1) return `${key} = ${b.param(t.values[0] as number)}::float8`;
    if (t.kind === 'boolean-in' && t.values.length === 1) return `${key} = ${b.param(t.values[0] as boolean)}::boolean`;
    const strings = t.kind === 'string-in' ? t.values : t.kind === 'id-in' ? t.strings : undefined;
    const held = strings?.filter(pgHolds);
    if (held?.length === 1) return `${key} = ${b.param(stringKey(held[0] as string, prefix).key)}::text`;
  }
  return undefined;
}
