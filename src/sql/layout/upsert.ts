import type { SqlStatement } from '../to-sql.js';
import { ident } from './names.js';
import { sqlTypeOf, type ColumnRole, type SearchLayout } from './plan.js';
import { layoutRow, type LayoutProblem } from './row.js';
import { pgHolds } from './safe-text.js';
import { resolveTarget, type LayoutTarget } from './target.js';

/** An item to write: its key in the raw table (the join key) and the raw item. */
export interface LayoutEntry {
  readonly key: string;
  readonly item: unknown;
}

/** An entry {@link layoutUpsert} left out, and why. */
export interface LayoutEntryProblem extends LayoutProblem {
  /** The entry's position in the batch. */
  readonly index: number;
  readonly key: string;
}

/** The result of {@link layoutUpsert}. */
export interface LayoutUpsert {
  /** One statement writing every other entry; absent when there is nothing to write. */
  readonly statement?: SqlStatement;
  /** The entries left out (each value PostgreSQL cannot hold, per field). */
  readonly problems: readonly LayoutEntryProblem[];
}

/** Every column of the table after `item_key`, with its type. */
function columnsOf(layout: SearchLayout): [string, string][] {
  const out: [string, string][] = [
    ['id_kind', 'int2'],
    ['id_num', 'float8'],
    ['id_str', 'text'],
  ];
  for (const a of layout.attributes) for (const [role, name] of Object.entries(a.columns) as [ColumnRole, string][]) out.push([name, sqlTypeOf(role).replace(' COLLATE "C"', '')]);
  return out;
}

/**
 * One `INSERT ... ON CONFLICT (item_key) DO UPDATE` for a batch: the rows travel as one jsonb
 * parameter (`jsonb_to_recordset`), so a batch of 1000 items is one statement with one
 * parameter. An entry whose layout row is not ok ({@link layoutRow}) is left out and reported;
 * of two entries with the same key the last wins. A key must be PostgreSQL text (no U+0000, no
 * lone surrogate): an entry whose key is not is reported too.
 */
export function layoutUpsert(layout: SearchLayout, target: LayoutTarget, entries: readonly LayoutEntry[]): LayoutUpsert {
  const t = resolveTarget(target);
  const problems: LayoutEntryProblem[] = [];
  const rows = new Map<string, Record<string, unknown>>();
  entries.forEach((e, index) => {
    if (typeof e?.key !== 'string' || !pgHolds(e.key)) {
      problems.push({ index, key: String(e?.key), field: '', reason: 'the key must be a string PostgreSQL text can hold' });
      return;
    }
    const r = layoutRow(layout, e.item);
    if (!r.ok) {
      for (const p of r.problems) problems.push({ index, key: e.key, ...p });
      return;
    }
    rows.delete(e.key);
    rows.set(e.key, { item_key: e.key, ...r.row });
  });
  if (rows.size === 0) return { problems };
  const cols = columnsOf(layout);
  const names = ['item_key', ...cols.map(([n]) => n)].map(ident);
  const defs = [`item_key text`, ...cols.map(([n, ty]) => `${ident(n)} ${ty}`)].join(', ');
  const sql =
    `INSERT INTO ${t.table} (${names.join(', ')}) SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${defs})` +
    ` ON CONFLICT (item_key) DO UPDATE SET ${names
      .slice(1)
      .map((n) => `${n} = EXCLUDED.${n}`)
      .join(', ')}`;
  return { statement: { sql, params: [JSON.stringify([...rows.values()])] }, problems };
}

/** Deletes the layout rows of the given keys (when their raw items are deleted). */
export function layoutDeleteSql(target: LayoutTarget, keys: readonly string[]): SqlStatement {
  const t = resolveTarget(target);
  return { sql: `DELETE FROM ${t.table} WHERE item_key = ANY($1::text[])`, params: [[...keys]] };
}
