/**
 * Listing: walking pages with toMongoListing on mingo gives exactly the evaluator's listItems
 * pages (items, Scope, NextQuery, PrevQuery), forwards from the first page and backwards from
 * the last, on the conformance items and on generated cases.
 *
 * mingo sorts strings by UTF-16 code unit; MongoDB by code point. The walk runs on the
 * order-isomorphic image of the data (mingo-harness.ts) whenever the query has no text pattern,
 * which is MongoDB's order; with text patterns, on the data as is.
 */
import fc from 'fast-check';
import { Aggregator, Query as MingoQuery } from 'mingo';
import { describe, expect, it } from 'vitest';
import type { Query } from '../../src/ast/index.js';
import type { Catalog } from '../../src/catalog/index.js';
import { isQueryError } from '../../src/diagnostics/index.js';
import { listItems } from '../../src/eval/index.js';
import type { ListPage, Scope } from '../../src/listing/index.js';
import { mongoPage, toMongoListing, type MongoFilter, type MongoListingParams } from '../../src/mongo/index.js';
import { compareCodePoints } from '../../src/text/code-point-order.js';
import { caseArb } from '../support/case-arbitrary.js';
import { CONFORMANCE_CATALOG, CONFORMANCE_ITEMS, IDLESS_ITEMS } from '../fixtures/conformance.js';
import { hasTextPattern, imageOfFilter, imageOfValue, prefixedDocs, wireQuery } from './mingo-harness.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

/** One page on mingo: documents `{ _id: i, data: item }`. */
function mingoPage(items: readonly unknown[], catalog: Catalog, q: Query, params: MongoListingParams): ListPage {
  const ml = toMongoListing(q, catalog, params, { prefix: 'data' });
  const imaged = !hasTextPattern(ml.filter);
  const docs = imaged ? prefixedDocs(items).map(imageOfValue) : prefixedDocs(items);
  const prep = (f: MongoFilter) => (imaged ? (imageOfFilter(f) as MongoFilter) : f);
  const pipeline = ml.pipeline.map((stage) => (stage['$match'] ? { $match: prep(stage['$match'] as MongoFilter) } : stage));
  const fetched = new Aggregator(pipeline as Record<string, unknown>[]).run(docs);
  if (ml.sort) {
    // find + sort + limit must give the same documents as the pipeline.
    const viaFind = new MingoQuery(prep(ml.filter) as Record<string, unknown>).find(docs).sort({ ...ml.sort }).limit(ml.fetch).all();
    expect(viaFind).toEqual(fetched);
  }
  const far = ml.farSide ? new MingoQuery(prep(ml.farSide) as Record<string, unknown>).find(docs).limit(1).all().length > 0 : false;
  // Back to the original items (the image only served the engine's comparisons).
  const originals = fetched.map((d) => ({ data: items[(d as { _id: number })._id] }));
  return mongoPage(ml, originals, far, catalog);
}

function paramsOf(scope: Scope | undefined): MongoListingParams {
  const p: { -readonly [K in keyof MongoListingParams]: MongoListingParams[K] } = {};
  if (scope?.['boundary-id'] !== undefined) p.boundary = scope['boundary-id'];
  if (scope?.comparison !== undefined) p.comparison = scope.comparison;
  if (scope?.limit !== undefined) p.limit = scope.limit;
  return p;
}

/** Walks forward from the first page and back from the last; compares every page. Returns the page count. */
function walk(items: readonly unknown[], catalog: Catalog, q: Query, limit: number): number {
  let scope: Scope | undefined = { limit, order: 'asc' };
  let pages = 0;
  let last: ListPage | undefined;
  for (const direction of ['NextQuery', 'PrevQuery'] as const) {
    if (direction === 'PrevQuery') scope = last ? { limit, order: 'asc', 'boundary-id': lastId(last) ?? 0, comparison: '<=' } : undefined;
    while (scope && pages < 200) {
      const params = paramsOf(scope);
      const expected = listItems(items, catalog, { q, ...wireParams(params) });
      const got = mingoPage(items, catalog, q, params);
      expect(got).toEqual(expected.response);
      pages++;
      last = got;
      scope = got[direction];
    }
  }
  return pages;
}

