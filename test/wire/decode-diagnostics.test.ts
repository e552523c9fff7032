import { describe, expect, it } from 'vitest';
import { decode } from '../../src/wire/index.js';

/** [code, [start, end] | undefined, path] of every diagnostic. */
function found(q: unknown, options?: Parameters<typeof decode>[1]): [string, [number, number] | undefined, string | undefined][] {
  const r = decode(q, options);
  if (r.diagnostics.some((d) => d.severity === 'error')) expect(r.query).toBeUndefined();
  return r.diagnostics.map((d) => [d.code, d.span ? [d.span.start, d.span.end] : undefined, d.path]);
}

/** The range of the `nth` occurrence of `part` in `text`. */
function at(text: string, part: string, nth = 0): [number, number] {
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(part, i + 1);
  if (i < 0) throw new Error(`${part} not in ${text}`);
  return [i, i + part.length];
}

describe('wire/bad-percent-encoding', () => {
  it('points at a "%" without two hex digits, in the original text', () => {
    const q = '%5B%5B%22a%22%2C1%ZZ%5D%5D';
    expect(found(q)).toEqual([['wire/bad-percent-encoding', at(q, '%ZZ'), '']]);
    const r = decode(q);
    expect(r.text).toBe(q);
  });

  it('reports every bad escape, not only the first', () => {
    const q = '%5B%G1%5D%';
    expect(found(q)).toEqual([
      ['wire/bad-percent-encoding', at(q, '%G1'), ''],
      ['wire/bad-percent-encoding', [q.length - 1, q.length], ''],
    ]);
  });

  it('points at a UTF-8 sequence that is cut off or invalid', () => {
    const cut = '%5B%C3%5D';
    expect(found(cut)).toEqual([['wire/bad-percent-encoding', at(cut, '%C3'), '']]);
    const surrogate = '%5B%ED%A0%80%5D';
    expect(found(surrogate)).toEqual([['wire/bad-percent-encoding', at(surrogate, '%ED%A0%80'), '']]);
    const overlong = 'x%C0%80y';
    expect(found(overlong)).toEqual([['wire/bad-percent-encoding', at(overlong, '%C0%80'), '']]);
  });

  it('decodes once: a literal %41 inside plain JSON or inside the encoded value stays literal', () => {
    expect(decode('[["a","%41"]]').query?.clauses[0]?.value).toBe('%41');
    expect(decode(encodeURIComponent('[["a","%41"]]')).query?.clauses[0]?.value).toBe('%41');
  });

  it('keeps "+" as "+" (it is not a space)', () => {
    const c = decode('%5B%5B%22a%2Bb%22%2C%22c+d%22%5D%5D').query?.clauses[0];
    expect([c?.field, c?.value]).toEqual(['a+b', 'c+d']);
  });
});

describe('wire/invalid-json', () => {
  it('points at a trailing comma and at a comment', () => {
    const trailing = '[["a",1],]';
    expect(found(trailing)).toEqual([['wire/invalid-json', at(trailing, ']', 1), undefined]]);
    const comment = '[["a",1] /* no */]';
    expect(found(comment)).toEqual([['wire/invalid-json', at(comment, '/* no */'), undefined]]);
  });

  it('reports several syntax errors at once', () => {
    const q = "[['a',1],[\"b\",tru]]";
    const codes = found(q);
    expect(codes.length).toBeGreaterThanOrEqual(2);
    expect(codes.map((c) => c[0])).toEqual(codes.map(() => 'wire/invalid-json'));
    expect(codes[0]?.[1]?.[0]).toBe(q.indexOf("'a'"));
    expect(codes.some((c) => c[1]?.[0] === q.indexOf('tru'))).toBe(true);
  });

  it('says so, once, when q was percent-encoded twice', () => {
    const q = encodeURIComponent(encodeURIComponent('[["a",1]]'));
    expect(found(q)).toEqual([['wire/invalid-json', [0, 3], undefined]]);
  });

  it('reports empty text and a byte-order mark', () => {
    expect(found('')).toEqual([['wire/invalid-json', [0, 0], undefined]]);
    expect(found('\uFEFF[]').map((c) => c[0])).toEqual(['wire/invalid-json']);
  });

  it('gives offsets in the decoded text, and mapOffset takes them back to the input', () => {
    const q = encodeURIComponent('[["é😀",1],["x",y]]');
    const r = decode(q);
    expect(r.text).toBe('[["é😀",1],["x",y]]');
    const d = r.diagnostics[0]!;
    expect([d.span!.start, d.span!.end]).toEqual(at(r.text!, 'y'));
    expect(q.slice(r.mapOffset!(d.span!.start), r.mapOffset!(d.span!.end))).toBe('y');
    expect(q.slice(r.mapOffset!(at(r.text!, '😀')[0]), r.mapOffset!(at(r.text!, '😀')[1]))).toBe(encodeURIComponent('😀'));
  });
});

