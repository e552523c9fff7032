import { describe, expect, it } from 'vitest';
import { clause, query } from '../../src/ast/index.js';
import { QueryError, type Diagnostic } from '../../src/diagnostics/index.js';
import { compile } from '../../src/eval/index.js';
import { toMongo, toMongoListing } from '../../src/mongo/index.js';
import { indexSql, listSql, toSql } from '../../src/sql/index.js';
import { catalog } from '../check/fixture.js';

// Issue 13 §3: misspelled options were ignored; they are rejected with a did-you-mean.

const q = query([clause('=', 'color', 'red')]);

function problems(f: () => unknown): Diagnostic[] {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(QueryError);
    return [...(e as QueryError).diagnostics];
  }
  throw new Error('expected a QueryError');
}

describe('unknown option keys', () => {
  it('toSql({ tableName }) suggests table', () => {
    const [d] = problems(() => toSql(q, catalog, { dialect: 'postgres', tableName: 'x' } as never));
    expect(d).toMatchObject({ code: 'api/unknown-option', data: { option: 'tableName', suggestion: 'table' } });
    expect(d?.message).toMatch(/Did you mean "table"/);
  });

  it('toMongo({ prefx }) suggests prefix', () => {
    const [d] = problems(() => toMongo(q, catalog, { prefx: 'data' } as never));
    expect(d).toMatchObject({ code: 'api/unknown-option', data: { option: 'prefx', suggestion: 'prefix' } });
    expect(problems(() => toMongoListing(q, catalog, {}, { prefx: 'data' } as never))[0]?.code).toBe('api/unknown-option');
  });

  it("compile({ mode: 'fast' }) is rejected, and so is compile({ mdoe })", () => {
    expect(problems(() => compile(q, catalog, { mode: 'fast' } as never))[0]).toMatchObject({ code: 'api/bad-argument' });
    expect(problems(() => compile(q, catalog, { mdoe: 'closure' } as never))[0]).toMatchObject({ code: 'api/unknown-option', data: { suggestion: 'mode' } });
  });

  it('listSql and indexSql check their keys too; every problem is reported at once', () => {
    const ds = problems(() => listSql(q, catalog, {}, { dialect: 'sqlite', numericString: true, colum: 'd' } as never));
    expect(ds.map((d) => [d.code, d.data?.['suggestion']])).toEqual([
      ['api/unknown-option', 'numericStrings'],
      ['api/unknown-option', 'column'],
    ]);
    expect(problems(() => indexSql(catalog, { tabel: 'x' } as never))[0]).toMatchObject({ data: { suggestion: 'table' } });
  });

  it('known options still work', () => {
    expect(() => toSql(q, catalog, { dialect: 'sqlite', table: 't', column: 'c', limits: {} })).not.toThrow();
    expect(() => toMongo(q, catalog, { prefix: 'data', limits: {} })).not.toThrow();
    expect(compile(q, catalog, { mode: 'closure', limits: {} })({ color: 'red' })).toBe(true);
  });
});
