import { describe, expect, it } from 'vitest';
import { defineCatalog, isQueryBuilder, OPERATORS_BY_TYPE, queryBuilder, QueryBuilder } from '../../src/builder/index.js';
import { ATTRIBUTE_TYPES, decode, encode, filter, operatorsFor, parse, queryEqual, QueryError, type Catalog } from '../support/all-stages.js';

const shop = defineCatalog({
  Id: 700,
  Name: 'Shop',
  Type: 'Product',
  Aliases: { Id: 'sku', Brand: { Id: 'brand_id', Name: 'brand' } },
  SearchableAttributes: [
    { Attribute: 'sku', Type: 'String', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'brand_id', Type: 'Referenced', ReferenceId: 300, Cardinality: 'One' },
    { Attribute: 'in_stock', Type: 'Boolean', Cardinality: 'One' },
    { Attribute: 'specs', Type: 'Object', Cardinality: 'One' },
  ],
});

/** What `f` threw (fails the test when it returned). */
function thrown(f: () => unknown): QueryError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(QueryError);
    return e as QueryError;
  }
  throw new Error('expected a QueryError, but nothing was thrown');
}

/** The builder as plain JavaScript sees it: no types. */
const untyped = (b: QueryBuilder<typeof shop>): { where(f: unknown, o: unknown, v: unknown): QueryBuilder } => b as never;

