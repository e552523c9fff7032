import { argumentError } from '../../diagnostics/index.js';
import type { SqlStatement } from '../to-sql.js';
import type { SearchLayout } from './plan.js';
import { resolveTarget, type LayoutTarget } from './target.js';

/**
 * The statement that reads, from PostgreSQL's statistics (`pg_stats`, made by ANALYZE and
 * autovacuum), the most common terms of each Text attribute's terms column: one row per column
 * that has statistics, with `column`, `terms` (text[]), `freqs` (the share of rows holding each
 * term) and `rows` (the table's estimated row count). Turn its rows into the `commonTerms`
 * option with {@link layoutCommonTerms}. A table never analyzed gives no rows (and no option:
 * long phrases are then found by all their pairs).
 */
export function layoutTermStatisticsSql(layout: SearchLayout, target: LayoutTarget): SqlStatement {
  try {
    const t = resolveTarget(target);
    const columns = layout.attributes.flatMap((a) => (a.columns.terms === undefined ? [] : [a.columns.terms]));
    const schema = t.schema === undefined ? 'ANY(current_schemas(false))' : '$3';
    return {
      sql:
        'SELECT st.attname::text AS "column", st.most_common_elems::text::text[] AS terms, st.most_common_elem_freqs::float8[] AS freqs,' +
        ' (SELECT greatest(c.reltuples, 0)::float8 FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace WHERE c.relname = st.tablename AND n.nspname = st.schemaname) AS "rows"' +
        ` FROM pg_stats AS st WHERE st.tablename = $1 AND st.attname = ANY($2::text[]) AND st.schemaname = ${schema} AND st.most_common_elems IS NOT NULL`,
      params: t.schema === undefined ? [t.name, columns] : [t.name, columns, t.schema],
    };
  } catch (e) {
    throw argumentError('layoutTermStatisticsSql', e);
  }
}

/** Default of {@link layoutCommonTerms}' `minRows`. */
export const COMMON_TERM_ROWS = 1000;

/**
 * The `commonTerms` option (by attribute raw key) from the rows of
 * {@link layoutTermStatisticsSql}: the terms the statistics estimate in at least `minRows` rows
 * (default 1000: a pair in fewer rows is a short posting list, cheap to read). Rows of other
 * columns, and values of other shapes, are left out.
 */
export function layoutCommonTerms(layout: SearchLayout, rows: readonly Readonly<Record<string, unknown>>[], options: { readonly minRows?: number } = {}): Map<string, Set<string>> {
  try {
    const minRows = options.minRows ?? COMMON_TERM_ROWS;
    const byColumn = new Map<string, string>();
    for (const a of layout.attributes) if (a.columns.terms !== undefined) byColumn.set(a.columns.terms, a.rawKey);
    const out = new Map<string, Set<string>>();
    for (const row of rows) {
      const key = typeof row['column'] === 'string' ? byColumn.get(row['column']) : undefined;
      const terms = row['terms'];
      const freqs = row['freqs'];
      const count = Number(row['rows']);
      if (key === undefined || !Array.isArray(terms) || !Array.isArray(freqs) || !(count > 0)) continue;
      const common = new Set<string>();
      terms.forEach((term, i) => {
        if (typeof term === 'string' && Number(freqs[i]) * count >= minRows) common.add(term);
      });
      if (common.size) out.set(key, common);
    }
    return out;
  } catch (e) {
    throw argumentError('layoutCommonTerms', e);
  }
}