/** Whether mingo's UTF-16 order of the items' string ids differs from code point order (MongoDB's). */
function mingoReordersIds(items: readonly Record<string, unknown>[], catalog: Catalog): boolean {
  const ids = items.map((it) => it[catalog.Aliases.Id]).filter((v): v is string => typeof v === 'string');
  const utf16 = [...ids].sort();
  const codePoints = [...ids].sort(compareCodePoints);
  return utf16.some((id, i) => id !== codePoints[i]);
}

function lastId(page: ListPage): string | number | undefined {
  return page.Items[page.Items.length - 1]?.Id;
}

function wireParams(p: MongoListingParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (p.boundary !== undefined) out['boundary-id'] = p.boundary;
  if (p.comparison !== undefined) out['comparison'] = p.comparison;
  if (p.limit !== undefined) out['limit'] = p.limit;
  return out;
}

describe('toMongoListing on mingo equals listItems', () => {
  const items = [...CONFORMANCE_ITEMS, ...IDLESS_ITEMS];
  for (const limit of [1, 3, 7, 100]) {
    it(`walks the conformance items with limit ${limit}`, () => {
      expect(walk(items, CONFORMANCE_CATALOG, wireQuery([]), limit)).toBeGreaterThan(0);
      walk(items, CONFORMANCE_CATALOG, wireQuery([[['present?', 'tag'], true]]), limit);
      walk(items, CONFORMANCE_CATALOG, wireQuery([[['matches', 'text'], 'red']]), limit);
    });
  }

  for (const comparison of ['>', '>=', '<', '<='] as const) {
    for (const boundary of [0, 5, 1e308, 'K', 'k-\uFFFD', 'zzz', -1]) {
      it(`one page ${comparison} ${JSON.stringify(boundary)}`, () => {
        const q = wireQuery([]);
        const params = { boundary, comparison, limit: 4 };
        expect(mingoPage(items, CONFORMANCE_CATALOG, q, params)).toEqual(listItems(items, CONFORMANCE_CATALOG, { q, ...wireParams(params) }).response);
      });
    }
  }

  it('generated cases', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 6 }), (c, limit) => {
        // A query with a text pattern runs on the data as is, where mingo sorts string ids by
        // UTF-16 code unit (docs/backends.md, "mingo"): a case whose ids mingo orders otherwise
        // than MongoDB (k-😀 before k-\uFFFF) says nothing about catq there.
        const textQuery = c.query.clauses.some((cl) => cl.operator === 'matches' || cl.operator === 'matches-phrase');
        fc.pre(!(textQuery && mingoReordersIds(c.items, c.catalog)));
        walk(c.items, c.catalog, c.query, limit);
      }),
      { seed: propertySeed(0x5eed1157), numRuns: propertyRuns(150) },
    );
  });

  it('refuses bad windows and an id key that a sort document cannot name', () => {
    const q = wireQuery([]);
    const codes = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        if (isQueryError(e)) return e.diagnostics.map((d) => d.code);
        throw e;
      }
      return [];
    };
    expect(codes(() => toMongoListing(q, CONFORMANCE_CATALOG, { limit: 0 }))).toEqual(['listing/limit-out-of-range']);
    expect(codes(() => toMongoListing(q, CONFORMANCE_CATALOG, { limit: 1001 }))).toEqual(['listing/limit-out-of-range']);
    expect(codes(() => toMongoListing(q, CONFORMANCE_CATALOG, { comparison: '<' }))).toEqual(['listing/comparison-without-boundary']);
    expect(codes(() => toMongoListing(q, CONFORMANCE_CATALOG, { boundary: NaN }))).toEqual(['listing/bad-boundary-id']);
  });

  it('sorts through the pipeline when the id key cannot be named in a sort document', () => {
    for (const key of ['a.b', '$id', '', '__proto__']) {
      const catalog: Catalog = { ...CONFORMANCE_CATALOG, Aliases: { Id: key } };
      const items = [3, 'b', 1, '\u{1F600}', '\uFFFD', 2, 'a'].map((id) => JSON.parse(JSON.stringify({ [key]: id })));
      expect(toMongoListing(wireQuery([]), catalog, {}).sort).toBeUndefined();
      expect(walk(items, catalog, wireQuery([]), 2)).toBeGreaterThan(3);
    }
  });
});