describe('queryBuilder', () => {
  const b = queryBuilder(shop);

  it('builds the query in every form', () => {
    const q = b.where('price', '<', 20).where('title', 'matches', 'rain jacket').where('brand', '=', 'Acme');
    expect(q.toWire()).toEqual([[['<', 'price'], 20], [['matches', 'title'], 'rain jacket'], ['brand', 'Acme']]);
    expect(q.toQ()).toBe(encodeURIComponent('[[["<","price"],20],[["matches","title"],"rain jacket"],["brand","Acme"]]'));
    expect(q.toInfix()).toBe('price < 20 and title matches "rain jacket" and brand = "Acme"');
    expect(queryEqual(decode(q.toQ()).query!, q.toQuery())).toBe(true);
    expect(queryEqual(parse(q.toInfix()).query!, q.toQuery())).toBe(true);
    expect(JSON.stringify(q)).toBe(JSON.stringify(q.toWire()));
    expect(String(q)).toBe(q.toInfix());
    expect(encode(q.toQuery())).toBe(q.toQ());
  });

  it('is the query that matches everything when empty', () => {
    expect(b.toWire()).toEqual([]);
    expect(b.toInfix()).toBe('');
    expect(b.toQ()).toBe('%5B%5D');
  });

  it('is immutable: where returns a new builder and leaves the old one as it was', () => {
    const cheap = b.where('price', '<', 20);
    const acme = cheap.where('brand', '=', 'Acme');
    const globex = cheap.where('brand', '=', 'Globex');
    expect(cheap.clauses).toHaveLength(1);
    expect(Object.isFrozen(cheap.clauses)).toBe(true);
    expect(() => (cheap.clauses as unknown as unknown[]).push('x')).toThrow(TypeError);
    expect(acme.toInfix()).toBe('price < 20 and brand = "Acme"');
    expect(globex.toInfix()).toBe('price < 20 and brand = "Globex"');
  });

  it('resolves alias paths through Aliases', () => {
    const q = b.where('Brand.Name', 'one-of', ['Acme', 'Globex']).where('Id', '=', 'A-1').where('Brand.Id', '=', 5);
    const items = [
      { sku: 'A-1', brand: 'Acme', brand_id: '5' },
      { sku: 'A-1', brand: 'Initech', brand_id: 5 },
      { sku: 'B-2', brand: 'Acme', brand_id: 5 },
    ];
    expect(filter(items, q.toQuery(), shop)).toEqual([items[0]]);
  });

  it('copies the caller\'s values and never freezes them', () => {
    const brands = ['Acme', 'Globex'];
    const q = b.where('brand', 'one-of', brands as unknown as readonly [string, ...string[]]);
    expect(Object.isFrozen(brands)).toBe(false);
    brands.push('Initech');
    expect(q.toWire()).toEqual([[['one-of', 'brand'], ['Acme', 'Globex']]]);
  });

  it('checks and copies the catalog once, and neither freezes nor keeps the caller\'s object', () => {
    const json: Catalog = JSON.parse(JSON.stringify(shop)) as Catalog;
    const runtime = queryBuilder(json);
    expect(Object.isFrozen(json)).toBe(false);
    (json.SearchableAttributes as unknown as { Attribute: string }[])[2]!.Attribute = 'cost';
    expect(runtime.where('price', '>', 1).toInfix()).toBe('price > 1');
    expect(Object.isFrozen(runtime.catalog)).toBe(true);
  });

  it('adds the clauses of a decoded query, a parsed one or another builder with and()', () => {
    const incoming = decode('[["brand","Acme"],[["<","price"],50]]').query!;
    const narrowed = b.where('in_stock', '=', true).and(incoming).where('price', '>', 10);
    expect(narrowed.toInfix()).toBe('in_stock = true and brand = "Acme" and price < 50 and price > 10');
    expect(b.and(parse('title matches "rain"').query!).and(narrowed).toWire()).toEqual([[['matches', 'title'], 'rain'], ...narrowed.toWire()]);
    expect(b.and(b).toWire()).toEqual([]);
  });

  it('reports every clause and() cannot add, at the index it would have had', () => {
    const hand = (operator: string, field: unknown, value: unknown) => ({ kind: 'clause', operator, field, value });
    const other = { kind: 'query', clauses: [hand('=', 'prce', 1), hand('=', 'brand', 'Acme'), hand('matches', 'brand', 'x'), hand('lt', 'price', 1), null] };
    const e = thrown(() => b.where('price', '<', 3).and(other as never));
    expect(e.diagnostics.map((d) => [d.code, d.path])).toEqual([
      // Paths are those of the canonical wire form: `[field, value]` for equality.
      ['schema/unknown-field', '/1/0'],
      ['schema/operator-not-allowed', '/3/0/0'],
      ['wire/unknown-operator', '/4/0/0'],
      ['wire/not-json', '/5/0/0'],
      ['wire/not-json', '/5/0/1'],
      ['wire/not-json', '/5/1'],
    ]);
    expect(thrown(() => b.and('brand = "Acme"' as never)).diagnostics.map((d) => d.code)).toEqual(['api/bad-argument']);
  });

  it('is recognised by instanceof and isQueryBuilder, also from another copy of catq', () => {
    const q = b.where('price', '<', 1);
    expect(q).toBeInstanceOf(QueryBuilder);
    expect(isQueryBuilder(q)).toBe(true);
    // What another bundle's builder looks like from here: the same global mark, another class.
    const other = { [Symbol.for('catq.QueryBuilder')]: true, toQuery: () => q.toQuery() };
    expect(isQueryBuilder(other)).toBe(true);
    for (const v of [q.toQuery(), q.toWire(), {}, null, 'price < 1']) expect(isQueryBuilder(v)).toBe(false);
  });

  it('gives the warnings of the whole query', () => {
    expect(b.where('price', '<', 5).where('price', '>', 10).warnings().map((d) => d.code)).toEqual(['schema/never-true']);
    expect(b.where('brand', '=', 'A').where('brand', '=', 'A').warnings().map((d) => d.code)).toEqual(['schema/duplicate-clause']);
    expect(b.where('brand', '=', 'A').warnings()).toEqual([]);
  });
});

