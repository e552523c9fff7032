import { diagnostic, QueryError } from '../../diagnostics/index.js';
import { describeGiven } from '../options.js';
import { hash8, ident } from './names.js';

/** Where a search layout lives. */
export interface LayoutTarget {
  /** The search table's name (created by layoutDdl). */
  readonly table: string;
  /** Its schema; default: the search path's. */
  readonly schema?: string;
}

/** A target with quoted names. */
export interface ResolvedTarget {
  /** The quoted, possibly schema-qualified table. */
  readonly table: string;
  /** The unquoted table name (for index names). */
  readonly name: string;
  readonly schema?: string;
}

function badName(option: string, v: unknown): QueryError | undefined {
  if (typeof v === 'string' && v !== '' && !v.includes('\u0000')) return undefined;
  return new QueryError([diagnostic('sql/bad-option', { option, detail: `it must be a non-empty string without NUL, but it is ${describeGiven(v)}` }, { path: `/${option}` })], 'Invalid layout options');
}

/** Checks and quotes a target; throws QueryError (`sql/bad-option`). */
export function resolveTarget(t: LayoutTarget, option = 'table'): ResolvedTarget {
  const e = badName(option, t?.table) ?? (t.schema === undefined ? undefined : badName('schema', t.schema));
  if (e) throw e;
  const table = (t.schema === undefined ? '' : ident(t.schema) + '.') + ident(t.table);
  return t.schema === undefined ? { table, name: t.table } : { table, name: t.table, schema: t.schema };
}

/** Checks and quotes one column name; throws QueryError (`sql/bad-option`). */
export function resolveColumn(name: string, option: string): string {
  const e = badName(option, name);
  if (e) throw e;
  return ident(name);
}

/** An index name, unique per table and expression, at most 63 bytes. */
export function indexName(t: ResolvedTarget, expression: string): string {
  return `catq_${hash8(`${t.schema ?? ''}\u0000${t.name}\u0000${expression}`)}_${hash8(expression + '\u0000' + t.name)}`;
}
