import { describe, expect, it } from 'vitest';
import { clause, query } from '../../src/ast/index.js';
import type { Catalog } from '../../src/catalog/index.js';
import { isQueryError, toErrorBody } from '../../src/diagnostics/index.js';
import { compile, explain, filter, listItems, matches } from '../../src/eval/index.js';
import { generateSource } from '../../src/eval/codegen.js';
import { check, holdsOnKeyless } from '../../src/check/index.js';
import { decode } from '../../src/wire/index.js';

const catalog: Catalog = {
  Id: 500,
  Name: 'shop',
  Type: 'Product',
  Aliases: { Id: 'id', Name: 'title', Brand: { Id: 'bid', Name: 'brand' } },
  SearchableAttributes: [
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'tags', Type: 'String', Cardinality: 'Many' },
    { Attribute: '"]);throw 1;//', Type: 'String', Cardinality: 'One' },
    { Attribute: 'constructor', Type: 'Number', Cardinality: 'One' },
  ],
};
const q = (wire: unknown[]) => decode(JSON.stringify(wire)).query!;
const modes = ['codegen', 'closure'] as const;

describe('compile', () => {
  it('throws a QueryError carrying the diagnostics for an invalid query', () => {
    let caught: unknown;
    try {
      compile(q([['nope', 1], ['price', 'x']]), catalog);
    } catch (e) {
      caught = e;
    }
    expect(isQueryError(caught)).toBe(true);
    expect((caught as { diagnostics: { code: string }[] }).diagnostics.length).toBeGreaterThanOrEqual(2);
  });

  it('is total over exotic JS values: throwing getters, Proxies, custom and null prototypes', () => {
    const throwing = Object.defineProperty({}, 'price', { get() { throw new Error('boom'); }, enumerable: true });
    const proxy = new Proxy({}, { get() { throw new Error('trap'); }, has() { throw new Error('trap'); }, getOwnPropertyDescriptor() { throw new Error('trap'); } });
    const inherited = Object.create({ price: 5, brand: 'Acme', constructor: 1 }) as object;
    const nullProto = Object.assign(Object.create(null) as object, { price: 5 });
    for (const mode of modes) {
      const p = compile(q([['price', 5]]), catalog, { mode });
      expect(p(throwing)).toBe(false);
      expect(p(proxy)).toBe(false);
      expect(p(inherited)).toBe(false);
      expect(p(nullProto)).toBe(true);
      expect(compile(q([[['present?', 'constructor'], true]]), catalog, { mode })({})).toBe(false);
      expect(compile(q([[['present?', 'constructor'], false]]), catalog, { mode })(inherited)).toBe(true);
      expect(compile(q([['brand', 'Acme']]), catalog, { mode })(inherited)).toBe(false);
      for (const v of [undefined, Symbol('s'), () => 1, 10n, new Map(), new Date(), /x/]) expect(p(v)).toBe(false);
      // An array has no keys, even with an extra own property.
      expect(p(Object.assign([], { price: 5 }))).toBe(false);
      expect(compile(q([[['present?', 'price'], false]]), catalog, { mode })(Object.assign([5], { price: 5 }))).toBe(true);
      // An own key holding undefined counts as missing (JSON has no undefined).
      expect(compile(q([[['present?', 'price'], false]]), catalog, { mode })({ price: undefined })).toBe(true);
    }
  });

  it('ignores a polluted Object.prototype (own keys only), also when polluted after compiling', () => {
    const ps = modes.map((mode) => [compile(q([['price', 5]]), catalog, { mode }), compile(q([[['present?', 'price'], false]]), catalog, { mode })] as const);
    const proto = Object.prototype as Record<string, unknown>;
    try {
      proto['price'] = 5;
      for (const [eq, absent] of ps) {
        expect(eq({})).toBe(false);
        expect(eq({ price: 5 })).toBe(true);
        expect(absent({})).toBe(true);
        expect(absent({ price: 1 })).toBe(false);
      }
    } finally {
      delete proto['price'];
    }
  });

  it('generated code holds no query text except JSON.stringify-ed literals', () => {
    const evil = '"]);throw 1;//';
    const query1 = q([[evil, evil], [['matches', 'title'], '`${x}`'], [['one-of', 'brand'], ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', '\u2028']]]);
    const plans = check(query1, catalog).plan!.clauses;
    const { source } = generateSource(plans, holdsOnKeyless(plans));
    expect(source).toContain(JSON.stringify(evil));
    expect(source).not.toContain('`${x}`');
    const p = compile(query1, catalog, { mode: 'codegen' });
    expect(p({ [evil]: evil, title: 'x', brand: '\u2028' })).toBe(true);
    expect(p({ [evil]: 'other', title: 'x', brand: 'a' })).toBe(false);
  });
});

describe('matches and filter', () => {
  it('filters in item order', () => {
    const items = [{ id: 2, price: 5 }, { id: 1, price: 50 }, null, { id: 3, price: 4 }];
    expect(filter(items, q([[['<', 'price'], 10]]), catalog)).toEqual([items[0], items[3]]);
    expect(matches(q([['price', 50]]), catalog, items[1])).toBe(true);
    expect(matches(query([]), catalog, 'anything')).toBe(true);
  });
});

describe('explain', () => {
  it('reports per clause whether it held, the raw key, the value seen and the span', () => {
    const text = '[["Brand.Name","Acme"],[["<","price"],10],[["present?","tags"],true]]';
    const { query: parsed } = decode(text);
    const e = explain(parsed!, catalog, { brand: 'Acme', price: 12, tags: null });
    expect(e.matched).toBe(false);
    expect(e.clauses.map((c) => [c.rawKey, c.held, c.outcome, c.seen])).toEqual([
      ['brand', true, 'held', 'Acme'],
      ['price', false, 'failed', 12],
      ['tags', false, 'null', null],
    ]);
    const s = e.clauses[1]!.span!;
    expect(text.slice(s.start, s.end)).toBe('[["<","price"],10]');
    const missing = explain(parsed!, catalog, 42);
    expect(missing.clauses.map((c) => c.outcome)).toEqual(['missing', 'missing', 'missing']);
    expect(explain(query([]), catalog, {}).matched).toBe(true);
    expect(explain(query([clause('=', 'price', 1)]), catalog, { price: 1 }).clauses[0]!.span).toBeUndefined();
  });
});

describe('listItems', () => {
  const items = [{ id: 3, price: 1, title: 'Red shoe' }, { id: 1, price: 2, bid: 'b1', brand: 'Acme' }, { id: 'x', price: 3 }, { price: 1 }];

  it('returns the response with listed items', () => {
    const r = listItems(items, catalog, { q: '[[["<","price"],3]]' });
    expect(r.diagnostics).toEqual([]);
    expect(r.response).toEqual({
      Items: [
        { Id: 1, Type: 'Primary', Uri: 'itemdb://0/500/1', Name: '1', Brand: { Id: 'b1', Name: 'Acme' } },
        { Id: 3, Type: 'Primary', Uri: 'itemdb://0/500/3', Name: 'Red shoe' },
      ],
      Metadata: { Scope: { q: encodeURIComponent('[[["<","price"],3]]'), limit: 100, order: 'asc' } },
    });
  });

  it('returns diagnostics (never throws) for bad parameters and invalid queries', () => {
    const bad = listItems(items, catalog, { q: '[["nope",1]]', limit: 0 });
    expect(bad.response).toBeUndefined();
    expect(bad.diagnostics.map((d) => d.code)).toContain('listing/limit-out-of-range');
    expect(bad.diagnostics.some((d) => d.code.startsWith('schema/'))).toBe(true);
    expect(toErrorBody(bad.diagnostics).Errors.length).toBe(bad.diagnostics.filter((d) => d.severity === 'error').length);
    expect(listItems(items, catalog, 'nope').diagnostics.map((d) => d.code)).toEqual(['listing/bad-parameters']);
  });

  it('reads URL strings with numericStrings', () => {
    const r = listItems(items, catalog, { 'boundary-id': '1', limit: '1' }, { numericStrings: true });
    expect(r.response!.Items.map((i) => i.Id)).toEqual([3]);
  });
});

describe('docs/semantics.md example', () => {
  const docCatalog: Catalog = {
    Id: 100,
    Name: 'doc',
    Type: 'Product',
    Aliases: { Id: 'id' },
    SearchableAttributes: [
      { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
      { Attribute: 'tags', Type: 'String', Cardinality: 'Many' },
      { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
      { Attribute: 'ref', Type: 'Referenced', Cardinality: 'One', ReferenceId: 100 },
    ],
  };
  const items = [
    { id: 1, price: 19.5, tags: ['sale', 'new'], title: 'Red running Shoe', ref: 7 },
    { id: 2, price: '19.5', tags: 'sale', title: 'shoe red', ref: '7' },
    { id: 3, price: null, tags: [['sale']], title: ['red shoe'] },
    { id: 4 },
  ];
  it.each([
    [[[['<', 'price'], 20]], [1]],
    [[['tags', 'sale']], [1, 2]],
    [[[['matches', 'title'], 'red shoe']], [1, 2]],
    [[[['matches-phrase', 'title'], 'running shoe']], [1]],
    [[[['matches-phrase', 'title'], 'red shoe']], []],
    [[['ref', '7']], [1, 2]],
    [[[['present?', 'price'], false]], [3, 4]],
    [[[['present?', 'title'], true]], [1, 2, 3]],
  ] as const)('%j', (wire, ids) => {
    expect(filter(items, q(wire as unknown as unknown[]), docCatalog).map((i) => i.id)).toEqual(ids);
  });
});
