import { argumentError, throwBadArgument } from '../../diagnostics/index.js';
import type { SqlStatement } from '../to-sql.js';
import { ident } from './names.js';
import { sqlTypeOf, type SearchLayout } from './plan.js';
import { layCells, layoutColumns, type LayoutProblem, type LayoutRow } from './row.js';
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

/**
 * One `INSERT ... ON CONFLICT (item_key) DO UPDATE` for a batch: each column travels as one
 * parameter, a JSON array of the rows' texts (read with `json_array_elements_text`, then cast to
 * the column's type), so a batch of 1000 items is one statement. An entry whose layout row is
 * not ok ({@link layoutRow}) is left out and reported; of two entries with the same key the last wins. A key must be PostgreSQL text (no U+0000, no
 * lone surrogate): an entry whose key is not is reported too.
 */
export function layoutUpsert(layout: SearchLayout, target: LayoutTarget, entries: readonly LayoutEntry[]): LayoutUpsert {
  try {
    const t = resolveTarget(target);
    if (!Array.isArray(entries)) throwBadArgument('layoutUpsert', 'entries', 'an array of { key, item } entries', entries, 'Pass the entries to write, [] for none.');
    const problems: LayoutEntryProblem[] = [];
    const rows = new Map<string, LayoutRow[string][]>();
    entries.forEach((e, index) => {
      if (typeof e?.key !== 'string' || !pgHolds(e.key)) {
        problems.push({ index, key: String(e?.key), field: '', reason: 'the key must be a string PostgreSQL text can hold' });
        return;
      }
      const r = layCells(layout, e.item);
      if (!r.ok) {
        for (const p of r.problems) problems.push({ index, key: e.key, ...p });
        return;
      }
      rows.delete(e.key);
      rows.set(e.key, r.cells);
    });
    if (rows.size === 0) return { problems };
    const cols: Column[] = [{ name: 'item_key', type: 'text', terms: false }, ...columnsOf(layout)];
    const keys = [...rows.keys()];
    // One parameter per column, a JSON array of the column's texts (an array column's element is
    // its array literal), zipped into rows by ROWS FROM and cast to the column's type in SQL. JSON
    // text is made by the engine's own JSON.stringify; a text[] parameter would be escaped element
    // by element by the driver (a sixth of a batch's CPU in the service, measured), and the
    // statement took 10-15% less time per batch than with text[] parameters (timed from the client,
    // into the search table with its indexes).
    // A terms column travels as a JSON array per row: its elements are tokens and token pairs
    // (letters, marks and digits, and one space), which JSON writes as they are, so that row's
    // JSON text with its brackets made braces is the PostgreSQL array literal: no escaping on
    // either side, where an array literal inside a JSON string had each of its quotes escaped.
    const all = [...rows.values()];
    const params = cols.map((c, j) => JSON.stringify(j === 0 ? keys : c.terms ? all.map((r) => r[j - 1] ?? null) : all.map((r) => textOf(r[j - 1]))));
    const names = cols.map((c) => ident(c.name));
    const value = (c: Column, i: number): string => (c.terms ? `translate(x.c${i}, '[]', '{}')::${c.type}` : `x.c${i}::${c.type}`);
    const sql =
      `INSERT INTO ${t.table} (${names.join(', ')}) SELECT ${cols.map(value).join(', ')}` +
      ` FROM ROWS FROM (${cols.map((_, i) => `json_array_elements_text($${i + 1}::json)`).join(', ')}) AS x(${cols.map((_, i) => `c${i}`).join(', ')})` +
      ` ON CONFLICT (item_key) DO UPDATE SET ${names
        .slice(1)
        .map((n) => `${n} = EXCLUDED.${n}`)
        .join(', ')}`;
    return { statement: { sql, params }, problems };
  } catch (e) {
    throw argumentError('layoutUpsert', e);
  }
}

/** A column of the statement: its name, SQL type, and whether it holds a Text value's terms. */
interface Column {
  readonly name: string;
  readonly type: string;
  readonly terms: boolean;
}

/** The id's columns' types (the listed form's column is text; the attributes' come from their roles). */
const ID_TYPES: Readonly<Record<string, string>> = { id_kind: 'int2', id_num: 'float8', id_str: 'text' };

/** Every column of the table after `item_key`, with its type, in {@link layoutColumns} order. */
function columnsOf(layout: SearchLayout): Column[] {
  const { names, roles } = layoutColumns(layout);
  return names.map((name, i) => {
    const role = roles[i];
    // (A column's collation is the table's; the cast takes the type alone.)
    const type = role === undefined ? (ID_TYPES[name] ?? 'text') : sqlTypeOf(role).replace(' COLLATE "C"', '');
    return { name, type, terms: role === 'terms' };
  });
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
  try {
    const t = resolveTarget(target);
    return { sql: `DELETE FROM ${t.table} WHERE item_key = ANY($1::text[])`, params: [[...keys]] };
  } catch (e) {
    throw argumentError('layoutDeleteSql', e);
  }
}
