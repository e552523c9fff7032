import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listItems } from '../../src/eval/index.js';
import { compareIds, itemId, type ItemId, type ListPage, type Scope } from '../../src/listing/index.js';
import { filter } from '../../src/eval/index.js';
import { caseArbWith } from '../support/case-arbitrary.js';
import { idArb } from '../support/item-arbitrary.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

const page = (items: readonly unknown[], catalog: Parameters<typeof listItems>[1], params: unknown): ListPage => {
  const r = listItems(items, catalog, params);
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r.response!;
};
const ids = (p: ListPage) => p.Items.map((i) => i.Id);

describe('cursor pagination', () => {
  it('walking NextQuery then PrevQuery visits every match exactly once, in order, from any start', () => {
    fc.assert(
      fc.property(
        caseArbWith({ maxItems: 30, minItems: 0, minClauses: 0 }),
        fc.integer({ min: 1, max: 6 }),
        fc.option(fc.tuple(idArb.filter((id) => id !== ''), fc.constantFrom('>', '>=', '<', '<=', undefined)), { nil: undefined }),
        ({ catalog, items, query: q, wire }, limit, start) => {
          const expected = filter(items, q, catalog)
            .map((i) => itemId(i, catalog))
            .filter((x): x is ItemId => x !== undefined)
            .sort(compareIds);
          const first: Record<string, unknown> = { q: wire, limit };
          if (start) {
            first['boundary-id'] = start[0];
            if (start[1]) first['comparison'] = start[1];
          }
          const p0 = page(items, catalog, first);
          expect(p0.Items.length).toBeLessThanOrEqual(limit);
          // Forward from the start page.
          const forward: ItemId[] = [...ids(p0)];
          let next: Scope | undefined = p0.NextQuery;
          for (let guard = 0; next && guard < 100; guard++) {
            const p = page(items, catalog, next);
            expect(p.Items.length).toBeGreaterThan(0);
            forward.push(...ids(p));
            next = p.NextQuery;
          }
          // Backward from the start page.
          const backward: ItemId[][] = [];
          let prev: Scope | undefined = p0.PrevQuery;
          for (let guard = 0; prev && guard < 100; guard++) {
            const p = page(items, catalog, prev);
            expect(p.Items.length).toBeGreaterThan(0);
            backward.unshift(ids(p));
            prev = p.PrevQuery;
          }
          expect([...backward.flat(), ...forward]).toEqual(expected);
        },
      ),
      { seed: propertySeed(0x5eed0405), numRuns: propertyRuns(300) },
    );
  });

  it('from the last page, the PrevQuery chain visits every match exactly once in reverse', () => {
    fc.assert(
      fc.property(caseArbWith({ maxItems: 30, minClauses: 0 }), fc.integer({ min: 1, max: 5 }), ({ catalog, items, wire }, limit) => {
        let p = page(items, catalog, { q: wire, limit });
        const forward = [...ids(p)];
        while (p.NextQuery) {
          p = page(items, catalog, p.NextQuery);
          forward.push(...ids(p));
        }
        const back = [...ids(p)].reverse();
        while (p.PrevQuery) {
          p = page(items, catalog, p.PrevQuery);
          expect(p.Items.length).toBe(limit); // every page before the last is full
          back.push(...[...ids(p)].reverse());
        }
        expect(back).toEqual([...forward].reverse());
        expect(new Set(forward.map((x) => `${typeof x}:${String(x)}`)).size).toBe(forward.length);
      }),
      { seed: propertySeed(0x5eed0406), numRuns: propertyRuns(300) },
    );
  });

  it('through URL parameters (every value text), the NextQuery and PrevQuery chains visit every item once, ids that read as numbers or quoted strings included', () => {
    const catalog = { Id: 100, Name: 'c', Type: 'Product' as const, Aliases: { Id: 'id' }, SearchableAttributes: [] };
    // Strings that are the text of a number, or a JSON string literal, next to the numbers they read as.
    const urlIdArb = fc.oneof(
      fc.constantFrom<ItemId>(5, 12, -1.5, 1e21, 0, '5', '12', '-1.5', '1e+21', '0', '05', '"12"', '"x"', '"', '""', 'x', '"a', 'a"'),
      fc.integer({ min: -20, max: 20 }).map(String),
      idArb.filter((id) => id !== ''),
    );
    const asUrl = (params: object) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    fc.assert(
      fc.property(fc.uniqueArray(urlIdArb, { maxLength: 25, selector: (id) => `${typeof id}:${String(id)}` }), fc.integer({ min: 1, max: 4 }), (idList, limit) => {
        const items = idList.map((id) => ({ id }));
        const expected = [...idList].sort(compareIds);
        let p = page(items, catalog, asUrl({ limit }));
        const forward = [...ids(p)];
        for (let guard = 0; p.NextQuery; guard++) {
          expect(guard).toBeLessThan(30);
          p = page(items, catalog, asUrl(p.NextQuery));
          forward.push(...ids(p));
        }
        expect(forward).toEqual(expected);
        const back = [...ids(p)].reverse();
        for (let guard = 0; p.PrevQuery; guard++) {
          expect(guard).toBeLessThan(30);
          p = page(items, catalog, asUrl(p.PrevQuery));
          back.push(...[...ids(p)].reverse());
        }
        expect(back).toEqual([...expected].reverse());
      }),
      { seed: propertySeed(0x5eed0407), numRuns: propertyRuns(300) },
    );
  });

  it('writes a string boundary that reads as another id as its JSON literal, only from URL parameters', () => {
    const catalog = { Id: 100, Name: 'c', Type: 'Product' as const, Aliases: { Id: 'id' }, SearchableAttributes: [] };
    const items = [{ id: 12 }, { id: '11' }, { id: '12' }, { id: '"q"' }, { id: 'x' }];
    // In code point order: 12, "q" (a quote is below the digits), 11, 12, x.
    const first = page(items, catalog, new URLSearchParams({ limit: '3' }));
    expect(ids(first)).toEqual([12, '"q"', '11']);
    expect(first.NextQuery).toEqual({ 'boundary-id': '"11"', comparison: '>', limit: 3, order: 'asc' });
    const next = page(items, catalog, new URLSearchParams({ limit: '3', 'boundary-id': '"11"' }));
    expect(ids(next)).toEqual(['12', 'x']);
    expect(next.Metadata.Scope['boundary-id']).toBe('"11"');
    expect(next.PrevQuery).toEqual({ 'boundary-id': '"12"', comparison: '<', limit: 3, order: 'asc' });
    const before = page(items, catalog, new URLSearchParams({ limit: '2', 'boundary-id': '"12"', comparison: '<' }));
    expect(ids(before)).toEqual(['"q"', '11']);
    expect(before.PrevQuery?.['boundary-id']).toBe('"\\"q\\""');
    // Without quotes, the text of a number is the number: the page after the number 12.
    expect(ids(page(items, catalog, new URLSearchParams({ limit: '2', 'boundary-id': '12' })))).toEqual(['"q"', '11']);
    // Typed parameters keep ids as they are (nothing is read from text).
    expect(page(items, catalog, { limit: 2, 'boundary-id': 12 }).NextQuery?.['boundary-id']).toBe('11');
  });

  it('Scope echoes the parameters in effect; Next/Prev only when there is more', () => {
    const catalog = { Id: 100, Name: 'c', Type: 'Product' as const, Aliases: { Id: 'id' }, SearchableAttributes: [] };
    const items = [{ id: 3 }, { id: 1 }, { id: 'a' }, { id: 2 }, { noid: 1 }];
    const p1 = page(items, catalog, { limit: 2 });
    expect(ids(p1)).toEqual([1, 2]);
    expect(p1.Metadata.Scope).toEqual({ limit: 2, order: 'asc' });
    expect(p1.PrevQuery).toBeUndefined();
    expect(p1.NextQuery).toEqual({ 'boundary-id': 2, comparison: '>', limit: 2, order: 'asc' });
    const p2 = page(items, catalog, p1.NextQuery);
    expect(ids(p2)).toEqual([3, 'a']);
    expect(p2.NextQuery).toBeUndefined();
    expect(p2.PrevQuery).toEqual({ 'boundary-id': 3, comparison: '<', limit: 2, order: 'asc' });
    expect(ids(page(items, catalog, { 'boundary-id': 'a', comparison: '<', limit: 2 }))).toEqual([2, 3]);
    expect(ids(page(items, catalog, { 'boundary-id': 2, comparison: '>=', limit: 10 }))).toEqual([2, 3, 'a']);
    // An empty page past the end turns the boundary around.
    const empty = page(items, catalog, { 'boundary-id': 'z', limit: 2 });
    expect(empty.Items).toEqual([]);
    expect(empty.NextQuery).toBeUndefined();
    expect(empty.PrevQuery).toEqual({ 'boundary-id': 'z', comparison: '<=', limit: 2, order: 'asc' });
  });
});
