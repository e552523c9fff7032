/**
 * layoutDdl's tables:
 * - the column order of a new table (what every page reads, then the Text terms, then the
 *   fixed-width columns, then the other variable-width ones), and an older table of another
 *   order migrated to the same columns;
 * - the `compression` option: every column that can hold a long value (the base text columns, the
 *   listed form, and each attribute's text and array columns) gets it, on a new table and on one
 *   made without it; the values written afterwards are compressed with it and read back the same;
 *   a bad option is a diagnostic, not SQL.
 */
import { describe, expect, it } from 'vitest';
import { loadCatalog, type Catalog } from '../../../src/catalog/index.js';
import { QueryError } from '../../../src/diagnostics/index.js';
import { layoutDdl, layoutUpsert, searchLayout } from '../../../src/sql/index.js';
import { pgliteEngine, pgServerEngine, type LayoutEngine } from './engines.js';

const catalog = loadCatalog({
  Id: 501,
  Name: 'compressed',
  Type: 'Product',
  Aliases: { Id: 'id', Name: 'title' },
  SearchableAttributes: [
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'description', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'tags', Type: 'String', Cardinality: 'Many' },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'sizes', Type: 'Number', Cardinality: 'Many' },
  ],
}).catalog as Catalog;
const layout = searchLayout(catalog);