describe('wire/not-an-array', () => {
  it('covers the whole value, in text and parsed forms', () => {
    expect(found(' {"a":1} ')).toEqual([['wire/not-an-array', [1, 8], '']]);
    expect(found('%7B%7D')).toEqual([['wire/not-an-array', [0, 2], '']]);
    for (const v of [42, null, undefined, { a: 1 }, new Map()]) expect(found(v)).toEqual([['wire/not-an-array', undefined, '']]);
  });
});

describe('wire/bad-clause', () => {
  it('points at each clause that is not a pair, and checks the rest', () => {
    const q = '[5,["a"],["b",1],["c",1,2],{}]';
    expect(found(q)).toEqual([
      ['wire/bad-clause', at(q, '5'), '/0'],
      ['wire/bad-clause', at(q, '["a"]'), '/1'],
      ['wire/bad-clause', at(q, '["c",1,2]'), '/3'],
      ['wire/bad-clause', at(q, '{}'), '/4'],
    ]);
  });

  it('offers to nest a flattened [operator, field, value] clause', () => {
    const q = '[["<","price",10]]';
    const d = decode(q).diagnostics[0]!;
    expect(d.code).toBe('wire/bad-clause');
    expect(d.fixes?.[0]?.edits).toEqual([{ span: { start: 1, end: 17 }, newText: '[["<","price"],10]' }]);
    expect(d.fixes?.[0]?.change).toMatchObject({ kind: 'replace-clauses', clauses: [0], with: { operator: '<', field: 'price', value: 10 } });
  });
});

describe('wire/bad-head', () => {
  it('points at a head that is neither a field nor an [operator, field] pair', () => {
    const q = '[[{"op":"<"},1],[["<"],1],[["=","a","b"],1],[[],1]]';
    expect(found(q)).toEqual([
      ['wire/bad-head', at(q, '{"op":"<"}'), '/0/0'],
      ['wire/bad-head', at(q, '["<"]'), '/1/0'],
      ['wire/bad-head', at(q, '["=","a","b"]'), '/2/0'],
      ['wire/bad-head', at(q, '[]'), '/3/0'],
    ]);
  });
});

describe('wire/unknown-operator', () => {
  it('points at the operator and suggests the nearest one with a fix', () => {
    const q = '[[["oneof","color"],["red"]],[["==","a"],1],[["present","b"],true],[["!=","c"],1]]';
    expect(found(q)).toEqual([
      ['wire/unknown-operator', at(q, '"oneof"'), '/0/0/0'],
      ['wire/unknown-operator', at(q, '"=="'), '/1/0/0'],
      ['wire/unknown-operator', at(q, '"present"'), '/2/0/0'],
      ['wire/unknown-operator', at(q, '"!="'), '/3/0/0'],
    ]);
    const ds = decode(q).diagnostics;
    expect(ds.map((d) => d.data?.['suggestion'])).toEqual(['one-of', '=', 'present?', undefined]);
    expect(ds[0]!.fixes?.[0]?.edits).toEqual([{ span: { start: at(q, '"oneof"')[0], end: at(q, '"oneof"')[1] }, newText: '"one-of"' }]);
    expect(ds[0]!.fixes?.[0]?.change).toEqual({ kind: 'set-operator', clause: 0, operator: 'one-of' });
    expect(ds[3]!.fixes).toBeUndefined();
  });

  it('is case-sensitive', () => {
    const q = '[[["MATCHES","t"],"x"]]';
    const d = decode(q).diagnostics;
    expect(d.map((x) => [x.code, x.data?.['suggestion']])).toEqual([['wire/unknown-operator', 'matches']]);
  });
});

