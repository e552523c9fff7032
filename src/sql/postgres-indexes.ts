import type { Catalog } from '../catalog/index.js';
import { diagnostic, QueryError } from '../diagnostics/index.js';
import { SqlBuilder } from './builder.js';
import { fnv1a } from '../text/hash.js';
import type { Dialect, IndexTarget } from './dialect.js';
import { ginIndexStatements } from './gin-pending-list.js';
import { idKeys } from './id-keys.js';
import { isWellFormedText } from './layout/safe-text.js';
import { tokensFunctionSql } from './tokens-function.js';

/** A PostgreSQL string literal that means the same under either `standard_conforming_strings`. */
export function pgLiteral(value: string): string {
  if (value.includes('\u0000')) throw new QueryError([diagnostic('sql/unsupported', { detail: 'PostgreSQL text cannot hold the NUL character' })]);
  return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * Writes constants where the compiler binds parameters, so that index expressions are the very
 * expressions of compiled queries (PostgreSQL matches an index to a query expression once the
 * query's parameters are known; every driver's unnamed statements are planned that way).
 */
class LiteralBuilder extends SqlBuilder {
  override param(value: string | number | null): string {
    return typeof value === 'number' ? String(value) : value === null ? 'NULL' : pgLiteral(value);
  }
  override shared(value: string): string {
    return pgLiteral(value);
  }
}

/** A readable, collision-resistant index name part for an attribute or table name. */
export function slug(name: string): string {
  const readable = name.toLowerCase().replace(/[^a-z0-9]+/g, '_').slice(0, 20);
  return `${readable}_${fnv1a(name).toString(16).padStart(8, '0')}`;
}

/**
 * The PostgreSQL DDL of `indexSql`:
 * - the `catq_tokens(text)` function, the tokenizer of src/text in SQL (see tokens-function.ts);
 * - a GIN `jsonb_path_ops` index on the JSON column (each GIN index with its pending list bounded, gin-pending-list.ts), for `=` / `one-of` containment prefilters;
 * - for each Number attribute of cardinality One, a B-tree on its numeric value;
 * - for each String and Text attribute of cardinality One, a B-tree on its text in "C" collation;
 * - for each Text attribute, a GIN index on its token array (`matches`, `matches-phrase`);
 * - a B-tree on the listing sort keys of `Aliases.Id`, for keyset pagination.
 */
export function pgIndexDdl(postgres: Dialect, catalog: Catalog, target: IndexTarget): string[] {
  const b = new LiteralBuilder();
  const name = (what: string): string => postgres.quoteIdent(`catq_${slug(target.tableName)}_${what}`.slice(0, 63));
  const statements: string[] = [tokensFunctionSql()];
  const on = `ON ${target.table}`;
  const column = target.column;
  statements.push(...ginIndexStatements(name('json'), target.table, `${column} jsonb_path_ops`));
  const seen = new Set<string>();
  for (const attr of catalog.SearchableAttributes ?? []) {
    // A name PostgreSQL text cannot hold (NUL) gets no index, nor one no item can have (a lone
    // surrogate: read as missing); indexSql reports them (leftOut).
    if (attr.Cardinality !== 'One' || seen.has(attr.Attribute) || postgres.keyProblem(attr.Attribute) !== undefined || !isWellFormedText(attr.Attribute)) continue;
    seen.add(attr.Attribute);
    const node = postgres.field(column, attr.Attribute, b);
    const s = slug(attr.Attribute);
    if (attr.Type === 'Number') statements.push(`CREATE INDEX IF NOT EXISTS ${name(`n_${s}`)} ${on} (${node.number()})`);
    if (attr.Type === 'String' || attr.Type === 'Text') {
      statements.push(`CREATE INDEX IF NOT EXISTS ${name(`s_${s}`)} ${on} ((${postgres.orderText(node.text())}))`);
    }
    if (attr.Type === 'Text') {
      statements.push(...ginIndexStatements(name(`t_${s}`), target.table, `catq_tokens(${column} ->> ${b.shared(attr.Attribute)}::text)`));
    }
  }
  if (postgres.keyProblem(catalog.Aliases.Id) === undefined && isWellFormedText(catalog.Aliases.Id)) {
    const id = postgres.field(column, catalog.Aliases.Id, b);
    const keys = idKeys(postgres, id);
    statements.push(`CREATE INDEX IF NOT EXISTS ${name('id')} ${on} (${keys.map((k) => `(${k})`).join(', ')})`);
  }
  return statements;
}