describe('queryBuilder at run time (plain JavaScript, catalogs from JSON)', () => {
  const b = queryBuilder(JSON.parse(JSON.stringify(shop)) as Catalog);
  const js = untyped(queryBuilder(shop));

  it('rejects an unknown field with suggestions, at the clause\'s index', () => {
    const e = thrown(() => b.where('price', '<', 20).where('prce', '<', 20));
    expect(e.diagnostics.map((d) => [d.code, d.path])).toEqual([['schema/unknown-field', '/1/0/1']]);
    expect(e.diagnostics[0]?.data).toMatchObject({ suggestions: ['price'] });
    expect(e.message).toContain('where("prce", "<", 20)');
  });

  it('rejects an operator not allowed on the field\'s type, and an unknown operator', () => {
    expect(thrown(() => js.where('brand', 'matches', 'acme')).diagnostics.map((d) => d.code)).toEqual(['schema/operator-not-allowed']);
    expect(thrown(() => js.where('in_stock', '<', true)).diagnostics.map((d) => d.code)).toEqual(['schema/operator-not-allowed']);
    expect(thrown(() => js.where('specs', '=', {})).diagnostics.map((d) => d.code)).toContain('schema/operator-not-allowed');
    const lt = thrown(() => js.where('price', 'lt', 20));
    expect(lt.diagnostics.map((d) => [d.code, d.path])).toEqual([['wire/unknown-operator', '/0/0/0']]);
    expect(lt.diagnostics[0]?.data).toMatchObject({ suggestion: '<' });
  });

  it('rejects values of the wrong type with catq\'s fixes', () => {
    const e = thrown(() => js.where('price', '<', '20'));
    expect(e.diagnostics.map((d) => d.code)).toEqual(['schema/type-mismatch']);
    expect(e.diagnostics[0]?.fixes?.[0]?.change).toEqual({ kind: 'set-value', clause: 0, value: 20 });
    expect(thrown(() => js.where('in_stock', '=', 'true')).diagnostics.map((d) => d.code)).toEqual(['schema/type-mismatch']);
    expect(thrown(() => js.where('price', 'present?', 1)).diagnostics.map((d) => d.code)).toEqual(['schema/present-not-boolean']);
    expect(thrown(() => js.where('price', 'one-of', 1)).diagnostics.map((d) => d.code)).toEqual(['schema/not-a-list']);
    expect(thrown(() => js.where('price', 'one-of', [1, '2', true])).diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['schema/type-mismatch', '/0/1/1'],
      ['schema/type-mismatch', '/0/1/2'],
    ]);
  });

  it('rejects an empty one-of and a matches value without a word', () => {
    expect(thrown(() => js.where('brand', 'one-of', [])).diagnostics.map((d) => d.code)).toEqual(['schema/empty-one-of']);
    expect(thrown(() => js.where('title', 'matches', ' & ')).diagnostics.map((d) => d.code)).toEqual(['schema/no-token']);
  });

  it('rejects NaN, undefined and values JSON cannot hold', () => {
    for (const v of [NaN, Infinity, undefined, new Date(0), () => 1]) {
      expect(thrown(() => js.where('price', '=', v)).diagnostics.map((d) => [d.code, d.path])).toEqual([['wire/not-json', '/0/1']]);
    }
    expect(thrown(() => js.where('price', 'one-of', [1, NaN])).diagnostics.map((d) => [d.code, d.path])).toEqual([['wire/not-json', '/0/1/1']]);
    expect(thrown(() => js.where(undefined, '=', 1)).diagnostics.map((d) => [d.code, d.path])).toEqual([['wire/not-json', '/0/0/1']]);
    expect(thrown(() => js.where(5, '=', 1)).diagnostics.map((d) => [d.code, d.path])).toEqual([['wire/field-not-string', '/0/0/1']]);
  });

  it('rejects a catalog that is not valid with the catalog\'s diagnostics', () => {
    const e = thrown(() => queryBuilder({ Id: 1, Name: 'x', Type: 'Product', Aliases: {} } as never));
    expect(e.diagnostics.length).toBeGreaterThan(0);
    expect(e.diagnostics.every((d) => d.code.startsWith('catalog/'))).toBe(true);
    expect(thrown(() => queryBuilder(undefined as never)).diagnostics.length).toBeGreaterThan(0);
    expect(thrown(() => defineCatalog({ Id: 100, Name: 'x', Type: 'Product', Aliases: { Id: 'id' }, SearchableAttributes: [{ Attribute: 'id', Type: 'Text', Cardinality: 'Many' as 'One' }] })).diagnostics.length).toBeGreaterThan(0);
  });
});