describe('wire/operator-not-string and wire/field-not-string', () => {
  it('reports a scalar where the shorthand field belongs', () => {
    const q = '[[5,1],[null,1],[true,1]]';
    expect(found(q)).toEqual([
      ['wire/field-not-string', at(q, '5'), '/0/0'],
      ['wire/field-not-string', at(q, 'null'), '/1/0'],
      ['wire/field-not-string', at(q, 'true'), '/2/0'],
    ]);
  });

  it('reports both parts of a head separately', () => {
    const q = '[[[1,2],3],[["<",null],4],[["<","ok"],5]]';
    expect(found(q)).toEqual([
      ['wire/operator-not-string', at(q, '1'), '/0/0/0'],
      ['wire/field-not-string', at(q, '2'), '/0/0/1'],
      ['wire/field-not-string', at(q, 'null'), '/1/0/1'],
    ]);
  });
});

describe('wire/number-out-of-range', () => {
  it('points at a number that overflows to Infinity, at any depth', () => {
    const q = '[["a",1e999],["b",{"x":[1,-1e400]}],["c",1e308]]';
    expect(found(q)).toEqual([
      ['wire/number-out-of-range', at(q, '1e999'), '/0/1'],
      ['wire/number-out-of-range', at(q, '-1e400'), '/1/1/x/1'],
    ]);
    expect(decode('[["c",5e-324],["d",1e-400]]').diagnostics).toEqual([]);
  });
});

describe('limits', () => {
  it('wire/too-long covers the part beyond the limit', () => {
    expect(found('[["a",1]]', { maxLength: 5 })).toEqual([['wire/too-long', [5, 9], '']]);
    expect(found('[["a",1]]', { maxLength: 9 })).toEqual([]);
    // Never from inside a surrogate pair: from the code point the limit cuts.
    expect(found('[["😀",1]]', { maxLength: 4 })).toEqual([['wire/too-long', [3, 10], '']]);
  });

  it('wire/too-many-clauses covers the clauses beyond the limit', () => {
    const q = '[["a",1],["b",2],["c",3],["d",4]]';
    expect(found(q, { maxClauses: 2 })).toEqual([['wire/too-many-clauses', [at(q, '["c"')[0], q.length - 1], '/2']]);
    expect(found(q, { maxClauses: 4 })).toEqual([]);
  });

  it('wire/list-too-long points at the long array value', () => {
    const q = '[[["one-of","a"],[1,2,3]]]';
    expect(found(q, { maxListLength: 2 })).toEqual([['wire/list-too-long', at(q, '[1,2,3]'), '/0/1']]);
    expect(found(q, { maxListLength: 3 })).toEqual([]);
  });

  it('wire/too-deep points at the first container beyond the limit, on each branch', () => {
    const q = '[["a",[[1]]],["b",{"k":[2]}]]';
    expect(found(q, { maxDepth: 3 })).toEqual([
      ['wire/too-deep', at(q, '[1]'), '/0/1/0'],
      ['wire/too-deep', at(q, '[2]'), '/1/1/k'],
    ]);
    expect(found(q, { maxDepth: 4 })).toEqual([]);
  });

  it('wire/too-deep does not stop the clause checks, in text and parsed form alike (regression, seed 1592590343)', () => {
    expect(found('[[]]', { maxDepth: 1 })).toEqual([
      ['wire/too-deep', [1, 3], '/0'],
      ['wire/bad-clause', [1, 3], '/0'],
    ]);
    expect(found([[]], { maxDepth: 1 })).toEqual([
      ['wire/too-deep', undefined, '/0'],
      ['wire/bad-clause', undefined, '/0'],
    ]);
  });

  it('wire/too-deep protects the error path and the parsed form from deep nesting', () => {
    const deep = '['.repeat(50_000);
    expect(found(deep).map((c) => c[0])).toEqual(['wire/too-deep']);
    let v: unknown[] = [];
    const top = v;
    for (let i = 0; i < 100_000; i++) v = (v[0] = []) as unknown[];
    expect(found(top).map((c) => c[0])).toEqual(['wire/too-deep']);
  });

  it('wire/too-many-values bounds the walk over shared sub-arrays of a parsed query', () => {
    let shared: unknown = 1;
    for (let i = 0; i < 40; i++) shared = [shared, shared];
    expect(found([['a', shared]], { maxDepth: 100 })).toEqual([['wire/too-many-values', undefined, '']]);
  });

  it('ignores nonsense options and keeps the defaults', () => {
    expect(found('[["a",1]]', { maxLength: Number.NaN, maxDepth: -1 })).toEqual([]);
  });
});

