import { afterEach, describe, expect, it } from 'vitest';
import { type Query } from '../../src/ast/index.js';
import { loadCatalog, resolveField, type Catalog } from '../../src/catalog/index.js';
import { validate } from '../../src/check/index.js';
import { listItems } from '../../src/eval/index.js';
import { itemUri, readListingParams, toListedItem } from '../../src/listing/index.js';
import { catalog } from '../check/fixture.js';

// Issue 14: every public function is total over hostile JavaScript values, reads own properties
// only, and copies what the caller owns instead of freezing it.

const throwing = (key: string, extra: Record<string, unknown> = {}) =>
  Object.defineProperty({ ...extra }, key, {
    enumerable: true,
    get() {
      throw new Error('boom');
    },
  });
const trap = () => {
  throw new Error('trap');
};
const hostileProxy = new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap });
const revoked = (() => {
  const r = Proxy.revocable({}, {});
  r.revoke();
  return r.proxy;
})();

describe('listItems and the listed form', () => {
  it('an id with a lone surrogate is listed with a Uri that has U+FFFD, never a URIError', () => {
    const r = listItems(JSON.parse('[{"sku":"\\ud800"}]') as unknown[], catalog, {});
    expect(r.diagnostics).toEqual([]);
    expect(r.response?.Items).toEqual([{ Id: '\ud800', Type: 'Primary', Uri: 'itemdb://0/100/%EF%BF%BD', Name: '\ud800' }]);
    expect(itemUri('a\udc00b', catalog)).toBe('itemdb://0/100/a%EF%BF%BDb');
  });

  it('an empty id is not an id: the item is not listed, and boundary-id "" is an error', () => {
    const r = listItems([{ sku: '' }, { sku: 'a' }], catalog, {});
    expect(r.response?.Items.map((i) => i.Id)).toEqual(['a']);
    expect(toListedItem({ sku: '' }, catalog)).toBeUndefined();
    expect(readListingParams({ 'boundary-id': '' }).diagnostics.map((d) => d.code)).toEqual(['listing/bad-boundary-id']);
  });

  it('items with throwing getters, proxies and revoked proxies are not listed, and nothing throws', () => {
    const items = [throwing('sku'), throwing('title', { sku: 'x' }), hostileProxy, revoked, { sku: 'ok' }];
    const r = listItems(items, catalog, {});
    expect(r.diagnostics).toEqual([]);
    expect(r.response?.Items.map((i) => i.Id)).toEqual(['ok', 'x']);
    const filtered = listItems(items, catalog, { q: '[["color","red"]]' });
    expect(filtered.response?.Items).toEqual([]);
  });

  it('parameters with throwing getters or proxies give diagnostics', () => {
    for (const params of [throwing('limit'), hostileProxy, revoked, Object.create(null) as object]) {
      expect(() => listItems([{ sku: 'a' }], catalog, params)).not.toThrow();
    }
    expect(listItems([{ sku: 'a' }], catalog, throwing('limit')).diagnostics.length).toBeGreaterThan(0);
    expect(listItems([{ sku: 'a' }], catalog, Object.create(null) as object).response?.Items).toHaveLength(1);
  });

  it('URL parameters (all strings) read a numeric boundary-id as the number by default', () => {
    const items = [{ sku: 1 }, { sku: 2 }, { sku: 3 }];
    const page2 = listItems(items, catalog, new URLSearchParams('boundary-id=1&limit=1'));
    expect(page2.response?.Items.map((i) => i.Id)).toEqual([2]);
    expect(listItems(items, catalog, { 'boundary-id': '1', limit: '1' }).response?.Items.map((i) => i.Id)).toEqual([2]);
    // A typed Scope (NextQuery, limit a number) keeps a string id a string.
    const strings = [{ sku: '1' }, { sku: '2' }, { sku: 1 }];
    expect(listItems(strings, catalog, { 'boundary-id': '1', limit: 5 }).response?.Items.map((i) => i.Id)).toEqual(['2']);
    expect(listItems(strings, catalog, { 'boundary-id': '1', limit: '5' }, { numericStrings: false }).response?.Items.map((i) => i.Id)).toEqual(['2']);
  });
});

