import { argumentError, describeValue, diagnostic, QueryError } from '../../diagnostics/index.js';
import type { SearchLayout } from './plan.js';
import { sqlTypeOf, type ColumnRole, type LayoutIndex } from './plan.js';
import { ginIndexStatements } from '../gin-pending-list.js';
import { ident } from './names.js';
import { indexName, resolveTarget, type LayoutTarget, type ResolvedTarget } from './target.js';

/**
 * The base columns of every search table: the join key to the raw table and the id's three sort
 * keys (kind 0 number / 1 string / NULL not listed, the number, the string), as listSql orders.
 */
export const BASE_COLUMNS = `item_key text COLLATE "C" PRIMARY KEY, id_kind int2, id_num float8, id_str text COLLATE "C"`;

/** Column types of a fixed width (what PostgreSQL steps over without reading the value). */
const isFixedWidth = (type: string): boolean => type === 'boolean' || type === 'float8';

/**
 * Every column of a new search table, in the order PostgreSQL stores them. A row is read column
 * by column up to the last one a statement needs, and stepping over a variable-width value costs
 * more than over a fixed-width one, so the order puts first what every page reads (the key, the
 * id's sort keys, the listed form), then the Text terms (what a `matches` walk tests on each row),
 * then every fixed-width column (numbers, booleans, presence), then the other variable-width
 * ones (strings, arrays, Text values and token sequences). At 1M items this made the walk of
 * `rating >= 4.5 and review_count > 1500` 15% quicker and `title matches "waterproof&tent"` 7%
 * quicker than the order of the attributes (docs/sql.md, "Column order").
 */
function tableColumns(layout: SearchLayout): string {
  const terms: string[] = [];
  const fixed: string[] = [];
  const rest: string[] = [];
  for (const a of layout.attributes) {
    for (const [role, name] of Object.entries(a.columns) as [ColumnRole, string][]) {
      const type = sqlTypeOf(role);
      (role === 'terms' ? terms : isFixedWidth(type) ? fixed : rest).push(`${ident(name)} ${type}`);
    }
  }
  return [BASE_COLUMNS, `${ident(layout.listed.column)} text`, ...terms, ...fixed, ...rest].join(', ');
}

/** The id order's index: the string key by its prefix (a long id never exceeds an index entry), the whole id breaks ties. */
export function idOrderExpression(prefix: number): string {
  return `id_kind, id_num, left(id_str, ${prefix})`;
}

/** Options of {@link layoutDdl}. */
export interface LayoutDdlOptions {
  /**
   * How PostgreSQL compresses the table's long values (TOAST): `'lz4'` (PostgreSQL 14+ built
   * with lz4; PGlite is not) or `'pglz'`. Default: the server's `default_toast_compression`
   * (`pglz` unless configured). With lz4, writing items with 5-20 KB descriptions took about a
   * quarter less time in PostgreSQL (docs/sql.md, "Long values").
   */
  readonly compression?: 'lz4' | 'pglz';
}

/** Column types that can hold a long value (the ones TOAST compresses). */
const isVarlena = (type: string): boolean => type.startsWith('text') || type.endsWith('[]');

/**
 * The statements creating (or migrating) a catalog's search table, in order, for PostgreSQL 12+
 * and PGlite. Idempotent: `CREATE TABLE IF NOT EXISTS` with every column (in the order of
 * `tableColumns`), then `ADD COLUMN IF NOT EXISTS` for the listed form's column
 * (`SearchLayout.listed`) and each attribute column (nothing to do on a new table; an existing
 * one gets the columns it lacks, at its end) and `CREATE INDEX IF NOT EXISTS` for each index of
 * the policy (each GIN index with its pending list bounded, set again on an existing index). Running them on a table made for an older catalog adds what is new (columns of
 * changed attributes have new names); old columns stay until dropped. New columns are NULL
 * until the rows are written again: list with `backfilled` meanwhile (see layoutListSql).
 * With `compression`, a last statement sets it on every column that can hold a long value (new
 * and existing ones: it applies to values written from then on).
 * Throws QueryError (`sql/bad-option`) on a bad target or option.
 */
export function layoutDdl(layout: SearchLayout, target: LayoutTarget, options: LayoutDdlOptions = {}): string[] {
  try {
    const t = resolveTarget(target);
    const compression = options?.compression;
    if (compression !== undefined && compression !== 'lz4' && compression !== 'pglz') {
      throw new QueryError([diagnostic('sql/bad-option', { option: 'compression', detail: `it must be "lz4" or "pglz", but it is ${describeValue(compression)}` }, { path: '/compression' })], 'Invalid layout options');
    }
    const out = [`CREATE TABLE IF NOT EXISTS ${t.table} (${tableColumns(layout)})`, `ALTER TABLE ${t.table} ADD COLUMN IF NOT EXISTS ${ident(layout.listed.column)} text`];
    const idIndex = idOrderExpression(layout.policy.prefixLength);
    out.push(`CREATE INDEX IF NOT EXISTS ${ident(indexName(t, idIndex))} ON ${t.table} (${idIndex})`);
    const long = ['item_key', 'id_str', layout.listed.column];
    for (const a of layout.attributes) {
      const columns = Object.entries(a.columns) as [ColumnRole, string][];
      out.push(`ALTER TABLE ${t.table} ${columns.map(([role, name]) => `ADD COLUMN IF NOT EXISTS ${ident(name)} ${sqlTypeOf(role)}`).join(', ')}`);
      for (const [role, name] of columns) if (isVarlena(sqlTypeOf(role))) long.push(name);
      for (const ix of a.indexes) {
        const name = ident(attributeIndexName(t, ix));
        if (ix.kind === 'gin') out.push(...ginIndexStatements(name, t.table, ix.expression));
        else out.push(`CREATE INDEX IF NOT EXISTS ${name} ON ${t.table} USING ${ix.kind} (${ix.expression})`);
      }
    }
    if (compression) out.push(`ALTER TABLE ${t.table} ${long.map((n) => `ALTER COLUMN ${ident(n)} SET COMPRESSION ${compression}`).join(', ')}`);
    return out;
  } catch (e) {
    throw argumentError('layoutDdl', e);
  }
}

function attributeIndexName(t: ResolvedTarget, ix: LayoutIndex): string {
  return indexName(t, ix.kind + ':' + ix.expression);
}

/**
 * The names of the indexes `layoutDdl` makes on the search table (unquoted; each starts with
 * `catq_`). An index of the table named `catq_…` that is not among them was made for an older
 * layout or policy (an attribute's index that changed): drop it once the new ones are built, or
 * every write keeps paying for it.
 */
export function layoutIndexNames(layout: SearchLayout, target: LayoutTarget): string[] {
  try {
    const t = resolveTarget(target);
    return [indexName(t, idOrderExpression(layout.policy.prefixLength)), ...layout.attributes.flatMap((a) => a.indexes.map((ix) => attributeIndexName(t, ix)))];
  } catch (e) {
    throw argumentError('layoutIndexNames', e);
  }
}
