/**
 * `layoutListItems` with a ListingMemory: a page of a `q` that earlier pages found to match at
 * most W items runs the rest statement alone; every page stays equal to the evaluator's
 * listItems, forward and back, on PGlite and the PostgreSQL server, whichever statement runs,
 * also when the items change under the memory (a rare query becoming common goes back to
 * walking at its next page).
 */
import { describe, expect, it } from 'vitest';
import { catalog as sampleCatalog, generateItems } from '../../../examples/generate.mjs';
import { SHAPES } from '../../../bench/scale-shapes.mjs';
import { loadCatalog, type Catalog } from '../../../src/catalog/index.js';
import { listItems } from '../../../src/eval/index.js';
import { layoutListItems, layoutUpsert, ListingMemory, searchLayout, type SearchLayout } from '../../../src/sql/index.js';
import { loadGroup, useLayoutEngines, type LayoutEngine } from './engines.js';

const catalog = loadCatalog(sampleCatalog).catalog as Catalog;
const layout: SearchLayout = searchLayout(catalog);
const items = JSON.parse(JSON.stringify([...generateItems(400, 11)])) as Record<string, unknown>[];
const WALK = 20;
const engines = useLayoutEngines();
let group = 0;
/** Pages of the shapes that ran the rest alone (the memory at work). */
let restFirst = 0;

type Params = Record<string, unknown>;

/** One page through layoutListItems, counting the statements it runs (walk `w`, rest `r`). */
async function page(e: LayoutEngine, g: string, params: Params, memory: ListingMemory, log: string[]) {
  const run = async (sql: string, values: readonly unknown[]) => {
    log.push(/count\(\*\) OVER/.test(sql) ? 'r' : /^SELECT EXISTS/.test(sql) ? 'o' : 'w');
    return e.query(sql, values);
  };
  return layoutListItems(run, layout, params, { table: 'search_' + g, rawTable: 'raw_' + g, walkRows: WALK, memory });
}

/** Every page forward from the first, then back: each equal to listItems over `stored`. Returns the statements of each page. */
async function walkAll(e: LayoutEngine, g: string, stored: readonly unknown[], q: string | undefined, memory: ListingMemory): Promise<string[]> {
  const pages: string[] = [];
  let params: Params | undefined = { limit: 7, ...(q ? { q } : {}) };
  for (const dir of ['NextQuery', 'PrevQuery'] as const) {
    let last: Params | undefined = params;
    for (let step = 0; params && step < 80; step++) {
      const log: string[] = [];
      const got = await page(e, g, params, memory, log);
      const want = listItems(stored, catalog, params);
      expect(got.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect({ engine: e.name, params, page: got.response }).toEqual({ engine: e.name, params, page: want.response });
      pages.push(log.filter((s) => s !== 'o').join(''));
      last = params;
      params = want.response?.[dir] as Params | undefined;
    }
    params = last;
  }
  return pages;
}

describe('layoutListItems with a ListingMemory', () => {
  it.each(SHAPES.map((s) => [s.name, s] as const))('%s: every page equals listItems, forward and back', async (_name, shape) => {
    const q = shape.q ? JSON.stringify(shape.q) : undefined;
    for (const e of engines) {
      const g = `m${++group}`;
      expect(await loadGroup(e, g, layout, items)).toEqual([]);
      const memory = new ListingMemory();
      const pages = await walkAll(e, g, items, q, memory);
      expect(pages.length).toBeGreaterThan(0);
      // A page that ran only the rest did so because the memory said the query is sparse.
      for (let i = 0; i < pages.length; i++) if (pages[i] === 'r') expect(i, `${shape.name}: only a later page goes to the rest first`).toBeGreaterThan(0);
      restFirst += pages.filter((p) => p === 'r').length;
      await e.exec(`DROP TABLE "search_${g}"; DROP TABLE "raw_${g}"`);
    }
  });

  it('some of those pages ran the rest alone', () => {
    expect(restFirst).toBeGreaterThan(10);
  });

  it('a sparse query skips the walk on its next pages; made common by new items, it walks again', async () => {
    const q = JSON.stringify([[['matches', 'title'], 'zyxxy']]);
    for (const e of engines) {
      const g = `m${++group}`;
      const stored = items.map((it, i) => (i % 40 === 0 ? { ...it, title: `${String(it['title'])} zyxxy` } : it));
      expect(await loadGroup(e, g, layout, stored)).toEqual([]);
      const memory = new ListingMemory();
      const first: string[] = [];
      await page(e, g, { q, limit: 3 }, memory, first);
      expect(first, 'the first page walks, comes back short, runs the rest').toEqual(['w', 'r']);
      expect(memory.get(q), 'the rest counted every match').toBe(10);
      const second: string[] = [];
      const p2 = await page(e, g, { q, limit: 3 }, memory, second);
      expect(second, 'known sparse: the rest alone').toEqual(['r']);
      expect(p2.response).toEqual(listItems(stored, catalog, { q, limit: 3 }).response);
      // Every item now matches: the rest that runs next counts them and the page after walks.
      const common = stored.map((it) => ({ ...it, title: `${String(it['title'])} zyxxy` }));
      const up = layoutUpsert(layout, { table: 'search_' + g }, common.map((item, i) => ({ key: String(i), item })));
      await e.query(up.statement!.sql, up.statement!.params);
      await e.query(`UPDATE "raw_${g}" SET data = (SELECT e -> (id_key::int) FROM (SELECT $1::jsonb AS e) x)`, [JSON.stringify(common)]);
      const third: string[] = [];
      const p3 = await page(e, g, { q, limit: 3 }, memory, third);
      expect(third).toEqual(['r']);
      expect(p3.response).toEqual(listItems(common, catalog, { q, limit: 3 }).response);
      expect(memory.get(q)).toBe(400);
      const fourth: string[] = [];
      await page(e, g, { q, limit: 3 }, memory, fourth);
      expect(fourth, 'known common: the walk').toEqual(['w']);
      expect(memory.get(q), 'a walk that fills its page forgets the count').toBeUndefined();
      await e.exec(`DROP TABLE "search_${g}"; DROP TABLE "raw_${g}"`);
    }
  });

  it('remembers at most max queries, the least recently used forgotten first', () => {
    const m = new ListingMemory(2);
    m.set('a', 1);
    m.set('b', 2);
    expect(m.get('a')).toBe(1);
    m.set('c', 3);
    expect([m.get('a'), m.get('b'), m.get('c'), m.size]).toEqual([1, undefined, 3, 2]);
  });

  it('anything else as the memory is a diagnostic', async () => {
    const r = await layoutListItems(async () => [], layout, {}, { table: 's', rawTable: 'r', memory: new Map() as never });
    expect(r.response).toBeUndefined();
    expect(r.diagnostics.map((d) => d.message).join(' ')).toMatch(/options\.memory/);
  });
});
