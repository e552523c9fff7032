/**
 * Property: a long `matches-phrase` on the search layout lists the evaluator's items. Such a
 * phrase is found by a few of its pairs in the terms index and decided by its token sequence
 * (compile-clause.ts), so the case that matters is an item holding every pair of the phrase, or
 * the pairs the index looks for, but not the phrase: texts here are long runs over a vocabulary
 * of four words, so most pairs occur in most items. Half of the phrases are cut from an item's
 * text (they match), half are drawn from the same words. On PGlite and the PostgreSQL server,
 * with the page's walk (rows already read) and without it, and with terms too small for the
 * longer words (then the pairs cannot find rows and the token sequence alone decides), and with
 * the `commonTerms` option naming most or half of the pairs (the index then looks for the others).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../src/catalog/index.js';
import { listItems } from '../../../src/eval/index.js';
import { itemId } from '../../../src/listing/index.js';
import { layoutCommonTerms, layoutListItems, layoutListSql, layoutTermStatisticsSql, searchLayout } from '../../../src/sql/index.js';
import { decode } from '../../../src/wire/index.js';
import { loadGroup, useLayoutEngines } from './engines.js';
import { propertySeed, propertyRuns } from '../../support/property-runs.js';

const catalog: Catalog = {
  Id: 700,
  Name: 'phrases',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 'id', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
  ],
} as unknown as Catalog;

// Four words, one of them outside the BMP and one long (above the tiny policy's 16 term bytes in a pair).
const WORDS = ['red', 'Shoe', '\u{1D4D0}x', 'waterproofing'];
const SEPARATORS = [' ', ', ', ' -- ', '\n'];

const textArb = fc
  .array(fc.tuple(fc.integer({ min: 0, max: WORDS.length - 1 }), fc.constantFrom(...SEPARATORS)), { minLength: 6, maxLength: 40 })
  .map((parts) => parts.map(([w, s]) => WORDS[w] + s).join(''));

const tokensOf = (text: string): string[] => text.match(/[\p{L}\p{M}\p{Nd}]+/gu) ?? [];

const engines = useLayoutEngines();

describe('long matches-phrase on the search layout', () => {
  // "Common" terms (the commonTerms option, as PostgreSQL's statistics would give them): the
  // index then looks for the other pairs only, and the token sequence still decides.
  const pairs = WORDS.flatMap((a) => WORDS.map((b) => `${a.toLowerCase()} ${b.toLowerCase()}`));
  const allButOne = new Map([['title', new Set(pairs.slice(1))]]);
  const half = new Map([['title', new Set(pairs.filter((_, i) => i % 2 === 0))]]);
  it.each([
    ['default policy, no walk', {}, 1000, undefined],
    ['default policy, a walk of 3 rows', {}, 3, undefined],
    ['terms of 16 bytes, a walk of 5 rows', { termBytes: 16 }, 5, undefined],
    ['every pair but one common, no walk', {}, 1000, allButOne],
    ['half the pairs common, terms of 16 bytes, no walk', { termBytes: 16 }, 1000, half],
  ] as const)('generated phrases of 5 to 14 words list the evaluator\'s ids (%s)', async (_name, policy, walkRows, commonTerms) => {
    const layout = searchLayout(catalog, policy);
    const [texts] = fc.sample(fc.array(textArb, { minLength: 120, maxLength: 120 }), { seed: propertySeed(0x9f1a5e), numRuns: propertyRuns(1) }) as [string[]];
    const items = texts.map((title, id) => ({ id, title }));
    const cut = fc.tuple(fc.integer({ min: 0, max: items.length - 1 }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 5, max: 14 })).map(([i, from, n]) => {
      const toks = tokensOf(texts[i] as string);
      return toks.slice(Math.min(from, Math.max(0, toks.length - n)), Math.min(from, Math.max(0, toks.length - n)) + n).join(' ');
    });
    const drawn = fc.array(fc.constantFrom(...WORDS), { minLength: 5, maxLength: 14 }).map((ws) => ws.join(' '));
    const phrases = fc.sample(fc.oneof(cut, drawn), { seed: propertySeed(0x51ab), numRuns: propertyRuns(150) });
    let matched = 0;
    let missed = 0;
    for (const e of engines) {
      expect(await loadGroup(e, 'phr', layout, items)).toEqual([]);
      try {
        for (const phrase of phrases) {
          const wire = [[['matches-phrase', 'title'], phrase]];
          const ref = listItems(items, catalog, { q: JSON.stringify(wire), limit: 1000 }).response!.Items.map((it) => it.Id);
          const q = decode(wire).query!;
          const l = layoutListSql(q, layout, { limit: 1000 }, { table: 'search_phr', rawTable: 'raw_phr', walkRows, ...(commonTerms ? { commonTerms } : {}) });
          let rows = await e.query(l.sql, l.params);
          if (rows.length <= l.limit) rows = await e.query(l.rest.sql, l.rest.params);
          const got = rows.map((r) => itemId(r['data'], catalog));
          expect({ engine: e.name, phrase, got }).toEqual({ engine: e.name, phrase, got: ref });
          if (ref.length) matched++;
          else missed++;
        }
      } finally {
        await e.exec('DROP TABLE search_phr; DROP TABLE raw_phr');
      }
    }
    // Both kinds occur: phrases that match some items, and phrases whose pairs are all in items that do not hold them.
    expect(matched).toBeGreaterThan(50);
    expect(missed).toBeGreaterThan(50);
  }, 300_000);
});

describe('the most common terms from the statistics', () => {
  it('layoutTermStatisticsSql reads them after ANALYZE, and a long phrase is then found by its rare pairs only', async () => {
    const layout = searchLayout(catalog);
    // Most titles repeat "red shoe"; one holds a rare run.
    const items = Array.from({ length: 400 }, (_, id) => ({ id, title: id === 7 ? 'red shoe waterproofing red shoe' : 'red shoe red shoe red shoe' }));
    const phrase = 'red shoe waterproofing red shoe';
    for (const e of engines) {
      expect(await loadGroup(e, 'st', layout, items)).toEqual([]);
      try {
        const st = layoutTermStatisticsSql(layout, { table: 'search_st' });
        expect(await e.query(st.sql, st.params)).toEqual([]); // never analyzed: no statistics
        await e.exec('ANALYZE search_st');
        // 400 rows: a term is common here from 100 rows (the default, 1000, is for tables of millions).
        const common = layoutCommonTerms(layout, await e.query(st.sql, st.params), { minRows: 100 });
        expect({ engine: e.name, common: [...(common.get('title') ?? [])].sort() }).toEqual({ engine: e.name, common: ['red', 'red shoe', 'shoe', 'shoe red'] });
        expect(layoutCommonTerms(layout, await e.query(st.sql, st.params))).toEqual(new Map()); // none in 1000 rows
        const q = decode([[['matches-phrase', 'title'], phrase]]).query!;
        const withStats = layoutListSql(q, layout, { limit: 10 }, { table: 'search_st', rawTable: 'raw_st', walkRows: 1000, commonTerms: common });
        const without = layoutListSql(q, layout, { limit: 10 }, { table: 'search_st', rawTable: 'raw_st', walkRows: 1000 });
        const termLists = (l: typeof without) => l.rest.params.filter((p): p is string[] => Array.isArray(p) && p.some((x) => typeof x === 'string' && x.includes(' ')) && !p.some((x) => typeof x === 'string' && x.startsWith(' ')));
        expect(termLists(without)).toEqual([['red shoe', 'shoe waterproofing', 'waterproofing red']]);
        expect(termLists(withStats)).toEqual([['shoe waterproofing', 'waterproofing red']]);
        for (const l of [withStats, without]) {
          const rows = await e.query(l.rest.sql, l.rest.params);
          expect(rows.map((r) => itemId(r['data'], catalog))).toEqual([7]);
        }
        // Found through rare pairs: the query is sparse, and layoutListItems runs the rest alone.
        expect([withStats.sparse, without.sparse]).toEqual([true, false]);
        for (const [commonTerms, statements] of [[common, 'r'], [undefined, 'wr']] as const) {
          const log: string[] = [];
          const run = async (sql: string, values: readonly unknown[]) => {
            log.push(/count\(\*\) OVER/.test(sql) ? 'r' : 'w');
            return e.query(sql, values);
          };
          const params = { q: JSON.stringify([[['matches-phrase', 'title'], phrase]]), limit: 10 };
          const got = await layoutListItems(run, layout, params, { table: 'search_st', rawTable: 'raw_st', walkRows: 100, ...(commonTerms ? { commonTerms } : {}) });
          expect({ engine: e.name, page: got.response, statements: log.join('') }).toEqual({ engine: e.name, page: listItems(items, catalog, params).response, statements });
        }
      } finally {
        await e.exec('DROP TABLE search_st; DROP TABLE raw_st');
      }
    }
  }, 120_000);
});
