/**
 * Property: on generated catalogs, messy items (nasty Unicode outside the BMP, mixed types,
 * nulls, huge and tiny numbers) and valid queries, the search layout's pages equal the
 * evaluator's listItems pages, walked forward and back from a generated boundary, on PGlite
 * and the PostgreSQL server; and the same through the raw fallback (no attribute backfilled).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchLayout } from '../../../src/sql/index.js';
import { caseArbWith, queryArb, queryHints, toWireArray } from '../../support/case-arbitrary.js';
import { itemsArb } from '../../support/item-arbitrary.js';
import { listItems } from '../../../src/eval/index.js';
import { itemId } from '../../../src/listing/index.js';
import { layoutListSql } from '../../../src/sql/index.js';
import { CONFORMANCE_CATALOG } from '../../fixtures/conformance.js';
import { loadGroup, useLayoutEngines } from './engines.js';
import { walkPages } from './pages.js';
import { propertySeed, propertyRuns } from '../../support/property-runs.js';

const engines = useLayoutEngines();

type Params = Record<string, unknown>;
let groups = 0;

describe('search layout pages equal listItems pages', () => {
  it('generated cases on PGlite and the PostgreSQL server', async () => {
    const caseWithParams = caseArbWith({ maxItems: 14, maxClauses: 3 }).chain((c) => {
      const ids = c.items.map((it) => it[c.catalog.Aliases.Id]).filter((v) => (typeof v === 'string' && v !== '') || typeof v === 'number');
      const boundary = fc.oneof(fc.constantFrom(...(ids.length ? ids : [0])), fc.constantFrom(-1, 0, 5.5, 1e21, 'a', '\u{1F600}', '\uFFFF', '\uDC00', 'a\u0000'));
      const params = fc.record(
        { 'boundary-id': boundary, comparison: fc.constantFrom('>', '>=', '<', '<='), limit: fc.integer({ min: 1, max: 4 }) },
        { requiredKeys: ['limit'] },
      );
      // walkRows 1-3: most pages need the second part of the statement (rows past the walk).
      // listedOnly: rows carry only the listed form's keys (as layoutListItems reads them).
      // oldRows: rows written before the listed form's column existed (NULL there) are read from the raw table.
      return fc
        .tuple(params, fc.boolean(), fc.constantFrom(undefined, 1, 2, 3), fc.boolean(), fc.constantFrom('none', 'some', 'all'))
        .map(([p, raw, walkRows, listedOnly, oldRows]) => ({ c, p: p as Params, raw, walkRows, listedOnly, oldRows }));
    });
    let walked = 0;
    await fc.assert(
      fc.asyncProperty(caseWithParams, async ({ c, p, raw, walkRows, listedOnly, oldRows }) => {
        const g = `p${++groups}`;
        const layout = searchLayout(c.catalog);
        if (p['comparison'] !== undefined && p['boundary-id'] === undefined) delete p['comparison'];
        // The database holds JSON text, where -0 is written 0: compare with what it holds.
        const stored = JSON.parse(JSON.stringify(c.items)) as unknown[];
        for (const e of engines) {
          expect(await loadGroup(e, g, layout, stored)).toEqual([]);
          if (oldRows !== 'none') await e.exec(`UPDATE "search_${g}" SET "${layout.listed.column}" = NULL${oldRows === 'some' ? ' WHERE length(item_key) % 2 = 0' : ''}`);
          // Every row holds its listed column: say so (listedFilled), and the statements read no raw row for it.
          const filled = listedOnly && oldRows === 'none' ? { listedFilled: true } : {};
          walked += await walkPages(e, g, layout, c.query, c.wire, stored, p, { ...(raw ? { backfilled: [] } : {}), ...(walkRows ? { walkRows } : {}), listedOnly, ...filled });
          await e.exec(`DROP TABLE "search_${g}"; DROP TABLE "raw_${g}"`);
        }
      }),
      { seed: propertySeed(0x1a7047), numRuns: propertyRuns(80) },
    );
    expect(walked).toBeGreaterThan(200);
  }, 600_000);
});

describe('search layout listings on one catalog of every type and cardinality', () => {
  // The tiny policy cuts most strings to their 8-code-point key and leaves most terms out of the GIN terms, so the exact rechecks run.
  it.each([
    ['default policy', {}, undefined],
    ['tiny keys and terms', { prefixLength: 8, termBytes: 16 }, undefined],
    ['a walk of 7 rows, then the clause indexes', {}, 7],
    ['every value B-tree without the id keys, a walk of 7 rows', { attributes: Object.fromEntries((CONFORMANCE_CATALOG.SearchableAttributes ?? []).map((a) => [a.Attribute, { idOrder: false, valueIndex: true }])) }, 7],
    ['every value B-tree with the id keys (booleans too), a walk of 3 rows', { attributes: Object.fromEntries((CONFORMANCE_CATALOG.SearchableAttributes ?? []).map((a) => [a.Attribute, { valueIndex: true }])) }, 3],
  ] as const)('400 generated queries over 300 generated items list the evaluator\'s ids, in order (%s)', async (_name, policy, walkRows) => {
    const catalog = CONFORMANCE_CATALOG;
    const layout = searchLayout(catalog, policy);
    const keys = (catalog.SearchableAttributes ?? []).map((a) => a.Attribute);
    const queries = fc.sample(queryArb(catalog, 3, 1), { seed: propertySeed(0x2b0d), numRuns: propertyRuns(400) });
    const hints = new Map<string, unknown[]>();
    for (const q of queries) for (const [k, v] of queryHints(q, catalog)) hints.set(k, [...(hints.get(k) ?? []), ...v]);
    const items = JSON.parse(JSON.stringify(fc.sample(itemsArb(catalog.Aliases.Id, keys, { minLength: 300, maxLength: 300, hints }), { seed: propertySeed(0x17e5), numRuns: propertyRuns(1) })[0])) as unknown[];
    let matched = 0;
    for (const e of engines) {
      expect(await loadGroup(e, 'all', layout, items)).toEqual([]);
      try {
      for (const q of queries) {
        const wire = toWireArray(q);
        const ref = listItems(items, catalog, { q: wire, limit: 1000 }).response!.Items.map((it) => it.Id);
        const l = layoutListSql(q, layout, { limit: 1000 }, { table: 'search_all', rawTable: 'raw_all', ...(walkRows ? { walkRows } : {}) });
        let rows = await e.query(l.sql, l.params);
        if (rows.length <= l.limit) rows = await e.query(l.rest.sql, l.rest.params);
        const got = rows.map((r) => itemId(r['data'], catalog));
        expect({ engine: e.name, wire, got }).toEqual({ engine: e.name, wire, got: ref });
        matched += ref.length;
      }
      } finally {
        await e.exec(`DROP TABLE search_all; DROP TABLE raw_all`);
      }
    }
    expect(matched).toBeGreaterThan(1000);
  }, 600_000);
});
