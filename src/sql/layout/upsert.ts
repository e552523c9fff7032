import type { SqlStatement } from '../to-sql.js';
import { ident } from './names.js';
import { sqlTypeOf, type ColumnRole, type SearchLayout } from './plan.js';
import { layOut, type LayoutProblem, type LayoutRow } from './row.js';
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
    [layout.listed.column, 'text'],
  ];
  for (const a of layout.attributes) for (const [role, name] of Object.entries(a.columns) as [ColumnRole, string][]) out.push([name, sqlTypeOf(role).replace(' COLLATE "C"', '')]);
  return out;
}

/**
 * One `INSERT ... ON CONFLICT (item_key) DO UPDATE` for a batch: each column travels as one
 * text[] parameter (`unnest`, then a cast to the column's type), so a batch of 1000 items is
 * one statement. An entry whose layout row is not ok ({@link layoutRow}) is left out and reported;
 * of two entries with the same key the last wins. A key must be PostgreSQL text (no U+0000, no
 * lone surrogate): an entry whose key is not is reported too.
 */
export function layoutUpsert(layout: SearchLayout, target: LayoutTarget, entries: readonly LayoutEntry[]): LayoutUpsert {
  const t = resolveTarget(target);
  const problems: LayoutEntryProblem[] = [];
  const rows = new Map<string, LayoutRow>();
  entries.forEach((e, index) => {
    if (typeof e?.key !== 'string' || !pgHolds(e.key)) {
      problems.push({ index, key: String(e?.key), field: '', reason: 'the key must be a string PostgreSQL text can hold' });
      return;
    }
    const r = layOut(layout, e.item, { item_key: e.key });
    if (!r.ok) {
      for (const p of r.problems) problems.push({ index, key: e.key, ...p });
      return;
    }
    rows.delete(e.key);
    rows.set(e.key, r.row);
  });
  if (rows.size === 0) return { problems };
  const cols: [string, string][] = [['item_key', 'text'], ...columnsOf(layout)];
  // One text[] parameter per column, a row per element, cast to the column's type in SQL:
  // PostgreSQL reads arrays of text several times faster than it takes records out of one
  // jsonb document (jsonb_to_recordset), and a batch is still one statement.
  const all = [...rows.values()];
  const params = cols.map(([name]) => all.map((r) => textOf(r[name])));
  const names = cols.map(([n]) => ident(n));
  const sql =
    `INSERT INTO ${t.table} (${names.join(', ')}) SELECT ${cols.map(([, ty], i) => `x.c${i}::${ty}`).join(', ')}` +
    ` FROM unnest(${cols.map((_, i) => `$${i + 1}::text[]`).join(', ')}) AS x(${cols.map((_, i) => `c${i}`).join(', ')})` +
    ` ON CONFLICT (item_key) DO UPDATE SET ${names
      .slice(1)
      .map((n) => `${n} = EXCLUDED.${n}`)
      .join(', ')}`;
  return { statement: { sql, params }, problems };
}

/** A PostgreSQL array literal of strings: every element quoted, `"` and `\` escaped. */
function arrayLiteral(xs: readonly (string | boolean)[]): string {
  let out = '{';
  for (let i = 0; i < xs.length; i++) {
    const x = String(xs[i]);
    out += (i ? ',"' : '"') + (x.includes('"') || x.includes('\\') ? x.replace(/["\\]/g, '\\$&') : x) + '"';
  }
  return out + '}';
}

/** A layout value as the text PostgreSQL reads for its column type (NULL stays null). */
function textOf(v: LayoutRow[string] | undefined): string | null {
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) return arrayLiteral(v);
  return String(v);
}

/** Deletes the layout rows of the given keys (when their raw items are deleted). */
export function layoutDeleteSql(target: LayoutTarget, keys: readonly string[]): SqlStatement {
  const t = resolveTarget(target);
  return { sql: `DELETE FROM ${t.table} WHERE item_key = ANY($1::text[])`, params: [[...keys]] };
}
