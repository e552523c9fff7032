/**
 * Query values PostgreSQL cannot bind (U+0000, a lone surrogate: text and jsonb cannot hold
 * them) in every place a query value or a boundary reaches the search layout: equality and
 * one-of, the four orders on String One and Many (the least / greatest columns), Array elements,
 * and string boundary ids, forward and back. Each is compared with the evaluator on items whose
 * strings sit on every side of the unbindable unit (below it, above it, sharing its prefix,
 * outside the BMP, U+FFFF, U+E000), with the walk alone and with the rest (walkRows: 1).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type Catalog } from '../../../src/catalog/index.js';
import { listItems } from '../../../src/eval/index.js';
import { layoutListSql, searchLayout, sqlPage } from '../../../src/sql/index.js';
import { decode } from '../../../src/wire/index.js';
import { loadGroup, useLayoutEngines, type LayoutEngine } from './engines.js';

const catalog = loadCatalog({
  Id: 770,
  Name: 'unbindable',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 's', Type: 'String', Cardinality: 'One' },
    { Attribute: 'm', Type: 'String', Cardinality: 'Many' },
    { Attribute: 'a', Type: 'Array', Cardinality: 'One' },
  ],
}).catalog as Catalog;

/** Strings on every side of the units the values below cut at. */
const STRINGS = ['', 'a', 'ab', 'a\u{1F600}', 'a\uFFFF', 'a\uE000', 'a\u0001', 'b', '\u{10FFFF}', '\uFFFF', 'ab\u{1F600}c', 'a\uD7FF'];
const items = STRINGS.map((str, i) => ({ id: `k${STRINGS[(i + 3) % STRINGS.length]}${i}`, s: str, m: [str, STRINGS[(i + 5) % STRINGS.length]], a: [str, i] }));
/** Values PostgreSQL cannot bind, cut after nothing, one unit and two. */
const UNBINDABLE = ['\u0000', 'a\u0000', 'a\u0000b', '\uD800', 'a\uD83D', 'a\uD83Dx', '\uDC00', 'a\uDE00', 'ab\uDFFF'];

const queries: unknown[][] = [];
for (const v of UNBINDABLE) {
  for (const op of ['<', '<=', '>', '>=']) {
    queries.push([[[op, 's'], v]]);
    queries.push([[[op, 'm'], v]]);
  }
  queries.push([['s', v]], [[['one-of', 's'], [v, 'ab']]], [[['one-of', 'm'], ['b', v]]], [[['one-of', 'a'], [v, 3]]]);
}

const engines = useLayoutEngines();
const layout = searchLayout(catalog);
beforeAll(async () => {
  for (const e of engines) expect(await loadGroup(e, 'u', layout, items)).toEqual([]);
}, 60_000);

async function listed(e: LayoutEngine, wire: unknown, params: Record<string, unknown>, walkRows?: number): Promise<unknown[]> {
  const q = decode(encodeURIComponent(JSON.stringify(wire))).query!;
  const l = layoutListSql(q, layout, params, { table: 'search_u', rawTable: 'raw_u', ...(walkRows ? { walkRows } : {}) });
  let rows = await e.query(l.sql, l.params);
  if (rows.length <= l.limit) rows = await e.query(l.rest.sql, l.rest.params);
  const other = l.otherSide ? Boolean((await e.query(l.otherSide.sql, l.otherSide.params))[0]?.['other']) : false;
  // The page as the service builds it (the extra row only says that more follow).
  return sqlPage(l, rows.map((r) => r['data']), other, catalog).Items.map((it) => it.Id);
}

describe('query values PostgreSQL cannot bind, on the search layout', () => {
  it.each(queries.map((q) => [JSON.stringify(q), q] as const))('%s lists what the evaluator lists', async (_name, wire) => {
    const ref = listItems(items, catalog, { q: wire, limit: 1000 }).response!.Items.map((it) => it.Id);
    for (const e of engines) {
      for (const walkRows of [undefined, 1]) {
        expect({ engine: e.name, walkRows, ids: await listed(e, wire, { limit: 1000 }, walkRows) }).toEqual({ engine: e.name, walkRows, ids: ref });
      }
    }
  });

  it.each(UNBINDABLE.flatMap((b) => ['>', '>=', '<', '<='].map((c) => [JSON.stringify(b), c, b] as const)))('boundary-id %s, comparison %s: the page the evaluator gives', async (_name, comparison, boundary) => {
    const params = { 'boundary-id': boundary, comparison, limit: 3 };
    const ref = listItems(items, catalog, { ...params, q: [] }).response!.Items.map((it) => it.Id);
    for (const e of engines) {
      for (const walkRows of [undefined, 1]) {
        expect({ engine: e.name, walkRows, ids: await listed(e, [], params, walkRows) }).toEqual({ engine: e.name, walkRows, ids: ref });
      }
    }
  });
});
