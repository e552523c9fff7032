import { describe, expect, it } from 'vitest';
import { toMongo } from '../../src/mongo/index.js';
import { toSql } from '../../src/sql/index.js';
import { lint } from '../../src/editor/syntax-entry.js';
import { catq, sampleCatalog } from './helpers.js';

const catalog = sampleCatalog();
const text = 'brand = "Acme" and price < 20 and title matches "waterproof jacket" and tags one-of ["sale"]';

function query(t: string) {
  const q = lint(t, catalog).query;
  if (!q) throw new Error('test query is not valid');
  return q;
}

describe('catq compile', () => {
  it.each(['postgres', 'sqlite'] as const)('--to sql --dialect %s --format json equals toSql', async (dialect) => {
    const r = await catq(['compile', '--to', 'sql', '--dialect', dialect, '--format', 'json', text]);
    expect(r.code).toBe(0);
    const expected = toSql(query(text), catalog, { dialect });
    expect(JSON.parse(r.stdout)).toEqual({ dialect, sql: expected.sql, where: expected.where, params: JSON.parse(JSON.stringify(expected.params)) });
  });

  it('--table and --column reach the SQL', async () => {
    const r = await catq(['compile', '--to', 'sql', '--table', 'products', '--column', 'raw', '--format', 'json', text]);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { sql: string }).sql).toBe(toSql(query(text), catalog, { dialect: 'postgres', table: 'products', column: 'raw' }).sql);
  });

  it('text output prints the SQL and its parameters', async () => {
    const r = await catq(['compile', '--to', 'sql', text]);
    expect(r.code).toBe(0);
    const expected = toSql(query(text), catalog, { dialect: 'postgres' });
    expect(r.stdout).toContain(expected.sql);
    expect(r.stdout).toContain(JSON.stringify(expected.params));
  });

  it('--to mongo --format json equals toMongo', async () => {
    const r = await catq(['compile', '--to', 'mongo', '--format', 'json', text]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ filter: JSON.parse(JSON.stringify(toMongo(query(text), catalog))) });
  });

  it('a query with errors: diagnostics on standard error, exit 1, no SQL', async () => {
    const r = await catq(['compile', '--to', 'sql', 'price < "20"']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('[schema/type-mismatch]');
  });

  it('an unknown dialect is a usage error', async () => {
    const r = await catq(['compile', '--to', 'sql', '--dialect', 'oracle', text]);
    expect(r.code).toBe(2);
  });
});

// Audit (CLI) item 14: with --format json, compile and explain printed no JSON when the query
// had errors (the text diagnostics went to standard error).
describe('--format json when the query has errors', () => {
  it('compile and explain print the diagnostics as JSON on standard output, exit 1', async () => {
    for (const args of [['compile', '--to', 'sql'], ['explain', '--id', '100049']]) {
      const r = await catq([...args, '--format', 'json', 'price < "1"']);
      expect(r.code).toBe(1);
      const out = JSON.parse(r.stdout) as { diagnostics: { code: string }[]; summary: { errors: number } };
      expect(out.diagnostics.map((d) => d.code)).toContain('schema/type-mismatch');
      expect(out.summary.errors).toBeGreaterThan(0);
    }
  });
});
