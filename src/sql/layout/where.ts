import type { Query } from '../../ast/index.js';
import { checkOnce, type CheckedQuery, type LimitOptions } from '../../check/index.js';
import { hasErrors, QueryError, type Diagnostic } from '../../diagnostics/index.js';
import type { SqlBuilder } from '../builder.js';
import { layoutClause } from './compile-clause.js';
import type { LayoutAttribute, SearchLayout } from './plan.js';
import { rawClause } from './raw-fallback.js';

/** Where the raw items are (for the page's items, and for clauses on attributes not backfilled yet). */
export interface RawSource {
  /** The quoted raw table. */
  readonly table: string;
  /** The quoted jsonb column holding each raw item. */
  readonly column: string;
  /** The quoted column of the raw table that equals the search table's `item_key`. */
  readonly key: string;
}

/** What decides how a query compiles on a layout. */
export interface LayoutWhereOptions extends LimitOptions {
  /**
   * The raw keys whose layout columns are filled in every row. A clause on any other attribute
   * reads the raw JSON instead (exact, not index-answered). Default: every attribute.
   */
  readonly backfilled?: ReadonlySet<string> | readonly string[];
  /**
   * For Text attributes (by raw key), the terms the database's statistics list as the most
   * common in the attribute's terms column ({@link layoutTermStatisticsSql}). A `matches-phrase`
   * of three words or more is then found by the index through its pairs that are not among them
   * (its token sequence still decides, so the result is the same): a long phrase of common words
   * reads a few posting lists instead of one per pair. Leave it out when unknown.
   */
  readonly commonTerms?: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The checked plan of a query on the layout's catalog (a plan `check` made on another catalog, or a look-alike, is checked again). */
export function checkedOn(query: Query | CheckedQuery, layout: SearchLayout, options: LimitOptions): CheckedQuery {
  const { diagnostics, plan } = checkOnce(query, layout.catalog, { limits: options.limits });
  const errors: Diagnostic[] = diagnostics.filter((d) => d.severity === 'error');
  if (!plan || hasErrors(errors)) throw new QueryError(errors);
  return plan;
}

/**
 * Which clauses the layout's typed columns answer: the attribute of a raw key, or undefined when
 * the raw JSON must answer (no attribute on that key, or one not in `backfilled` yet).
 */
export function layoutAttributeOf(layout: SearchLayout, backfilled: LayoutWhereOptions['backfilled']): (rawKey: string) => LayoutAttribute | undefined {
  const filled = backfilled === undefined ? undefined : new Set(backfilled);
  return (rawKey) => {
    const a = layout.byRawKey.get(rawKey);
    return a && (filled === undefined || filled.has(rawKey)) ? a : undefined;
  };
}

/** How a condition will be used (see {@link layoutWhere}). */
export interface WhereUse {
  /** The name of every search-table column the condition reads is added to it (`item_key` for a clause answered from the raw table). */
  readonly used?: Set<string>;
  /** The condition tests rows already read (a page's walk): parts written only for an index are left out. */
  readonly rowsRead?: boolean;
}

/**
 * The condition of a checked query on the search table (alias `s`): each clause as plain
 * predicates on typed columns, ANDed; `TRUE` for the empty query.
 */
export function layoutWhere(plan: CheckedQuery, layout: SearchLayout, b: SqlBuilder, raw: RawSource, options: LayoutWhereOptions, use: WhereUse = {}): string {
  const attributeOf = layoutAttributeOf(layout, options.backfilled);
  const used = use.used;
  const ctx = { b, prefix: layout.policy.prefixLength, termBytes: layout.policy.termBytes, used, rowsRead: use.rowsRead };
  let n = 0;
  const alias = () => `catq_r${++n}`;
  const parts: string[] = [];
  const problems: Diagnostic[] = [];
  for (const p of plan.clauses) {
    const a = attributeOf(p.rawKey);
    if (a) {
      parts.push(`(${layoutClause(p, a, { ...ctx, common: options.commonTerms?.get(p.rawKey) })})`);
      continue;
    }
    const out = rawClause(p, b, raw, alias);
    used?.add('item_key');
    if ('error' in out) problems.push(out.error);
    else parts.push(`(${out.sql})`);
  }
  if (problems.length) throw new QueryError(problems, 'The query cannot be compiled to SQL');
  return parts.length ? parts.join(' AND ') : 'TRUE';
}
