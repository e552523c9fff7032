/**
 * Property: for generated catalogs, messy items and valid queries (caseArb, shared with the
 * evaluator and SQL tests), the items toMongo's filter selects on mingo are exactly the items the
 * evaluator matches.
 *
 * "MongoDB model": each clause's filter is run on mingo, under code point string order (the
 * order-isomorphic rewrite of mingo-harness.ts) unless it holds a text pattern, and the clause
 * results are ANDed, as `$and` does. It must always agree with the evaluator. Plain mingo runs
 * the whole filter; it must agree too, except on queries that order strings (mingo compares
 * UTF-16 code units, MongoDB code points; docs/backends.md).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { query, type Query } from '../../src/ast/index.js';
import type { Catalog } from '../../src/catalog/index.js';
import { compile } from '../../src/eval/index.js';
import { toMongo, type MongoOptions } from '../../src/mongo/index.js';
import { caseArb, caseArbWith, type EvalCase } from '../support/case-arbitrary.js';
import { hasTextPattern, imageOfFilter, imageOfValue, mingoMatches, ordersStrings, prefixedDocs, toDocumentValue } from './mingo-harness.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

interface Setup {
  readonly items: readonly unknown[];
  readonly docs: readonly unknown[];
  readonly options: MongoOptions;
}

function setupsOf(items: readonly unknown[]): Setup[] {
  const objects = items.filter((i) => i !== null && typeof i === 'object' && !Array.isArray(i));
  return [
    { items: objects, docs: objects.map((d) => toDocumentValue(d)), options: {} },
    { items, docs: prefixedDocs(items), options: { prefix: 'data' } },
  ];
}

/** The indexes the evaluator matches. */
function evalIndexes(q: Query, catalog: Catalog, items: readonly unknown[]): number[] {
  const p = compile(q, catalog);
  return items.flatMap((it, i) => (p(it) ? [i] : []));
}

/** The MongoDB model: clause by clause, code point string order where no text pattern is involved. */
function modelIndexes(q: Query, catalog: Catalog, s: Setup): number[] {
  let keep = s.items.map((_, i) => i);
  for (const c of q.clauses) {
    const f = toMongo(query([c]), catalog, s.options);
    const hit = new Set(hasTextPattern(f) ? mingoMatches(f, s.docs) : mingoMatches(imageOfFilter(f) as typeof f, s.docs.map(imageOfValue)));
    keep = keep.filter((i) => hit.has(i));
  }
  return keep;
}

const stats = { cases: 0, clauses: 0, matched: 0, stringOrderCases: 0, plainDiffered: 0 };

/** Checks one case; returns nothing, fails by throwing (fast-check shrinks it). */
function checkCase(c: EvalCase): void {
  stats.cases++;
  stats.clauses += c.query.clauses.length;
  const orders = ordersStrings(c.query);
  if (orders) stats.stringOrderCases++;
  for (const s of setupsOf(c.items)) {
    const expected = evalIndexes(c.query, c.catalog, s.items);
    stats.matched += expected.length;
    expect(modelIndexes(c.query, c.catalog, s)).toEqual(expected);
    const plain = mingoMatches(toMongo(c.query, c.catalog, s.options), s.docs);
    if (!orders) expect(plain).toEqual(expected);
    else if (JSON.stringify(plain) !== JSON.stringify(expected)) stats.plainDiffered++;
  }
}

describe('toMongo on mingo equals the evaluator', () => {
  afterAll(() => console.log('mongo equivalence:', JSON.stringify(stats)));

  it('generated cases (caseArb)', () => {
    fc.assert(fc.property(caseArb, checkCase), { seed: propertySeed(0x5eed6060), numRuns: propertyRuns(300) });
  });

  it('generated cases with more clauses and items', () => {
    fc.assert(fc.property(caseArbWith({ maxItems: 40, maxClauses: 5 }), checkCase), { seed: propertySeed(0x5eed6061), numRuns: propertyRuns(100) });
  });
});
