import { describe, expect, it } from 'vitest';
import * as catq from '../../src/index.js';
import { thrown } from '../support/thrown.js';

// The root API's `clause()` and `query()` are what SDK code calls from plain JavaScript: they
// check what they are given (QueryError, never a half-built node) and copy the caller's values
// instead of freezing them in place (issue 13 section 3, first bullet).

function codesOf(e: unknown): string[] {
  expect(e).toBeInstanceOf(catq.QueryError);
  return (e as catq.QueryError).diagnostics.map((d) => d.code);
}

describe('clause() from the root entry', () => {
  it('copies the value and leaves the caller\'s array unfrozen and unshared', () => {
    const colours = ['red', 'blue'];
    const nested = { tags: ['a'] };
    const c = catq.clause('one-of', 'colour', colours);
    const o = catq.clause('=', 'meta', nested);
    expect(Object.isFrozen(colours)).toBe(false);
    expect(Object.isFrozen(nested.tags)).toBe(false);
    colours.push('green');
    nested.tags.push('b');
    expect(c.value).toEqual(['red', 'blue']);
    expect(o.value).toEqual({ tags: ['a'] });
    // The node itself is immutable, all the way down.
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.value)).toBe(true);
    expect(Object.isFrozen((o.value as { tags: unknown }).tags)).toBe(true);
  });

  it('rejects an unknown operator with a QueryError that suggests the right one', () => {
    const e = thrown(() => catq.clause('lt' as never, 'price', 20));
    expect(codesOf(e)).toEqual(['wire/unknown-operator']);
    expect((e as catq.QueryError).diagnostics[0]?.data).toMatchObject({ operator: 'lt', suggestion: '<' });
    expect((e as catq.QueryError).diagnostics[0]?.path).toBe('/0/0');
    expect(codesOf(thrown(() => catq.clause(5 as never, 'price', 20)))).toEqual(['wire/operator-not-string']);
  });

  it('rejects NaN, ±Infinity, undefined and other values JSON cannot hold, pointing at them', () => {
    for (const v of [NaN, Infinity, -Infinity, undefined, () => 1, Symbol('s'), 10n, new Date(0), new Map()]) {
      const e = thrown(() => catq.clause('=', 'price', v as never));
      expect(codesOf(e), String(typeof v)).toEqual(['wire/not-json']);
      expect((e as catq.QueryError).diagnostics[0]?.path).toBe('/1');
    }
    const deep = thrown(() => catq.clause('one-of', 'price', [1, NaN, 3, undefined] as never));
    expect(codesOf(deep)).toEqual(['wire/not-json', 'wire/not-json']);
    expect((deep as catq.QueryError).diagnostics.map((d) => d.path)).toEqual(['/1/1', '/1/3']);
    const cyclic: unknown[] = [1];
    cyclic.push(cyclic);
    expect(codesOf(thrown(() => catq.clause('=', 'x', cyclic as never)))).toEqual(['wire/not-json']);
  });

  it('rejects a field that is not a string, and reports every problem at once', () => {
    const e = thrown(() => catq.clause('nope' as never, 7 as never, NaN));
    expect(codesOf(e).sort()).toEqual(['wire/field-not-string', 'wire/not-json', 'wire/unknown-operator']);
  });

  it('copies spans rather than freezing the caller\'s objects', () => {
    const spans = { clause: { start: 0, end: 9 }, field: { start: 0, end: 5 }, value: { start: 8, end: 9 }, items: [{ start: 8, end: 9 }] };
    const c = catq.clause('=', 'price', 1, { spans });
    expect(Object.isFrozen(spans)).toBe(false);
    expect(Object.isFrozen(spans.items)).toBe(false);
    expect(Object.isFrozen(c.spans)).toBe(true);
    expect(c.spans).toEqual(spans);
  });
});

describe('query() from the root entry', () => {
  it('never lets encode write [[[null,null],null]] for wire arrays given as clauses', () => {
    const e = thrown(() => catq.encode(catq.query([['brand', 'Acme']] as never)));
    expect(codesOf(e)).toEqual(['api/bad-argument']);
    const d = (e as catq.QueryError).diagnostics[0];
    expect(d?.path).toBe('/0');
    // The message shows the two ways to get what was meant.
    expect(d?.message).toContain("clause('=', \"brand\", \"Acme\")");
    expect(d?.message).toContain('decode(');
  });

  it('never lets encode write nulls for a hand-made query object either', () => {
    for (const clauses of [[['brand', 'Acme']], [{ kind: 'clause', operator: 'lt', field: 'price', value: 1 }], [null], [{ kind: 'clause', operator: '=', field: 'a' }]]) {
      const e = thrown(() => catq.encode({ kind: 'query', clauses } as never));
      expect(codesOf(e)).toEqual(['api/bad-argument']);
      expect((e as catq.QueryError).diagnostics[0]?.data).toMatchObject({ fn: 'toWire', name: 'query.clauses[0]' });
    }
  });

  it('reports every bad clause at once, with its index', () => {
    const hand = { kind: 'clause', operator: 'gte', field: 'price', value: NaN };
    const e = thrown(() => catq.query([catq.clause('=', 'a', 1), null, hand, 'x'] as never));
    expect((e as catq.QueryError).diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['api/bad-argument', '/1'],
      ['wire/unknown-operator', '/2/0/0'],
      ['wire/not-json', '/2/1'],
      ['api/bad-argument', '/3'],
    ]);
  });

  it('rejects what is not an array of clauses', () => {
    for (const bad of [undefined, null, 'x', {}, 1]) expect(codesOf(thrown(() => catq.query(bad as never)))).toEqual(['api/bad-argument']);
  });

  it('copies hand-made clause objects instead of freezing them, and keeps good nodes as they are', () => {
    const value = ['a', 'b'];
    const hand = { kind: 'clause' as const, operator: 'one-of' as const, field: 'tag', value };
    const good = catq.clause('<', 'price', 3);
    const q = catq.query([hand, good]);
    expect(Object.isFrozen(hand)).toBe(false);
    expect(Object.isFrozen(value)).toBe(false);
    value.push('c');
    expect(q.clauses[0]?.value).toEqual(['a', 'b']);
    expect(q.clauses[1]).toEqual(good);
    expect(Object.isFrozen(q.clauses)).toBe(true);
    expect(catq.encode(q)).toBe(encodeURIComponent('[[["one-of","tag"],["a","b"]],[["<","price"],3]]'));
  });

  it('gives back the same query the decoder reads from its canonical encoding', () => {
    const q = catq.query([catq.clause('=', 'brand', 'Acme'), catq.clause('matches', 'title', 'rain jacket')]);
    const back = catq.decode(catq.encode(q)).query;
    expect(back && catq.queryEqual(back, q)).toBe(true);
  });
});
