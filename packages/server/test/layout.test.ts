/**
 * The search layout in the service (issue 19): a database written by the raw-only version is
 * migrated on start and its search rows filled in the background; a restart with a catalog that
 * gains or changes a SearchableAttribute fills the new columns in the background; every list is
 * exact (equal to catq's evaluator) before, during and after, with writes in between. And what
 * the layout must hold: a 1 MB description, long strings and tokens; what it must not refuse: a
 * lone surrogate in a one-of; an item the database cannot hold is skipped with a warning.
 * On PGlite (a data directory) and on the PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { listItems, loadCatalog, type Catalog } from 'catq';
import { indexSql, layoutCommonTerms, layoutIndexNames, layoutTermStatisticsSql, searchLayout } from 'catq/sql';
import { catalog as sample, generateItems } from '../../../examples/generate.mjs';
import { call, freshDatabase, KEY, listingQuery, startServer, tempFiles, type ServerProcess } from './support/process.js';

type Item = Record<string, unknown>;
/** A query in its wire form. */
type Query = unknown[];
const encode = (q: Query): string => encodeURIComponent(JSON.stringify(q));
const ID = 1042;

/**
 * The sample catalog without `colors`, with `rating` a String, and without the `Image` alias (so
 * its listed form reads other keys: the search table's listed column changes): what the first
 * version knew.
 */
function firstCatalog(): Record<string, unknown> {
  const attrs = (sample['SearchableAttributes'] as Item[]).filter((a) => a['Attribute'] !== 'colors').map((a) => (a['Attribute'] === 'rating' ? { ...a, Type: 'String' } : a));
  const { Image: _image, ...aliases } = sample['Aliases'] as Item;
  return { ...sample, Aliases: aliases, UIConfiguration: [], SearchableAttributes: attrs };
}

const QUERIES: Query[] = [
  [],
  [['brand', 'Acme']],
  [[['<', 'price'], 40]],
  [['in_stock', true], [['<', 'price'], 80]],
  [[['one-of', 'tags'], ['sale', 'eco']]],
  [['Category.Id', 310]],
  [[['present?', 'sale_price'], false]],
  [[['matches', 'title'], 'waterproof tent']],
  [[['matches-phrase', 'description'], 'with taped seams']],
  [[['matches', 'description'], 'fluorocarbons']],
];
/** Queries on the attributes the second catalog gains or changes. */
const CHANGED: Query[] = [[[['one-of', 'colors'], ['red', 'navy']]], [[['>=', 'rating'], 4.5]], [['colors', 'green'], ['brand', 'Hearth']], [[['present?', 'rating'], true]]];

function reference(items: readonly unknown[], catalog: Catalog, params: Record<string, unknown>) {
  const r = listItems(items, catalog, params, { numericStrings: true, networkId: 1 });
  if (!r.response) throw new Error(`listItems refused ${JSON.stringify(params)}: ${r.diagnostics.map((d) => d.message).join('; ')}`);
  return JSON.parse(JSON.stringify(r.response));
}

/** The items by id, the last write winning (what the service holds). */
class Mirror {
  private readonly byId = new Map<unknown, Item>();
  put(items: readonly Item[]): void {
    for (const i of items) this.byId.set(i['id'], i);
  }
  get items(): Item[] {
    return [...this.byId.values()];
  }
}

