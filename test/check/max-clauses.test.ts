import { describe, expect, it } from 'vitest';
import { clause, query } from '../../src/ast/index.js';
import { check, validate } from '../../src/check/index.js';
import { lint } from '../../src/editor/lint.js';
import { parse } from '../../src/syntax/index.js';
import { catalog } from './fixture.js';

// Audit (CLI and API) item 3: maxClauses was applied by the wire decoder only, so infix text (and
// queries built in code) of more clauses passed, and encoded to a q the decoder refuses.

const infix = (n: number): string => Array.from({ length: n }, (_, i) => `price > ${i}`).join(' and ');

describe('maxClauses applies to every query, not only to wire text', () => {
  it('lint of infix text of 1,100 clauses reports wire/too-many-clauses, pointing at the clauses beyond the limit', () => {
    const text = infix(1100);
    const { query: q, diagnostics } = lint(text, catalog, { limits: { maxInfixLength: 100_000 } });
    expect(q).toBeUndefined();
    const d = diagnostics.find((x) => x.code === 'wire/too-many-clauses');
    expect(d).toMatchObject({ severity: 'error', path: '/1000', data: { count: 1100, limit: 1000 } });
    expect(text.slice(d?.span?.start, d?.span?.end)).toMatch(/^price > 1000 and .* price > 1099$/);
  });

  it('validate and check of a parsed or built query; the limit can be changed per call', () => {
    const parsed = parse(infix(5)).query!;
    expect(validate(parsed, catalog, { limits: { maxClauses: 4 } }).map((d) => d.code)).toContain('wire/too-many-clauses');
    expect(validate(parsed, catalog, { limits: { maxClauses: 5 } }).map((d) => d.code)).not.toContain('wire/too-many-clauses');
    const built = query(Array.from({ length: 1001 }, (_, i) => clause('>', 'price', i)));
    const r = check(built, catalog);
    expect(r.plan).toBeUndefined();
    expect(r.diagnostics.map((d) => d.code)).toContain('wire/too-many-clauses');
    expect(check(query(built.clauses.slice(0, 1000)), catalog).diagnostics.map((d) => d.code)).not.toContain('wire/too-many-clauses');
  });
});