describe('wire/not-json (parsed input)', () => {
  class Thing {
    x = 1;
  }
  it('reports every value JSON cannot hold, by path, and checks the other clauses', () => {
    const cyclic: unknown[] = ['c'];
    cyclic.push(cyclic);
    // eslint-disable-next-line no-sparse-arrays
    const sparse = [1, , 3];
    const throwing = Object.defineProperty({}, 'k', { enumerable: true, get: () => { throw new Error('no'); } });
    const q = [
      ['a', undefined],
      [['=', 'b'], Number.NaN],
      ['c', Infinity],
      ['d', () => 1],
      ['e', 10n],
      ['f', Symbol('s')],
      ['g', sparse],
      cyclic,
      ['h', new Date(0)],
      ['i', new Thing()],
      ['j', throwing],
      5,
    ];
    expect(found(q)).toEqual([
      ['wire/not-json', undefined, '/0/1'],
      ['wire/not-json', undefined, '/1/1'],
      ['wire/not-json', undefined, '/2/1'],
      ['wire/not-json', undefined, '/3/1'],
      ['wire/not-json', undefined, '/4/1'],
      ['wire/not-json', undefined, '/5/1'],
      ['wire/not-json', undefined, '/6/1/1'],
      ['wire/not-json', undefined, '/7/1'],
      ['wire/not-json', undefined, '/8/1'],
      ['wire/not-json', undefined, '/9/1'],
      ['wire/not-json', undefined, '/10/1/k'],
      ['wire/bad-clause', undefined, '/11'],
    ]);
  });

  it('accepts null-prototype objects and keeps __proto__ as an ordinary key, without touching the input', () => {
    const value = Object.create(null) as Record<string, unknown>;
    Object.defineProperty(value, '__proto__', { value: 1, enumerable: true });
    const input = [['a', value]];
    const r = decode(input);
    expect(r.diagnostics).toEqual([]);
    const v = r.query!.clauses[0]!.value as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.isFrozen(v)).toBe(true);
    expect(Object.isFrozen(input[0])).toBe(false);
  });
});

describe('readable clauses', () => {
  it('lists every clause read without a problem when a problem is found, by any stage', () => {
    const byClause = decode('[["a",1],["b",2],5]');
    expect(byClause.query).toBeUndefined();
    expect(byClause.readable?.map((r) => [r.index, r.clause.field])).toEqual([
      [0, 'a'],
      [1, 'b'],
    ]);
    // a problem of the scan (a number JSON.parse reads as Infinity), no clause problem
    const byScan = decode('[["a",1e999],["b",2]]');
    expect(byScan.diagnostics.map((d) => d.code)).toEqual(['wire/number-out-of-range']);
    expect(byScan.readable?.map((r) => r.index)).toEqual([0, 1]);
    expect(decode('[["a",1]]').readable).toBeUndefined();
  });
});
