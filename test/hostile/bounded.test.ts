import { describe, expect, it } from 'vitest';
import * as catq from '../support/all-stages.js';
import { queryBuilder } from '../../src/builder/index.js';
import { catalog } from '../check/fixture.js';

// Issue 20: every public function is bounded on every input it accepts (sparse arrays, proxies,
// getters), and what it throws is always a QueryError. None of these calls may walk 2^32 - 1
// holes: before, format took 10 s and 3.2 GB, and clause() / query() aborted the process.

const sparse = (): unknown[] => {
  const a: unknown[] = [];
  a.length = 2 ** 32 - 1;
  return a;
};
const throwing = new Proxy({}, { get: () => { throw new Error('boom'); }, has: () => { throw new Error('boom'); }, ownKeys: () => { throw new Error('boom'); }, getOwnPropertyDescriptor: () => { throw new Error('boom'); }, getPrototypeOf: () => { throw new Error('boom'); } });

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('did not throw');
}

describe('hand-built values with holes, proxies and getters', () => {
  it('format refuses a one-of whose value is a sparse array of length 2^32 - 1', () => {
    const q = { kind: 'query', clauses: [{ kind: 'clause', operator: 'one-of', field: 'sku', value: sparse() }] } as unknown as catq.Query;
    const e = thrown(() => catq.format(q));
    expect(catq.isQueryError(e)).toBe(true);
    expect((e as catq.QueryError).diagnostics[0]?.code).toBe('api/bad-argument');
  });

  it('format of a clause that is a throwing Proxy throws a QueryError', () => {
    const e = thrown(() => catq.format({ kind: 'query', clauses: [throwing] } as unknown as catq.Query));
    expect(catq.isQueryError(e)).toBe(true);
    expect(catq.isQueryError(thrown(() => catq.format({ kind: 'query', clauses: throwing } as unknown as catq.Query)))).toBe(true);
  });

  it('clause() refuses the sparse array at once', () => {
    const e = thrown(() => catq.clause('one-of', 'sku', sparse() as never));
    expect(catq.isQueryError(e)).toBe(true);
    expect((e as catq.QueryError).diagnostics.map((d) => d.code)).toEqual(['wire/too-many-values']);
    // a sparse array of a length within the bound: one diagnostic for the holes, elements still read
    const a: unknown[] = [];
    a.length = 5000;
    a[4000] = Symbol('x');
    const codes = (thrown(() => catq.clause('one-of', 'sku', a as never)) as catq.QueryError).diagnostics.map((d) => d.path);
    expect(codes).toEqual(['/1/0', '/1/4000']);
  });

  it('query() refuses clauses holding it, and a sparse clause list, at once', () => {
    const c = { kind: 'clause', operator: 'one-of', field: 'sku', value: sparse() };
    expect(catq.isQueryError(thrown(() => catq.query([c as never])))).toBe(true);
    const list = sparse();
    list[7] = catq.clause('=', 'sku', 'a');
    list[9] = 'not a clause';
    const e = thrown(() => catq.query(list as never)) as catq.QueryError;
    expect(e.diagnostics.map((d) => d.path)).toEqual(['/0', '/9']);
    expect(catq.isQueryError(thrown(() => catq.query([throwing as never])))).toBe(true);
    expect(catq.isQueryError(thrown(() => catq.query([], throwing as never)))).toBe(true);
    // unreadable options are ignored (spans are optional)
    expect(catq.clause('=', 'sku', 'a', throwing as never).spans).toBeUndefined();
  });

  it('query() of wire-looking arrays writes its fix with a bounded preview of the value', () => {
    // Found by `npm run fuzz` (seed 20261127): the fix quoted the value with JSON.stringify, so a
    // sparse array of length 1e6 took 0.3 s and wrote a 5 MB fix; 2^32 - 1 would not finish.
    const holes: unknown[] = [];
    holes.length = 1e6;
    const cycle: unknown[] = ['a'];
    cycle.push(cycle);
    for (const value of [holes, sparse(), cycle, throwing, 10n, Symbol('s')]) {
      const e = thrown(() => catq.query(['=', 'title', ['x', value]] as never)) as catq.QueryError;
      expect(catq.isQueryError(e)).toBe(true);
      const fix = e.diagnostics.find((d) => d.path === '/2')?.data?.['fix'] as string | undefined;
      expect(fix).toMatch(/^It looks like the wire form: build it with clause\('=', "x", /);
      expect(fix!.length).toBeLessThan(400);
    }
    const e = thrown(() => catq.query([['x', holes]] as never)) as catq.QueryError;
    expect(JSON.stringify(e.diagnostics).length).toBeLessThan(2000);
  });

  it('the builder refuses them too', () => {
    const b = queryBuilder(catalog);
    expect(catq.isQueryError(thrown(() => b.where('sizes' as never, 'one-of' as never, sparse() as never)))).toBe(true);
    expect(catq.isQueryError(thrown(() => b.and({ kind: 'query', clauses: sparse() } as never)))).toBe(true);
    expect(catq.isQueryError(thrown(() => b.and({ kind: 'query', clauses: [throwing] } as never)))).toBe(true);
    // The message names the arguments in a few characters, whatever they hold.
    const holes: unknown[] = [];
    holes.length = 1e6;
    const e = thrown(() => b.where('sizes' as never, 'one-of' as never, [holes] as never)) as catq.QueryError;
    expect(catq.isQueryError(e)).toBe(true);
    expect(e.message.split('\n')[0]!.length).toBeLessThan(300);
  });
});

describe('complete has a length limit of its own', () => {
  it('gives no proposals beyond maxLength (default 10 000), and proposals within it', () => {
    const long = '[' + '["sku","a"],'.repeat(7000) + '["';
    expect(long.length).toBeGreaterThan(80_000);
    expect(catq.complete(long, long.length, catalog)).toEqual([]);
    expect(catq.complete(long, long.length, catalog, { maxLength: Infinity }).length).toBeGreaterThan(0);
    const infix = 'sku = "a" and '.repeat(1000);
    expect(catq.complete(infix, infix.length, catalog)).toEqual([]);
    expect(catq.complete(infix, infix.length, catalog, { maxLength: 20_000 }).map((c) => c.kind)).toContain('field');
    expect(catq.DEFAULT_MAX_COMPLETE_LENGTH).toBe(10_000);
  });
});

describe('nested text within the length limits (found by npm run fuzz, seed 20261127)', () => {
  // `(` nineteen times, then closers of another kind: the parser stays inside every `(`.
  const unit = 'a}}}}}(((((((((((((((((((}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}} = 1 or b = 2';

  it('parse reports nesting past the limit even when other closers follow, and never throws', () => {
    // Counting every closer against every opener let this nest 304 levels: the parser's error
    // recovery overflowed the stack (a RangeError out of parse) at 16 units, 74 ms at 9.
    for (const k of [2, 9, 16, 40]) {
      const r = catq.parse(unit.repeat(k));
      expect(r.query).toBeUndefined();
      expect(r.diagnostics.map((d) => d.code)).toEqual(['syntax/too-deep']);
    }
    const lint = catq.lint(unit.repeat(16), catalog);
    expect(lint.diagnostics.map((d) => d.code)).toContain('syntax/too-deep');
    // A closer of the right kind still ends a level: 40 groups one after another are not nested
    // (parentheses are an error of their own, `syntax/no-grouping`), nor are 30 levels of arrays.
    const codes = (text: string) => new Set(catq.parse(text).diagnostics.map((d) => d.code));
    expect(codes('(sku = "a") and '.repeat(40) + 'sku = "b"')).toEqual(new Set(['syntax/no-grouping']));
    expect(codes('('.repeat(30) + 'sku = "a"' + ')'.repeat(30)).has('syntax/too-deep')).toBe(false);
    expect(codes('('.repeat(31) + 'sku = "a"' + ')'.repeat(31))).toEqual(new Set(['syntax/too-deep']));
    expect(catq.parse('sku = ' + '['.repeat(30) + ']'.repeat(30)).diagnostics.map((d) => d.code)).not.toContain('syntax/too-deep');
  });

  it('complete reads nested text up to the parser bound, and proposes nothing past it', () => {
    // Each nested rule copied the whole pending list: 1,600 open parentheses took 0.8 s and 10 000
    // (the default length limit) about 30 s. Up to the bound the proposals are those after one
    // parenthesis; past it the text is refused whatever follows (syntax/too-deep).
    const one = catq.complete('(', 1, catalog).map((c) => c.label);
    expect(one.length).toBeGreaterThan(0);
    const at = (text: string) => catq.complete(text, text.length, catalog).map((c) => c.label);
    expect(at('('.repeat(catq.MAX_NESTING))).toEqual(one);
    expect(at('('.repeat(catq.MAX_NESTING + 1))).toEqual([]);
    expect(at('('.repeat(10_000))).toEqual([]);
    // Closers of another kind do not end a level, for complete as for parse.
    expect(at('('.repeat(20) + '}'.repeat(20) + '('.repeat(20))).toEqual([]);
  });
});