describe('validate over hand-built queries', () => {
  const hand = (operator: unknown, value: unknown): Query => ({ kind: 'query', clauses: [{ kind: 'clause', operator, field: 'labels', value }] }) as unknown as Query;

  it('an operator that is a null-prototype object, a symbol or a proxy is reported', () => {
    for (const op of [Object.create(null), Symbol('x'), hostileProxy, revoked]) {
      const ds = validate(hand(op, ['a']), catalog);
      expect(ds.map((d) => d.code)).toEqual(['wire/unknown-operator']);
    }
  });

  it('one-of holding a BigInt, a cycle, a throwing getter, a hole: diagnostics, no throw', () => {
    const cycle: unknown[] = ['a'];
    cycle.push(cycle);
    const sparse: unknown[] = ['a'];
    sparse.length = 3;
    for (const [i, v] of [[10n], ['a', 10n], [cycle], cycle, [throwing('x')], sparse, [hostileProxy], hostileProxy].entries()) {
      const ds = validate(hand('one-of', v), catalog);
      expect(ds.length, `case ${i}`).toBeGreaterThan(0);
      expect(ds.every((d) => typeof d.message === 'string')).toBe(true);
    }
    const price = (value: unknown): Query => ({ kind: 'query', clauses: [{ kind: 'clause', operator: '=', field: 'price', value }] }) as unknown as Query;
    for (const v of [10n, cycle, hostileProxy, throwing('x')]) expect(validate(price(v), catalog).length).toBeGreaterThan(0);
  });

  it('a query whose clauses array is a proxy or has throwing getters is reported', () => {
    const q = { kind: 'query', clauses: new Proxy([], { get: trap }) } as unknown as Query;
    expect(() => validate(q, catalog)).not.toThrow();
    const q2 = { kind: 'query', clauses: [throwing('operator', { kind: 'clause' })] } as unknown as Query;
    expect(validate(q2, catalog).length).toBeGreaterThan(0);
  });
});

describe('catalogs: own properties, copies, sparse arrays', () => {
  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>)['Brand'];
    delete (Object.prototype as Record<string, unknown>)['SearchableAttributes'];
  });

  it('alias paths resolve through own properties only', () => {
    const c: Catalog = { Id: 100, Name: 'c', Type: 'Product', Aliases: { Id: 'sku' }, SearchableAttributes: [{ Attribute: 'x', Type: 'String', Cardinality: 'One' }] };
    (Object.prototype as Record<string, unknown>)['Brand'] = { Id: 'x', Name: 'x' };
    expect(resolveField(c, 'Brand.Id')).toMatchObject({ ok: false, reason: 'alias-undefined' });
    const loaded = loadCatalog({ Id: 100, Name: 'c', Type: 'Product', Aliases: { Id: 'sku' }, SearchableAttributes: [{ Attribute: 'x', Type: 'String', Cardinality: 'One' }] }).catalog as Catalog;
    expect(resolveField(loaded, 'Brand.Id').ok).toBe(false);
    expect(validate({ kind: 'query', clauses: [{ kind: 'clause', operator: '=', field: 'Brand.Id', value: 'x' }] } as unknown as Query, loaded).map((d) => d.code)).toEqual(['schema/alias-undefined']);
    expect(toListedItem({ sku: 'a', x: 'b' }, loaded)).toEqual({ Id: 'a', Type: 'Primary', Uri: 'itemdb://0/100/a', Name: 'a' });
  });

  it('SearchableAttributes is read as an own property', () => {
    (Object.prototype as Record<string, unknown>)['SearchableAttributes'] = [{ Attribute: 'evil', Type: 'String', Cardinality: 'One' }];
    const c = { Id: 100, Name: 'c', Type: 'Product', Aliases: { Id: 'sku' } } as Catalog;
    expect(resolveField(c, 'evil').ok).toBe(false);
  });

  it('loadCatalog copies AllowedValues instead of freezing the caller\'s array', () => {
    const allowed = ['a', 'b'];
    const json = { Id: 100, Name: 'c', Type: 'Product', Aliases: { Id: 'sku' }, UIConfiguration: [{ Key: 'k', AllowedValues: allowed }] };
    const { catalog: c, diagnostics } = loadCatalog(json);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(c).toBeDefined();
    expect(Object.isFrozen(allowed)).toBe(false);
    expect(Object.isFrozen(json.UIConfiguration)).toBe(false);
    allowed.push('c');
    expect(c?.UIConfiguration?.[0]?.AllowedValues).toEqual(['a', 'b']);
  });

  it('a sparse SearchableAttributes of length 1e8 is rejected at once', () => {
    const attrs: unknown[] = [{ Attribute: 'x', Type: 'String', Cardinality: 'One' }];
    attrs.length = 1e8;
    const t0 = performance.now();
    const { catalog: c, diagnostics } = loadCatalog({ Id: 100, Name: 'c', Type: 'Product', Aliases: { Id: 'sku' }, SearchableAttributes: attrs });
    expect(c).toBeUndefined();
    expect(diagnostics.map((d) => d.code)).toContain('catalog/wrong-type');
    expect(diagnostics.length).toBeLessThan(10);
    // not a timing assertion of speed, a guard against the 15 s walk hanging the suite
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});

describe('listItems and filter over huge sparse arrays', () => {
  it('a sparse items array of length 2^32 - 1 lists what it holds (holes are not items)', () => {
    const items: unknown[] = [{ sku: 'b' }];
    items.length = 2 ** 32 - 1;
    items[7] = { sku: 'a' };
    const r = listItems(items, catalog, {});
    expect(r.response?.Items.map((i) => i.Id)).toEqual(['a', 'b']);
  });

  it('holes of an ordinary sparse array are skipped', () => {
    const items: unknown[] = [{ sku: 'a' }, , { sku: 'c' }]; // eslint-disable-line no-sparse-arrays
    expect(listItems(items, catalog, {}).response?.Items.map((i) => i.Id)).toEqual(['a', 'c']);
  });
});
