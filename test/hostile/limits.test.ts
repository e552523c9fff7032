import { describe, expect, it } from 'vitest';
import { clause, query } from '../../src/ast/index.js';
import { DEFAULT_QUERY_LIMITS, validate } from '../../src/check/index.js';
import { toErrorBody } from '../../src/diagnostics/index.js';
import { compile } from '../../src/eval/index.js';
import { lint, parse } from '../../src/editor/syntax-entry.js';
import { toMongo } from '../../src/mongo/index.js';
import { toSql } from '../../src/sql/index.js';
import { decode } from '../../src/wire/index.js';
import { catalog } from '../check/fixture.js';

// Issue 14: limits for untrusted queries, on by default, configurable, each with its own code.

const codes = (ds: readonly { code: string }[]) => ds.map((d) => d.code);
const matches = (value: string, op: 'matches' | 'matches-phrase' = 'matches') => query([clause(op, 'title', value)]);

describe('limits on matches / matches-phrase values', () => {
  it('has documented defaults', () => {
    expect(DEFAULT_QUERY_LIMITS).toMatchObject({ maxTokenLength: 100, maxTokens: 100, maxPatternSize: 2000, maxInfixLength: 10_000, maxDiagnostics: 100 });
  });

  it('reports a token longer than maxTokenLength, at the value', () => {
    expect(codes(validate(matches('a'.repeat(100)), catalog))).toEqual([]);
    const ds = validate(matches('red ' + 'a'.repeat(101)), catalog);
    expect(codes(ds)).toEqual(['limit/token-too-long']);
    expect(ds[0]?.path).toBe('/0/1');
    // measured in code points, not UTF-16 units: 100 astral letters are fine
    expect(codes(validate(matches('𝒜'.repeat(100)), catalog))).toEqual([]);
  });

  it('reports more tokens than maxTokens in one value', () => {
    expect(codes(validate(matches('w '.repeat(100), 'matches-phrase'), catalog))).toEqual([]);
    expect(codes(validate(matches('w '.repeat(101), 'matches-phrase'), catalog))).toEqual(['limit/too-many-tokens']);
  });

  it('reports the whole query once when its tokens together exceed maxPatternSize', () => {
    const clauses = Array.from({ length: 30 }, (_, i) => clause('matches', 'title', `${'x'.repeat(90)}${i}`));
    const ds = validate(query(clauses), catalog);
    expect(codes(ds)).toEqual(['limit/pattern-too-large']);
  });

  it('is configurable per call, and the executable compilers apply it', () => {
    const q = matches('abcdef');
    expect(codes(validate(q, catalog, { limits: { maxTokenLength: 5 } }))).toEqual(['limit/token-too-long']);
    expect(() => compile(q, catalog, { limits: { maxTokenLength: 5 } })).toThrow(/limit/);
    expect(() => toSql(q, catalog, { dialect: 'postgres', limits: { maxTokenLength: 5 } })).toThrow(/limit/);
    expect(() => toMongo(q, catalog, { limits: { maxTokenLength: 5 } })).toThrow(/limit/);
    const big = matches('a'.repeat(200));
    expect(() => compile(big, catalog)).toThrow(/limit/);
    expect(() => compile(big, catalog, { limits: { maxTokenLength: 1000 } })).not.toThrow();
  });
});

describe('limit on infix text', () => {
  it('rejects infix text longer than maxInfixLength before parsing it', () => {
    const ok = parse('title matches "' + 'x '.repeat(10) + '"');
    expect(ok.diagnostics).toEqual([]);
    const long = parse('a '.repeat(5001));
    expect(codes(long.diagnostics)).toEqual(['syntax/too-long']);
    expect(codes(parse('a '.repeat(5001), { maxInfixLength: 20_000 }).diagnostics)).not.toContain('syntax/too-long');
    expect(codes(lint('a '.repeat(5001), catalog).diagnostics)).toEqual(['syntax/too-long']);
  });

  it('starts the syntax/too-long range on a code point, never inside a surrogate pair', () => {
    // 'brand = "' is 9 code units: the limit (20) falls between the halves of the 6th emoji.
    const text = 'brand = "' + '😀'.repeat(10) + '"';
    expect(parse(text, { maxInfixLength: 20 }).diagnostics[0]?.span).toEqual({ start: 19, end: text.length });
    expect(parse(text, { maxInfixLength: 19 }).diagnostics[0]?.span).toEqual({ start: 19, end: text.length });
  });
});

describe('diagnostics per query', () => {
  it('keeps the first maxDiagnostics, then one "and N more"', () => {
    const text = '[' + Array.from({ length: 300 }, () => '[1,2]').join(',') + ']';
    const { diagnostics } = decode(text);
    expect(diagnostics).toHaveLength(101);
    const last = diagnostics[100];
    expect(last?.code).toBe('limit/more-diagnostics');
    expect(last?.message).toMatch(/200 more/);
    expect(toErrorBody(diagnostics).Errors).toHaveLength(101);
    expect(decode(text, { maxDiagnostics: 5 }).diagnostics).toHaveLength(6);
  });

  it('applies to validate and lint as well', () => {
    const q = query(Array.from({ length: 250 }, (_, i) => clause('=', `nope${i}`, 1)));
    const ds = validate(q, catalog);
    expect(ds).toHaveLength(101);
    expect(ds[100]?.message).toMatch(/150 more/);
    const infix = Array.from({ length: 250 }, (_, i) => `nope${i} = 1`).join(' and ');
    const linted = lint(infix, catalog).diagnostics;
    expect(linted).toHaveLength(101);
    expect(linted[100]?.message).toMatch(/150 more/);
  });

  it('a 98 KB invalid q gives a bounded error body', () => {
    const body = JSON.stringify(toErrorBody(decode('[' + '}'.repeat(98_000) + ']').diagnostics));
    expect(body.length).toBeLessThan(50_000);
  });
});

describe('holes of already-parsed arrays count against the budget', () => {
  it('a sparse array of length 1e6 is reported without 10^6 diagnostics', () => {
    const a: unknown[] = [];
    a.length = 1e6;
    const { diagnostics } = decode(a);
    expect(diagnostics.length).toBeLessThanOrEqual(101);
    expect(codes(diagnostics)).toContain('wire/too-many-values');
  });

  it('a sparse array of length 2^32 - 1 does not exhaust memory', () => {
    const a: unknown[] = [];
    a.length = 2 ** 32 - 1;
    const { diagnostics } = decode(a);
    expect(codes(diagnostics)).toContain('wire/too-many-values');
    const list: unknown[] = [];
    list.length = 2 ** 32 - 1;
    expect(codes(decode([[['one-of', 'sku'], list]]).diagnostics)).toContain('wire/too-many-values');
  });
});
