/**
 * Property: a `one-of` of many values on an array column lists the evaluator's items on the
 * search layout. Above 64 values, a page's walk (rows already read) probes the set by hash
 * through `unnest` instead of `&&` (compile-clause.ts, HASHED_SET), so the sets here straddle
 * that size: 40 to 160 values drawn from a small pool that the items draw from too (so rows do
 * match), with nasty members: strings outside the BMP, strings longer than the policy's prefix
 * (kept whole beside their cut keys), numbers of every size, booleans and numeric strings in the
 * Array elements. On PGlite and the PostgreSQL server, each query with a walk over every row
 * (the walk decides), a walk of 3 rows (the rest decides) and no walk.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../src/catalog/index.js';
import { listItems } from '../../../src/eval/index.js';
import { itemId } from '../../../src/listing/index.js';
import { layoutListSql, searchLayout } from '../../../src/sql/index.js';
import { decode } from '../../../src/wire/index.js';
import { loadGroup, useLayoutEngines } from './engines.js';
import { propertySeed, propertyRuns } from '../../support/property-runs.js';

const catalog: Catalog = {
  Id: 710,
  Name: 'sets',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 'id', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'tags', Type: 'String', Cardinality: 'Many' },
    { Attribute: 'sizes', Type: 'Number', Cardinality: 'Many' },
    { Attribute: 'parts', Type: 'Array', Cardinality: 'One' },
    { Attribute: 'refs', Type: 'Referenced', Cardinality: 'Many', ReferenceId: 900 },
  ],
} as unknown as Catalog;

// The policy's smallest prefix (8 code points): the longer strings are cut in the keys.
const POLICY = { prefixLength: 8 };
const LIMIT = 5;
const STRINGS = ['sale', 'Sale', 'new', '\u{1F600}', '\u{1D4D0}\u{1D4D1}x', 'a'.repeat(8), 'a'.repeat(9), 'a'.repeat(8) + 'b', 'ünïcödé-long-value', '42', '', ' '];
const NUMBERS = [0, -0, 1, 42, -7.5, 1e-300, 5e-324, 1.7976931348623157e308, -1e21, 2 ** 53, 0.1 + 0.2];
const str = fc.oneof(fc.constantFrom(...STRINGS), fc.string({ unit: 'grapheme', maxLength: 12 }));
const num = fc.oneof(fc.constantFrom(...NUMBERS), fc.integer({ min: -50, max: 50 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
const element = fc.oneof(str, num, fc.boolean(), fc.constant(null));
const listOr = <T>(a: fc.Arbitrary<T>) => fc.oneof(a, fc.array(a, { maxLength: 5 }));
const itemArb = fc.record(
  { tags: listOr(fc.oneof(str, num)), sizes: listOr(fc.oneof(num, str)), parts: fc.oneof(fc.array(element, { maxLength: 5 }), str), refs: listOr(fc.oneof(str, fc.integer({ min: 0, max: 60 }))) },
  { requiredKeys: [] },
);

/** A query: one-of of 40 to 160 distinct values on one attribute (or two such clauses), sometimes repeated. */
const setOf = <T>(a: fc.Arbitrary<T>) =>
  fc.tuple(fc.uniqueArray(a, { minLength: 40, maxLength: 160, comparator: 'SameValueZero' }), fc.boolean()).map(([v, twice]) => (twice ? [...v, ...v.slice(0, 10)] : v));
const queryArb = fc.oneof(
  setOf(str).map((v) => [[['one-of', 'tags'], v]]),
  setOf(num).map((v) => [[['one-of', 'sizes'], v]]),
  setOf(fc.oneof(str, num, fc.boolean())).map((v) => [[['one-of', 'parts'], v]]),
  setOf(fc.oneof(str, fc.integer({ min: 0, max: 200 }))).map((v) => [[['one-of', 'refs'], v]]),
  fc.tuple(setOf(str), setOf(num)).map(([a, b]) => [[['one-of', 'tags'], a], [['one-of', 'sizes'], b]]),
);

const engines = useLayoutEngines();

describe('one-of of many values on the search layout', () => {
  it('lists the evaluator\'s ids, with the walk probing by hash and without it', async () => {
    const layout = searchLayout(catalog, POLICY);
    const [drawn] = fc.sample(fc.array(itemArb, { minLength: 150, maxLength: 150 }), { seed: propertySeed(0x5e75), numRuns: propertyRuns(1) }) as [Record<string, unknown>[]];
    const items = drawn.map((it, id) => ({ id, ...it }));
    const queries = fc.sample(queryArb, { seed: propertySeed(0x0f5e7), numRuns: propertyRuns(60) });
    let hashed = 0;
    let matched = 0;
    let walked = 0;
    for (const e of engines) {
      expect(await loadGroup(e, 'set', layout, items)).toEqual([]);
      try {
        for (const wire of queries) {
          // A page of 5: a walk over every row fills it whenever 6 items match, and then decides.
          const ref = listItems(items, catalog, { q: JSON.stringify(wire), limit: LIMIT }).response!.Items.map((it) => it.Id);
          if (ref.length) matched++;
          const q = decode(wire).query!;
          for (const walkRows of [1000, 3]) {
            const l = layoutListSql(q, layout, { limit: LIMIT }, { table: 'search_set', rawTable: 'raw_set', walkRows });
            if (/unnest\(/.test(l.sql)) hashed++;
            let rows = await e.query(l.sql, l.params);
            if (rows.length <= l.limit) rows = await e.query(l.rest.sql, l.rest.params);
            else if (walkRows === 1000) walked++;
            // Both statements read one row past the page (whether there is a next page).
            const got = rows.slice(0, LIMIT).map((r) => itemId(r['data'], catalog));
            expect({ engine: e.name, wire, walkRows, got }).toEqual({ engine: e.name, wire, walkRows, got: ref });
          }
        }
      } finally {
        await e.exec('DROP TABLE search_set; DROP TABLE raw_set');
      }
    }
    // The hashed probe was compiled and run, the queries were not all empty, and walks filled pages.
    expect(hashed).toBeGreaterThan(20);
    expect(matched).toBeGreaterThan(20);
    expect(walked).toBeGreaterThan(10);
  }, 300_000);
});
