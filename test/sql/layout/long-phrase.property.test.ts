/**
 * Property: a long `matches-phrase` on the search layout lists the evaluator's items. Such a
 * phrase is found by a few of its pairs in the terms index and decided by its token sequence
 * (compile-clause.ts), so the case that matters is an item holding every pair of the phrase, or
 * the pairs the index looks for, but not the phrase: texts here are long runs over a vocabulary
 * of four words, so most pairs occur in most items. Half of the phrases are cut from an item's
 * text (they match), half are drawn from the same words. On PGlite and the PostgreSQL server,
 * with the page's walk (rows already read) and without it, and with terms too small for the
 * longer words (then the pairs cannot find rows and the token sequence alone decides).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../../src/catalog/index.js';
import { listItems } from '../../../src/eval/index.js';
import { itemId } from '../../../src/listing/index.js';
import { layoutListSql, searchLayout } from '../../../src/sql/index.js';
import { decode } from '../../../src/wire/index.js';
import { loadGroup, startLayoutEngines, type LayoutEngine } from './engines.js';

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

let engines: LayoutEngine[] = [];
beforeAll(async () => {
  engines = await startLayoutEngines();
}, 60_000);
afterAll(async () => {
  for (const e of engines) await e.close();
});

describe('long matches-phrase on the search layout', () => {
  it.each([
    ['default policy, no walk', {}, 1000],
    ['default policy, a walk of 3 rows', {}, 3],
    ['terms of 16 bytes, a walk of 5 rows', { termBytes: 16 }, 5],
  ] as const)('generated phrases of 5 to 14 words list the evaluator\'s ids (%s)', async (_name, policy, walkRows) => {
    const layout = searchLayout(catalog, policy);
    const [texts] = fc.sample(fc.array(textArb, { minLength: 120, maxLength: 120 }), { seed: 0x9f1a5e, numRuns: 1 }) as [string[]];
    const items = texts.map((title, id) => ({ id, title }));
    const cut = fc.tuple(fc.integer({ min: 0, max: items.length - 1 }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 5, max: 14 })).map(([i, from, n]) => {
      const toks = tokensOf(texts[i] as string);
      return toks.slice(Math.min(from, Math.max(0, toks.length - n)), Math.min(from, Math.max(0, toks.length - n)) + n).join(' ');
    });
    const drawn = fc.array(fc.constantFrom(...WORDS), { minLength: 5, maxLength: 14 }).map((ws) => ws.join(' '));
    const phrases = fc.sample(fc.oneof(cut, drawn), { seed: 0x51ab, numRuns: 150 });
    let matched = 0;
    let missed = 0;
    for (const e of engines) {
      expect(await loadGroup(e, 'phr', layout, items)).toEqual([]);
      try {
        for (const phrase of phrases) {
          const wire = [[['matches-phrase', 'title'], phrase]];
          const ref = listItems(items, catalog, { q: JSON.stringify(wire), limit: 1000 }).response!.Items.map((it) => it.Id);
          const q = decode(wire).query!;
          const l = layoutListSql(q, layout, { limit: 1000 }, { table: 'search_phr', rawTable: 'raw_phr', walkRows });
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
