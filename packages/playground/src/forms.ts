/**
 * The query in every form: canonical infix, wire JSON, the `q` parameter, SQL for PostgreSQL and
 * SQLite, and a MongoDB filter. A form that cannot be produced says why (compilers fail closed).
 */
import { encode, format, isQueryError, toMongo, toSql, toWire, type Catalog, type Query } from 'catq';

/** One form of the query. */
export interface QueryForm {
  /** Stable id, used in the page (`form-<id>`). */
  readonly id: 'infix' | 'wire' | 'q' | 'sql-postgres' | 'sql-sqlite' | 'mongo';
  readonly title: string;
  readonly text: string;
  /** Whether `text` explains why the form is missing. */
  readonly failed?: boolean;
}

function attempt(id: QueryForm['id'], title: string, make: () => string): QueryForm {
  try {
    return { id, title, text: make() };
  } catch (e) {
    const text = isQueryError(e) ? e.diagnostics.map((d) => d.message).join('\n') : String(e);
    return { id, title, text, failed: true };
  }
}

function sql(query: Query, catalog: Catalog, dialect: 'postgres' | 'sqlite'): string {
  const { sql, params } = toSql(query, catalog, { dialect, table: 'items', column: 'data' });
  return `${sql}\n-- parameters: ${JSON.stringify(params)}`;
}

/** Every form of a valid query. */
export function queryForms(query: Query, catalog: Catalog): QueryForm[] {
  return [
    attempt('infix', 'Infix (canonical)', () => format(query)),
    attempt('wire', 'Wire (JSON)', () => JSON.stringify(toWire(query))),
    attempt('q', 'URL parameter q', () => 'q=' + encode(query)),
    attempt('sql-postgres', 'SQL (PostgreSQL, jsonb column)', () => sql(query, catalog, 'postgres')),
    attempt('sql-sqlite', 'SQL (SQLite, JSON text column)', () => sql(query, catalog, 'sqlite')),
    attempt('mongo', 'MongoDB filter', () => JSON.stringify(toMongo(query, catalog))),
  ];
}
