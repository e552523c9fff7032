/**
 * A bad option of the search layout's functions is a `sql/bad-option` diagnostic whose message
 * names the option, what it must be and what was given (or that it is missing), so a caller from
 * JavaScript sees at once which argument to fix.
 */
import { describe, expect, it } from 'vitest';
import type { Query } from '../../../src/ast/index.js';
import { loadCatalog } from '../../../src/catalog/index.js';
import { QueryError } from '../../../src/diagnostics/index.js';
import { layoutDdl, layoutListSql, searchLayout } from '../../../src/sql/index.js';

const catalog = loadCatalog({
  Id: 502,
  Name: 'options',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 'id', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
  ],
}).catalog!;
const layout = searchLayout(catalog);
const all: Query = { kind: 'query', clauses: [] } as unknown as Query;

function messageOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(QueryError);
    const d = (e as QueryError).diagnostics[0]!;
    expect(d.code).toBe('sql/bad-option');
    return d.message;
  }
  throw new Error('expected a QueryError');
}

describe('layout option messages', () => {
  it('say that a required table name is missing', () => {
    expect(messageOf(() => layoutListSql(all, layout, { limit: 5 }, { table: 'search' } as never))).toBe(
      'Invalid option "rawTable": it must be a non-empty string without NUL, but it is missing.',
    );
    expect(messageOf(() => layoutDdl(layout, {} as never))).toBe('Invalid option "table": it must be a non-empty string without NUL, but it is missing.');
  });

  it('name the value given', () => {
    expect(messageOf(() => layoutDdl(layout, { table: '' }))).toBe('Invalid option "table": it must be a non-empty string without NUL, but it is the string "".');
    expect(messageOf(() => layoutDdl(layout, { table: 's', schema: 7 as never }))).toBe('Invalid option "schema": it must be a non-empty string without NUL, but it is the number 7.');
    expect(messageOf(() => layoutDdl(layout, { table: 's' }, { compression: 'zstd' as never }))).toBe('Invalid option "compression": it must be "lz4" or "pglz", but it is the string "zstd".');
    expect(messageOf(() => layoutListSql(all, layout, { limit: 5 }, { table: 's', rawTable: 'r', walkRows: 0 }))).toBe('Invalid option "walkRows": it must be a positive integer, but it is the number 0.');
    expect(messageOf(() => layoutListSql(all, layout, { limit: 5 }, { table: 's', rawTable: 'r', tableRows: '1e6' as never }))).toBe(
      'Invalid option "tableRows": it must be a finite number, 0 or more, but it is the string "1e6".',
    );
    expect(messageOf(() => searchLayout(catalog, { prefixLength: 4 }))).toBe('Invalid option "prefixLength": it must be an integer from 8 to 500, but it is the number 4.');
  });
});
