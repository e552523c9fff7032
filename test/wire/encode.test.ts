import { describe, expect, it } from 'vitest';
import { clause, query } from '../../src/ast/index.js';
import { decode, encode, toWire } from '../../src/wire/index.js';

describe('toWire', () => {
  it('writes equality as the shorthand and every other operator in full form', () => {
    const q = query([clause('=', 'brand', 'Acme'), clause('<', 'price', 20), clause('one-of', 'color', ['red', 'blue']), clause('present?', 'x', false)]);
    expect(toWire(q)).toEqual([['brand', 'Acme'], [['<', 'price'], 20], [['one-of', 'color'], ['red', 'blue']], [['present?', 'x'], false]]);
  });

  it('keeps clause order and object key order', () => {
    const q = query([clause('=', 'z', { b: 1, a: 2 }), clause('=', 'a', 1)]);
    expect(JSON.stringify(toWire(q))).toBe('[["z",{"b":1,"a":2}],["a",1]]');
  });
});

describe('encode', () => {
  it('is encodeURIComponent of the JSON text', () => {
    const q = query([clause('=', 'brand', 'A&B + "C"'), clause('matches', 'title', 'red%20shoe 😀')]);
    expect(encode(q)).toBe(encodeURIComponent('[["brand","A&B + \\"C\\""],[["matches","title"],"red%20shoe 😀"]]'));
  });

  it('writes -0 as 0', () => {
    expect(decodeURIComponent(encode(query([clause('=', 'n', -0)])))).toBe('[["n",0]]');
  });

  it('turns the full form of equality into the shorthand', () => {
    expect(decodeURIComponent(encode(decode('[[["=","a"],1]]').query!))).toBe('[["a",1]]');
  });

  it('gives back the same bytes for a canonical q', () => {
    const canonical = '%5B%5B%22brand%22%2C%22Acme%22%5D%2C%5B%5B%22%3C%3D%22%2C%22price%22%5D%2C20%5D%5D';
    expect(encode(decode(canonical).query!)).toBe(canonical);
  });

  it('encodes the empty query as []', () => {
    expect(encode(query([]))).toBe('%5B%5D');
    expect(decode('%5B%5D').query?.clauses).toEqual([]);
  });
});