/** The table's columns in the order PostgreSQL stores them, with their types. */
async function columnsOf(e: LayoutEngine, table: string): Promise<{ name: string; type: string }[]> {
  const rows = await e.query(
    `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
    [table],
  );
  return rows.map((r) => ({ name: r['name'] as string, type: r['type'] as string }));
}

describe('layoutDdl column order', () => {
  it('a new table: the key, the id keys and the listed form, then the Text terms, then fixed-width columns, then the rest', async () => {
    const e = pgliteEngine();
    try {
      for (const s of layoutDdl(layout, { table: 'search' })) await e.exec(s);
      const cols = await columnsOf(e, 'search');
      expect(cols.slice(0, 5).map((c) => c.name)).toEqual(['item_key', 'id_kind', 'id_num', 'id_str', layout.listed.column]);
      const terms = [...layout.attributes].flatMap((a) => (a.columns.terms ? [a.columns.terms] : []));
      expect(terms).toHaveLength(2);
      expect(cols.slice(5, 7).map((c) => c.name)).toEqual(terms);
      const fixed = (t: string) => t === 'boolean' || t === 'double precision';
      const after = cols.slice(7).map((c) => fixed(c.type));
      // Every fixed-width column comes before every variable-width one.
      expect(after.indexOf(false)).toBeGreaterThan(0);
      expect(after.slice(after.indexOf(false))).not.toContain(true);
      // Every column of the layout, once.
      const all = ['item_key', 'id_kind', 'id_num', 'id_str', layout.listed.column, ...layout.attributes.flatMap((a) => Object.values(a.columns))];
      expect(cols.map((c) => c.name).sort()).toEqual([...all].sort());

      // A table made in another order (the attributes' order, as earlier versions did) gets the same columns.
      await e.exec(`CREATE TABLE old (item_key text COLLATE "C" PRIMARY KEY, id_kind int2, id_num float8, id_str text COLLATE "C")`);
      for (const s of layoutDdl(layout, { table: 'old' })) await e.exec(s);
      const old = await columnsOf(e, 'old');
      expect([...old].sort((a, b) => a.name.localeCompare(b.name))).toEqual([...cols].sort((a, b) => a.name.localeCompare(b.name)));
      expect(old.map((c) => c.name)).not.toEqual(cols.map((c) => c.name));
    } finally {
      await e.close();
    }
  });
});

/** Column name -> its compression ('' for the server's default) of the columns that have one. */
async function compressions(e: Awaited<ReturnType<typeof pgServerEngine>>, table: string): Promise<Map<string, string>> {
  const rows = await e.query(
    `SELECT a.attname AS name, a.attcompression::text AS c FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped AND t.typstorage <> 'p'`,
    [table],
  );
  return new Map(rows.map((r) => [r['name'] as string, r['c'] as string]));
}

describe('layoutDdl compression', () => {
  it('is refused unless "lz4" or "pglz", with the option named', () => {
    for (const bad of ['zstd', 'LZ4', '', 1, null]) {
      let err: unknown;
      try {
        layoutDdl(layout, { table: 's' }, { compression: bad as never });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(QueryError);
      expect((err as QueryError).diagnostics[0]).toMatchObject({ code: 'sql/bad-option', path: '/compression' });
    }
    expect(layoutDdl(layout, { table: 's' }, {})).toEqual(layoutDdl(layout, { table: 's' }));
  });

  it('sets lz4 on every column that can hold a long value, new or existing, and long values read back whole', async () => {
    const e = await pgServerEngine();
    try {
      // A table made without the option, then migrated with it (as catq-server does at start).
      for (const s of layoutDdl(layout, { table: 'search' })) await e.exec(s);
      expect([...(await compressions(e, 'search')).values()].every((c) => c === '')).toBe(true);
      for (const s of layoutDdl(layout, { table: 'search' }, { compression: 'lz4' })) await e.exec(s);
      const after = await compressions(e, 'search');
      expect(after.size).toBeGreaterThan(10);
      expect(Object.fromEntries([...after].filter(([, c]) => c !== 'l'))).toEqual({});
      // A fresh table gets it too.
      for (const s of layoutDdl(layout, { table: 'fresh' }, { compression: 'lz4' })) await e.exec(s);
      expect([...(await compressions(e, 'fresh')).values()].every((c) => c === 'l')).toBe(true);

      const description = Array.from({ length: 3000 }, (_, i) => `word${i % 997} 𝒳${i % 13}`).join(' ');
      const item = { id: 1, title: 'A tent', description, tags: Array.from({ length: 800 }, (_, i) => `tag-${i}`), price: 5, sizes: [1, 2] };
      const up = layoutUpsert(layout, { table: 'search' }, [{ key: '1', item }]);
      await e.query(up.statement!.sql, up.statement!.params);
      const s = layout.byRawKey.get('description')!.columns;
      const [row] = await e.query(`SELECT ${s.str} AS s, pg_column_compression(${s.str}) AS c, pg_column_compression(${s.tokens}) AS ct FROM search`, []);
      expect(row).toEqual({ s: description, c: 'lz4', ct: 'lz4' });
    } finally {
      await e.close();
    }
  });
});

/** The `gin_pending_list_limit` of each GIN index on `table` (undefined: PostgreSQL's default). */
async function ginBounds(e: LayoutEngine, table: string): Promise<(string | undefined)[]> {
  const rows = await e.query(
    `SELECT (SELECT o FROM unnest(c.reloptions) AS o WHERE o LIKE 'gin_pending_list_limit=%') AS bound FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam WHERE i.indrelid = $1::regclass AND a.amname = 'gin' ORDER BY c.relname`,
    [table],
  );
  return rows.map((r) => (r['bound'] as string | null) ?? undefined);
}

describe('layoutDdl GIN indexes', () => {
  // Searches through a GIN index read its whole pending list: catq bounds it (src/sql/gin-pending-list.ts).
  for (const engine of ['PGlite', 'PostgreSQL'] as const) {
    it(`bound their pending list to 256 kB, on a new table and on indexes made without the bound (${engine})`, async () => {
      const e = engine === 'PGlite' ? pgliteEngine() : await pgServerEngine();
      try {
        for (const s of layoutDdl(layout, { table: 'search' })) await e.exec(s);
        const fresh = await ginBounds(e, 'search');
        expect(fresh.length).toBeGreaterThanOrEqual(4); // title and description terms, tags, sizes
        expect(fresh).toEqual(fresh.map(() => 'gin_pending_list_limit=256'));

        // Indexes made by an earlier catq (no bound) get it when the statements run again, as at a start.
        const older = layoutDdl(layout, { table: 'older' }).filter((s) => !s.startsWith('DO ')).map((s) => s.replace(/ WITH \(gin_pending_list_limit = \d+\)$/, ''));
        for (const s of older) await e.exec(s);
        expect(await ginBounds(e, 'older')).toEqual(fresh.map(() => undefined));
        for (const s of layoutDdl(layout, { table: 'older' })) await e.exec(s);
        expect(await ginBounds(e, 'older')).toEqual(fresh);
      } finally {
        await e.close();
      }
    });
  }

  it('bound the indexes of a partitioned table, made with or without the bound (PostgreSQL refuses ALTER INDEX SET on the parent index)', async () => {
    const e = await pgServerEngine();
    try {
      // The search table as a user may partition it: the layout's columns, partitioned by its key.
      const create = layoutDdl(layout, { table: 'parted' });
      await e.exec((create[0] as string) + ' PARTITION BY HASH (item_key)');
      for (const r of [0, 1]) await e.exec(`CREATE TABLE parted_${r} PARTITION OF parted FOR VALUES WITH (MODULUS 2, REMAINDER ${r})`);
      const withoutBound = create.slice(1).filter((s) => !s.startsWith('DO ')).map((s) => s.replace(/ WITH \(gin_pending_list_limit = \d+\)$/, ''));
      for (const s of withoutBound) await e.exec(s);
      expect((await ginBounds(e, 'parted_0')).every((b) => b === undefined)).toBe(true);
      for (const s of layoutDdl(layout, { table: 'parted' })) await e.exec(s);
      for (const part of ['parted_0', 'parted_1']) {
        const bounds = await ginBounds(e, part);
        expect(bounds.length).toBeGreaterThanOrEqual(4);
        expect(bounds).toEqual(bounds.map(() => 'gin_pending_list_limit=256'));
      }
    } finally {
      await e.close();
    }
  });
});
