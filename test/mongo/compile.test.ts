/**
 * toMongo's contract: the filter shapes, option checks, validation through the shared validator,
 * failing closed, and Referenced candidate expansion.
 */
import { describe, expect, it } from 'vitest';
import { clause, query, type Clause, type JsonValue } from '../../src/ast/index.js';
import type { Catalog, SearchableAttribute } from '../../src/catalog/index.js';
import { isQueryError } from '../../src/diagnostics/index.js';
import { toMongo } from '../../src/mongo/index.js';

const catalog: Catalog = {
  Id: 100,
  Name: 'Shop',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'color', Type: 'String', Cardinality: 'One' },
    { Attribute: 'meta', Type: 'Object', Cardinality: 'One' },
  ],
};

function codesOf(f: () => unknown): string[] {
  try {
    f();
  } catch (e) {
    if (isQueryError(e)) return e.diagnostics.map((d) => d.code);
    throw e;
  }
  return [];
}

describe('filter shape', () => {
  it('no clause: the empty filter (every document)', () => {
    expect(toMongo(query([]), catalog)).toEqual({});
  });

  it('one clause: an index-friendly superset on the path, then the exact $expr over $getField', () => {
    expect(toMongo(query([clause('>', 'price', 10)]), catalog)).toEqual({
      $and: [
        { price: { $gt: 10 } },
        {
          $expr: {
            $let: {
              vars: { v: { $getField: { field: { $literal: 'price' }, input: '$$ROOT' } } },
              in: { $and: [{ $isNumber: '$$v' }, { $gt: ['$$v', { $literal: 10 }] }] },
            },
          },
        },
      ],
    });
  });

  it('no prefilter where none is a superset or none helps: present? false, text, Object, Array Many', () => {
    const f = toMongo(query([clause('present?', 'color', false)]), catalog);
    expect(Object.keys(f)).toEqual(['$expr']);
  });

  it('no prefilter on keys the match language cannot name', () => {
    const odd: Catalog = { ...catalog, SearchableAttributes: ['a.b', '$x', '', '__proto__'].map((Attribute) => ({ Attribute, Type: 'Number' as const, Cardinality: 'One' as const })) };
    for (const a of ['a.b', '$x', '', '__proto__']) expect(Object.keys(toMongo(query([clause('=', a, 1)]), odd)), a).toEqual(['$expr']);
  });

  it('Referenced prefilters use the same candidates; one-of uses $in', () => {
    const ref: Catalog = { ...catalog, SearchableAttributes: [{ Attribute: 'brand', Type: 'Referenced', Cardinality: 'Many', ReferenceId: 100 }] };
    const f = toMongo(query([clause('one-of', 'brand', ['5', 'x', -0])]), ref);
    expect((f['$and'] as JsonValue[])[0]).toEqual({ brand: { $in: ['5', 'x', '0', 5, 0] } });
  });

  it('several clauses: $and of the prefilters, then one $expr each', () => {
    const f = toMongo(query([clause('>', 'price', 10), clause('=', 'color', 'red')]), catalog);
    const parts = f['$and'] as { [k: string]: unknown }[];
    expect(parts.map((p) => Object.keys(p)[0])).toEqual(['price', 'color', '$expr', '$expr']);
  });

  it('with a prefix, the item is read from that field and must be an object', () => {
    const f = JSON.stringify(toMongo(query([clause('=', 'color', 'red')]), catalog, { prefix: 'doc.data' }));
    expect(f).toContain('"input":"$doc.data"');
    expect(f).toContain('{"$eq":[{"$type":"$doc.data"},"object"]}');
  });

  it('warnings do not block compilation (a duplicate clause)', () => {
    expect(() => toMongo(query([clause('=', 'color', 'red'), clause('=', 'color', 'red')]), catalog)).not.toThrow();
  });
});

describe('refusals', () => {
  it('bad prefixes: mongo/bad-option', () => {
    for (const prefix of ['', '$data', 'a..b', 'a.$b', '.a', 'a\u0000b', 5 as unknown as string]) {
      expect(codesOf(() => toMongo(query([]), catalog, { prefix })), JSON.stringify(prefix)).toEqual(['mongo/bad-option']);
    }
    let message = '';
    try {
      toMongo(query([]), catalog, { prefix: '$data' });
    } catch (e) {
      if (isQueryError(e)) message = e.diagnostics[0]!.message;
    }
    expect(message).toBe('Invalid option "prefix": it must be a dotted path of non-empty segments that do not start with "$" (for example "data"), but it is the string "$data".');
  });

  it('invalid queries: the validator\'s codes, all at once', () => {
    const q = query([clause('=', 'nope', 1), clause('=', 'price', '20'), clause('matches', 'color', 'red')]);
    expect(codesOf(() => toMongo(q, catalog)).sort()).toEqual(['schema/operator-not-allowed', 'schema/type-mismatch', 'schema/unknown-field']);
  });

  it('refuses with the validator\'s codes what the plan cannot hold (never a dropped condition)', () => {
    const attr = (Type: SearchableAttribute['Type']): SearchableAttribute =>
      Type === 'Referenced' ? { Attribute: 'f', Type, Cardinality: 'One', ReferenceId: 100 } : ({ Attribute: 'f', Type, Cardinality: 'One' } as SearchableAttribute);
    const cases: [Clause, SearchableAttribute['Type']][] = [
      [clause('<', 'f', true), 'Boolean'],
      [clause('=', 'f', 1), 'Object'],
      [clause('=', 'f', '1'), 'Number'],
      [clause('<', 'f', 1), 'String'],
      [clause('one-of', 'f', []), 'String'],
      [clause('one-of', 'f', 'a'), 'String'],
      [clause('=', 'f', { $gt: 1 }), 'Array'],
      [clause('=', 'f', null), 'Referenced'],
      [clause('matches', 'f', '...'), 'Text'],
      [clause('matches', 'f', 'a'), 'String'],
      [clause('present?', 'f', 'yes'), 'String'],
    ];
    for (const [c, type] of cases) {
      const cat: Catalog = { ...catalog, SearchableAttributes: [attr(type)] };
      const codes = codesOf(() => toMongo(query([c]), cat));
      expect(codes.length, `${c.operator} ${JSON.stringify(c.value)} on ${type}`).toBeGreaterThan(0);
      expect(codes.every((code) => code.startsWith('schema/'))).toBe(true);
    }
  });
});

describe('pattern size', () => {
  it('a word whose pattern MongoDB would refuse (over 16 kB) is refused as mongo/unsupported, not sent', () => {
    const text: Catalog = { ...catalog, SearchableAttributes: [{ Attribute: 'd', Type: 'Text', Cardinality: 'One' }] };
    const huge = query([clause('matches', 'd', 'k'.repeat(5000))]);
    const noLimits = { limits: { maxTokenLength: Infinity, maxTokens: Infinity, maxPatternSize: Infinity } };
    expect(codesOf(() => toMongo(huge, text, noLimits))).toEqual(['mongo/unsupported']);
    // Within the default limits (100 letters a word) every pattern is small.
    const f = JSON.stringify(toMongo(query([clause('matches', 'd', 'k'.repeat(100))]), text));
    expect(f.length).toBeLessThan(16 * 1024);
  });
});
