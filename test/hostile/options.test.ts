import { describe, expect, it } from 'vitest';
import { clause, query } from '../../src/ast/index.js';
import { check, DEFAULT_QUERY_LIMITS, validate } from '../../src/check/index.js';
import { DEFAULT_MAX_DIAGNOSTICS, QueryError, type Diagnostic } from '../../src/diagnostics/index.js';
import { lint } from '../../src/editor/lint.js';
import { compile, listItems } from '../../src/eval/index.js';
import { parse } from '../../src/syntax/index.js';
import { sqlListItems } from '../../src/sql/index.js';
import { decode } from '../../src/wire/index.js';
import { QUERY_LIMIT_KEYS } from '../../src/wire/limits.js';
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

// Audit (CLI and API) items 2 and 15: the functions that take limits but did not check their
// keys, and the keys inside every `limits` object, were ignored in silence.
describe('unknown option keys of the functions that never throw, and of limits', () => {
  const codes = (ds: readonly Diagnostic[]): string[] => ds.map((d) => d.code);

  it('decode and parse report a misspelt limit; any query limit is known to them', () => {
    const decoded = decode('[["color","red"]]', { maxLenght: 5 } as never);
    expect(decoded.query).toBeUndefined();
    expect(decoded.diagnostics).toMatchObject([{ code: 'api/unknown-option', data: { fn: 'decode', option: 'maxLenght', suggestion: 'maxLength' } }]);
    expect(codes(decode('[["color","red"]]', { ...DEFAULT_QUERY_LIMITS }).diagnostics)).toEqual([]);
    const parsed = parse('color = "red"', { maxInfixLenght: 5 } as never);
    expect(parsed.query).toBeUndefined();
    expect(parsed.diagnostics[0]).toMatchObject({ code: 'api/unknown-option', data: { fn: 'parse', suggestion: 'maxInfixLength' } });
    expect(parse('color = "red"', DEFAULT_QUERY_LIMITS).query).toBeDefined();
  });

  it('validate, check and lint report unknown keys at the top and inside limits', () => {
    expect(validate(q, catalog, { limit: {} } as never)).toMatchObject([{ code: 'api/unknown-option', data: { option: 'limit', suggestion: 'limits' } }]);
    expect(validate(q, catalog, { limits: { maxTokenLenght: 5 } } as never)).toMatchObject([
      { code: 'api/unknown-option', path: '/limits/maxTokenLenght', data: { option: 'limits.maxTokenLenght', suggestion: 'maxTokenLength' } },
    ]);
    const checked = check(q, catalog, { limits: { maxClause: 1 } } as never);
    expect(checked.plan).toBeUndefined();
    expect(checked.diagnostics).toMatchObject([{ code: 'api/unknown-option' }]);
    expect(codes(lint('color = "red"', catalog, { limits: { maxInfixLenght: 5 } } as never).diagnostics)).toEqual(['api/unknown-option']);
    expect(codes(validate(q, catalog, { limits: { ...DEFAULT_QUERY_LIMITS } }))).toEqual([]);
  });

  it('listItems and sqlListItems report unknown keys; the throwing functions check limits too', async () => {
    expect(listItems([], catalog, {}, { networkID: 5 } as never)).toMatchObject({ diagnostics: [{ code: 'api/unknown-option', data: { suggestion: 'networkId' } }] });
    expect(listItems([], catalog, {}, { limits: { maxClauss: 5 } } as never).diagnostics[0]).toMatchObject({ code: 'api/unknown-option', data: { suggestion: 'maxClauses' } });
    const sql = await sqlListItems(() => [], catalog, {}, { dialect: 'sqlite', tableID: 1 } as never);
    expect(sql.diagnostics[0]).toMatchObject({ code: 'api/unknown-option', data: { suggestion: 'tableId' } });
    expect(problems(() => compile(q, catalog, { limits: { maxTokenLenght: 5 } } as never))[0]).toMatchObject({ code: 'api/unknown-option' });
    expect(problems(() => toSql(q, catalog, { dialect: 'sqlite', limits: { maxTokns: 5 } } as never))[0]).toMatchObject({ code: 'api/unknown-option' });
    expect(problems(() => toMongo(q, catalog, { limits: { maxTokns: 5 } } as never))[0]).toMatchObject({ code: 'api/unknown-option' });
  });

  it('sqlListItems without options resolves with the missing dialect, not a TypeError', async () => {
    const r = await sqlListItems(() => [], catalog, {}, undefined as never);
    expect(r.response).toBeUndefined();
    expect(r.diagnostics[0]).toMatchObject({ code: 'sql/bad-option', data: { option: 'dialect' } });
  });

  it('the diagnostics of many unknown keys are capped (the rest counted), and quickly', () => {
    const many = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 1]));
    const started = Date.now();
    const ds = problems(() => indexSql(catalog, many as never));
    expect(ds).toHaveLength(DEFAULT_MAX_DIAGNOSTICS + 1);
    expect(ds.at(-1)).toMatchObject({ code: 'limit/more-diagnostics', severity: 'error', data: { count: 50_000 - DEFAULT_MAX_DIAGNOSTICS } });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(decode('[]', many as never).diagnostics).toHaveLength(DEFAULT_MAX_DIAGNOSTICS + 1);
    expect(problems(() => indexSql(catalog, 'a string' as never))[0]).toMatchObject({ code: 'api/bad-argument', data: { name: 'options' } });
    expect(() => indexSql(catalog, undefined as never)).not.toThrow();
  });

  it('QUERY_LIMIT_KEYS names every query limit', () => {
    expect([...QUERY_LIMIT_KEYS].sort()).toEqual(Object.keys(DEFAULT_QUERY_LIMITS).sort());
  });
});