async function expectExact(server: ServerProcess, catalog: Catalog, items: readonly Item[], queries: readonly Query[]): Promise<void> {
  for (const q of queries) {
    const first = { q: encode(q), limit: 50 };
    const r = await call(server.url, 'GET', `/v1/catalog/${ID}/product${listingQuery(first)}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body, JSON.stringify(q)).toEqual(reference(items, catalog, first));
    if (r.body.NextQuery) {
      const next = { ...r.body.NextQuery };
      const n = await call(server.url, 'GET', `/v1/catalog/${ID}/product${listingQuery(next)}`);
      expect(n.status, n.text).toBe(200);
      expect(n.body, `${JSON.stringify(q)} next`).toEqual(reference(items, catalog, next));
    }
  }
}

async function upsert(server: ServerProcess, items: readonly Item[]): Promise<any> {
  const r = await call(server.url, 'POST', `/v1/catalog/${ID}/product/batch/upsert`, { body: { Items: items } });
  expect(r.status, r.text).toBe(200);
  return r.body;
}

/** Waits until the server says the search table is filled (the n-th time it says so). */
async function filled(server: ServerProcess, times = 1): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if ((server.stderr().match(/search table catq_search_1042 is filled/g) ?? []).length >= times) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the backfill did not end:\n${server.stderr()}`);
}

describe.each(['pglite', 'postgres'] as const)('search layout: migration and backfill, on %s', (engine) => {
  let files: ReturnType<typeof tempFiles>;
  let dataDir: string | undefined;
  let url: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  let server: ServerProcess | undefined;
  const v1 = loadCatalog(firstCatalog()).catalog as Catalog;
  const v2 = loadCatalog(sample).catalog as Catalog;
  const mirror = new Mirror();

  /** Runs statements on the database while no server holds it (PGlite allows one process). */
  async function direct(fn: (q: (sql: string, params?: unknown[]) => Promise<Item[]>) => Promise<void>): Promise<void> {
    if (engine === 'postgres') {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await fn(async (sql, params = []) => (await c.query(sql, params)).rows);
      } finally {
        await c.end();
      }
      return;
    }
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(dataDir as string);
    try {
      await fn(async (sql, params = []) => (await db.query(sql, params)).rows as Item[]);
    } finally {
      await db.close();
    }
  }
  const args = (file: string) => ['--catalog', files.path(file), '--api-key', KEY, ...(engine === 'postgres' ? ['--database-url', url as string] : ['--data-dir', dataDir as string])];

  beforeAll(async () => {
    files = tempFiles({ 'v1.json': JSON.stringify(firstCatalog()), 'v2.json': JSON.stringify(sample) });
    if (engine === 'postgres') {
      const fresh = await freshDatabase('layout');
      url = fresh.url;
      drop = fresh.drop;
    } else dataDir = mkdtempSync(join(tmpdir(), 'catq-layout-pglite-'));
    // What the raw-only version wrote: the raw table, catq's indexSql indexes, 3000 items.
    const items = [...generateItems(3000, 7, { longDescriptions: 0.02 })] as Item[];
    mirror.put(items);
    await direct(async (q) => {
      await q(`CREATE TABLE catq_items_${ID} (id_key text COLLATE "C" PRIMARY KEY, data jsonb NOT NULL)`);
      for (const s of indexSql(v1, { table: `catq_items_${ID}` }).statements) await q(s);
      await q(`INSERT INTO catq_items_${ID} (id_key, data) SELECT e ->> 0, e -> 1 FROM jsonb_array_elements($1::jsonb) AS e`, [JSON.stringify(items.map((i) => [JSON.stringify(i['id']), i]))]);
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    files?.cleanup();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await drop?.();
  });

  it('a raw-only database is migrated on start: lists are exact while its search rows are filled and after', async () => {
    server = await startServer(args('v1.json'));
    // Right after start (the backfill has just begun), with writes in between.
    await expectExact(server, v1, mirror.items, QUERIES.slice(0, 4));
    const written = [...generateItems(3100, 8)].slice(3000).map((i) => ({ ...i, title: `${String(i['title'])} waterproof tent` })) as Item[];
    mirror.put(written);
    await upsert(server, written);
    await expectExact(server, v1, mirror.items, QUERIES);
    await filled(server);
    await expectExact(server, v1, mirror.items, QUERIES);
    await server.stop();
    server = undefined;
    await direct(async (q) => {
      const raw = await q(`SELECT indexname FROM pg_indexes WHERE tablename = 'catq_items_${ID}' ORDER BY 1`);
      expect(raw.map((r) => r['indexname']), 'the raw JSON indexes of the raw-only layout are dropped').toEqual([`catq_items_${ID}_pkey`]);
      const rows = await q(`SELECT count(*)::int AS n FROM catq_search_${ID}`);
      expect(rows[0]?.['n']).toBe(mirror.items.length);
      // The raw table, made without a compression, gets lz4 on the PostgreSQL server (built with it); PGlite keeps pglz.
      const compression = await q(`SELECT attcompression::text AS c FROM pg_attribute WHERE attrelid = 'catq_items_${ID}'::regclass AND attname = 'data'`);
      expect(compression[0]?.['c']).toBe(engine === 'postgres' ? 'l' : '');
      // An index an older layout made (its value B-tree without the id keys, say): dropped at the next start.
      await q(`CREATE INDEX catq_00000000_stale ON catq_search_${ID} (id_num)`);
    });
  }, 300_000);

  it('a restart with a catalog that gains and changes attributes (and a listed key) fills them in the background; lists stay exact', async () => {
    server = await startServer(args('v2.json'));
    // The first pages: every row's listed column is the first catalog's (no image_url), so the
    // listed form is read from the raw items, with the Image the new Aliases name.
    await expectExact(server, v2, mirror.items, [...CHANGED, []]);
    const written = [...generateItems(3200, 9)].slice(3100).map((i) => ({ ...i, colors: ['navy'], rating: 4.9 })) as Item[];
    mirror.put(written);
    await upsert(server, written);
    await expectExact(server, v2, mirror.items, [...CHANGED, ...QUERIES.slice(0, 3)]);
    await filled(server);
    await expectExact(server, v2, mirror.items, [...CHANGED, ...QUERIES]);
    // Partial updates and deletes rewrite and remove search rows.
    const patch = mirror.items.slice(0, 20).map((i) => ({ id: i['id'], colors: ['olive'], price: 1 }));
    const u = await call(server.url, 'PATCH', `/v1/catalog/${ID}/product/batch/update`, { body: { Items: patch } });
    expect(u.status, u.text).toBe(200);
    mirror.put(mirror.items.slice(0, 20).map((i) => ({ ...i, colors: ['olive'], price: 1 })));
    const gone = mirror.items.slice(20, 30).map((i) => ({ id: i['id'] }));
    expect((await call(server.url, 'POST', `/v1/catalog/${ID}/product/batch/delete`, { body: { Items: gone } })).status).toBe(200);
    const kept = mirror.items.filter((i) => !gone.some((g) => g.id === i['id']));
    await expectExact(server, v2, kept, [[[['one-of', 'colors'], ['olive']]], [[['<', 'price'], 2]], []]);
    await server.stop();
    server = undefined;
    await direct(async (q) => {
      const cols = await q(`SELECT column_name FROM information_schema.columns WHERE table_name = 'catq_search_${ID}' AND column_name LIKE 'rating%'`);
      expect(cols.length, 'the columns of the changed attribute replace the old ones').toBeGreaterThan(0);
      const listed = await q(`SELECT column_name FROM information_schema.columns WHERE table_name = 'catq_search_${ID}' AND column_name LIKE 'listed%'`);
      expect(listed.map((r) => r['column_name']), 'the listed column of the new Aliases replaces the old one').toEqual([searchLayout(v2).listed.column]);
      const unfilled = await q(`SELECT count(*)::int AS n FROM catq_search_${ID} WHERE "${searchLayout(v2).listed.column}" IS NULL`);
      expect(unfilled[0]?.['n'], 'every row holds its listed form').toBe(0);
      const rows = await q(`SELECT count(*)::int AS n FROM catq_search_${ID}`);
      expect(rows[0]?.['n']).toBe(kept.length);
      const indexes = await q(`SELECT indexname FROM pg_indexes WHERE tablename = 'catq_search_${ID}'`);
      expect(new Set(indexes.map((r) => r['indexname'])), 'the search table has the current layout\'s indexes, and no other').toEqual(
        new Set([`catq_search_${ID}_pkey`, ...layoutIndexNames(searchLayout(v2), { table: `catq_search_${ID}` })]),
      );
    });
  }, 300_000);
});

describe.each(['pglite', 'postgres'] as const)('search layout: what it holds, on %s', (engine) => {
  let server: ServerProcess;
  let files: ReturnType<typeof tempFiles>;
  let drop: (() => Promise<void>) | undefined;
  let url: string | undefined;
  const catalog = loadCatalog(sample).catalog as Catalog;

  beforeAll(async () => {
    files = tempFiles({ 'c.json': JSON.stringify(sample) });
    const db: string[] = [];
    if (engine === 'postgres') {
      const fresh = await freshDatabase('layout_hold');
      drop = fresh.drop;
      url = fresh.url;
      db.push('--database-url', fresh.url);
    }
    server = await startServer(['--catalog', files.path('c.json'), '--api-key', KEY, ...db]);
  });
  afterAll(async () => {
    await server?.stop();
    files?.cleanup();
    await drop?.();
  });

  it('a 1 MB description (with a 5,000-letter token) and a 5,000-letter brand are stored and found', async () => {
    const words = Array.from({ length: 150_000 }, (_, i) => ['trail', 'tent', 'waterproof', 'seams', 'quiet'][i % 5]).join(' ');
    const big = { id: 1, title: 'Huge tent', brand: 'B'.repeat(5000), description: `${words} ${'z'.repeat(5000)} the very end`, tags: ['sale'], price: 10 };
    expect(big.description.length).toBeGreaterThan(1_000_000);
    const small = { id: 2, title: 'Small tent', brand: 'Acme', description: 'short', tags: ['eco'], price: 20 };
    const r = await upsert(server, [big, small]);
    // (The brand, a name of 5,000 characters, is warned about as a long name; nothing is refused.)
    expect((r.Warnings ?? []).filter((w: { message: string }) => !/longer than the 100/.test(w.message))).toEqual([]);
    const got = await call(server.url, 'GET', `/v1/catalog/${ID}/product/1`);
    expect(got.status).toBe(200);
    expect(got.body.Data).toEqual(big);
    const items = [big, small];
    await expectExact(server, catalog, items, [
      [[['matches', 'description'], 'seams quiet']],
      [[['matches-phrase', 'description'], 'quiet trail tent']],
      [[['matches', 'description'], 'end very']],
      [[['matches-phrase', 'description'], 'the very end']],
      [[['matches-phrase', 'description'], 'quiet the very']],
      [['brand', 'B'.repeat(5000)]],
      [[['>', 'brand'], 'B'.repeat(4999)]],
      [[['<', 'brand'], 'B'.repeat(5001)]],
    ]);
    if (engine === 'postgres') {
      // The server is built with lz4: long values are compressed with it (PGlite has pglz only).
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        const tokens = searchLayout(catalog).byRawKey.get('description')?.columns.tokens as string;
        const raw = await c.query(`SELECT pg_column_compression(data) AS c FROM catq_items_${ID} WHERE id_key = '1'`);
        const search = await c.query(`SELECT pg_column_compression(${tokens}) AS c FROM catq_search_${ID} WHERE item_key = '1'`);
        expect([raw.rows[0]?.c, search.rows[0]?.c]).toEqual(['lz4', 'lz4']);
      } finally {
        await c.end();
      }
    }
  });

  it('a lone surrogate in a one-of is answered as the evaluator answers it, not refused', async () => {
    const items = [
      { id: 10, title: 'x', tags: ['sale'] },
      { id: 11, title: 'y', tags: ['\ufffd'] },
    ];
    await upsert(server, items);
    const r = await call(server.url, 'GET', `/v1/catalog/${ID}/product${listingQuery({ q: encodeURIComponent(JSON.stringify([[['one-of', 'tags'], ['sale', '\udc00']]])), limit: 10 })}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.Items.map((i: { Id: unknown }) => i.Id)).toEqual([1, 10]);
  });

  it('an item the database cannot hold is skipped with a warning naming it; the rest of the batch is stored', async () => {
    const r = await upsert(server, [{ id: 'ok-1' }, { id: 'nul', title: 'a\u0000b' }, { id: 'lone', tags: ['\ud800'] }, { id: 'ok-2' }]);
    const messages = (r.Warnings as { message: string }[]).map((w) => w.message).filter((m) => m.includes('was not stored'));
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^Items\[1\] \(id "nul"\) was not stored: "title" holds a string with the NUL character/);
    expect(messages[1]).toMatch(/^Items\[2\] \(id "lone"\) was not stored: "tags" holds a string with a lone surrogate/);
    for (const m of messages) expect(m).not.toMatch(/catq_|index|jsonb/);
    expect((await call(server.url, 'GET', `/v1/catalog/${ID}/product/ok-1`)).status).toBe(200);
    expect((await call(server.url, 'GET', `/v1/catalog/${ID}/product/ok-2`)).status).toBe(200);
    expect((await call(server.url, 'GET', `/v1/catalog/${ID}/product/nul`)).status).toBe(404);
  });
});

describe('search layout: long phrases found through their rare pairs, on postgres', () => {
  let server: ServerProcess;
  let files: ReturnType<typeof tempFiles>;
  let fresh: { url: string; drop: () => Promise<void> };
  const catalog = loadCatalog(sample).catalog as Catalog;

  beforeAll(async () => {
    files = tempFiles({ 'c.json': JSON.stringify(sample) });
    fresh = await freshDatabase('layout_phrases');
    server = await startServer(['--catalog', files.path('c.json'), '--api-key', KEY, '--database-url', fresh.url]);
  });
  afterAll(async () => {
    await server?.stop();
    files?.cleanup();
    await fresh?.drop();
  });

  it('with PostgreSQL statistics naming common terms, long phrases list what the evaluator lists', async () => {
    const items = [...generateItems(2500, 77)] as Item[];
    for (let i = 0; i < items.length; i += 500) await upsert(server, items.slice(i, i + 500));
    // Phrases cut from descriptions (template words and the item's own), and one of no item.
    const words = (i: number) => String(items[i]?.['description'] ?? '').match(/[\p{L}\p{M}\p{Nd}]+/gu) ?? [];
    const phrases: string[] = [words(3).slice(0, 9), words(400).slice(2, 14), words(1999).slice(1, 6), [...words(5).slice(0, 6), ...words(6).slice(0, 6)]].map((w) => w.join(' '));
    const c = new pg.Client({ connectionString: fresh.url });
    await c.connect();
    try {
      await c.query(`ANALYZE catq_search_${ID}`);
      // What the service reads: some pairs of these phrases are common (in 1000 rows or more), some not.
      const layout = searchLayout(catalog);
      const st = layoutTermStatisticsSql(layout, { table: `catq_search_${ID}` });
      const common = layoutCommonTerms(layout, (await c.query(st.sql, [...st.params])).rows).get('description') ?? new Set<string>();
      const pairs = (p: string): string[] => {
        const w = p.toLowerCase().split(' ');
        return w.slice(1).map((x, i) => `${w[i]} ${x}`);
      };
      // And phrases around a common pair in some items' descriptions (the words beside it are their own).
      for (let i = 10; i < 2500 && phrases.length < 8; i += 97) {
        const w = words(i).map((x) => x.toLowerCase());
        const at = w.findIndex((x, k) => k > 2 && k + 4 < w.length && common.has(`${x} ${w[k + 1]}`));
        if (at > 0) phrases.push(w.slice(at - 3, at + 5).join(' '));
      }
      expect(phrases.filter((p) => pairs(p).some((x) => common.has(x)) && pairs(p).some((x) => !common.has(x))).length).toBeGreaterThan(3);
    } finally {
      await c.end();
    }
    const queries = phrases.map((p) => [[['matches-phrase', 'description'], p]]);
    // The first list reads the statistics in the background; the later ones use them.
    await expectExact(server, catalog, items, queries);
    await new Promise((r) => setTimeout(r, 500));
    await expectExact(server, catalog, items, queries);
  }, 120_000);
});