describe('limits', () => {
  const many = Array.from({ length: 1001 }, (_, i) => `sku-${i}`) as unknown as readonly [string, ...string[]];

  it('keeps the query within the limits decode applies by default, so that a service accepts toQ()', () => {
    const e = thrown(() => queryBuilder(shop).where('price', '<', 3).where('sku', 'one-of', many));
    expect(e.diagnostics.map((d) => [d.code, d.path])).toEqual([['wire/list-too-long', '/1/1']]);
    const ok = queryBuilder(shop).where('sku', 'one-of', many.slice(0, 1000) as unknown as readonly [string, ...string[]]);
    expect(decode(ok.toQ()).diagnostics).toEqual([]);
  });

  it('takes larger (or smaller) limits for a service configured so', () => {
    const big = queryBuilder(shop, { limits: { maxListLength: 5000 } }).where('sku', 'one-of', many);
    expect(decode(big.toQ(), { maxListLength: 5000 }).query?.clauses[0]?.value).toHaveLength(1001);
    const two = queryBuilder(shop, { limits: { maxClauses: 2 } }).where('price', '<', 3).where('price', '>', 1);
    expect(thrown(() => two.where('brand', '=', 'Acme')).diagnostics.map((d) => [d.code, d.path])).toEqual([['wire/too-many-clauses', '/2']]);
  });

  it('counts the length of toQ() exactly', () => {
    const built = queryBuilder(shop).where('title', 'matches', 'rain jacket 😀').where('brand', 'one-of', ['A&B', 'Zoë']);
    const length = built.toQ().length;
    const exact = queryBuilder(shop, { limits: { maxLength: length } }).where('title', 'matches', 'rain jacket 😀').where('brand', 'one-of', ['A&B', 'Zoë']);
    expect(exact.toQ()).toBe(built.toQ());
    const short = queryBuilder(shop, { limits: { maxLength: length - 1 } }).where('title', 'matches', 'rain jacket 😀');
    const e = thrown(() => short.where('brand', 'one-of', ['A&B', 'Zoë']));
    expect(e.diagnostics.map((d) => [d.code, d.data])).toEqual([['wire/too-long', { length, limit: length - 1 }]]);
  });

  it('rejects options it does not know', () => {
    expect(thrown(() => queryBuilder(shop, { limit: 5 } as never)).diagnostics.map((d) => [d.code, d.data?.['name']])).toEqual([['api/bad-argument', 'options.limit']]);
    const misspelt = thrown(() => queryBuilder(shop, { limits: { maxList: 5 } } as never));
    expect(misspelt.diagnostics.map((d) => d.data?.['name'])).toEqual(['options.limits.maxList']);
    expect(misspelt.diagnostics[0]?.message).toContain('Did you mean "maxListLength"?');
    expect(thrown(() => queryBuilder(shop, { Limits: {} } as never)).diagnostics[0]?.message).toContain('Did you mean "limits"?');
    expect(thrown(() => queryBuilder(shop, { fast: true } as never)).diagnostics[0]?.message).not.toContain('Did you mean');
    expect(thrown(() => queryBuilder(shop, { limits: { maxClauses: -1 } })).diagnostics.map((d) => d.data?.['name'])).toEqual(['options.limits.maxClauses']);
    expect(thrown(() => queryBuilder(shop, 'fast' as never)).diagnostics.map((d) => d.code)).toEqual(['api/bad-argument']);
  });
});

describe('the typed operator table of the builder', () => {
  it('is the operator table of catq for every attribute type', () => {
    for (const type of ATTRIBUTE_TYPES) expect([...OPERATORS_BY_TYPE[type]], type).toEqual(operatorsFor(type));
  });
});
