/**
 * After each batch that writes search rows (upsert, update, a dry run, the `--items` seed), the
 * service merges the pending lists of the search table's GIN indexes (src/store/gin-merge.ts):
 * every search through a GIN index reads its whole pending list. Counted with PostgreSQL's
 * pgstattuple extension, in the test's own database, on a real server process.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freshDatabase, startServer, tempFiles, type ServerProcess } from './support/process.js';

const CATALOG = {
  Id: 660,
  Name: 'GIN pending lists',
  Type: 'Product',
  Aliases: { Id: 'id', Name: 'title' },
  SearchableAttributes: [
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'tags', Type: 'String', Cardinality: 'Many' },
  ],
};
const item = (id: number) => ({ id, title: `tent number ${id} for ${id % 7} people`, tags: [`t${id % 13}`, `u${id}`] });

describe('GIN pending lists after writes (PostgreSQL)', () => {
  let server: ServerProcess;
  let files: ReturnType<typeof tempFiles>;
  let db: { url: string; drop: () => Promise<void> };
  let client: pg.Client;

  /** Entries pending in the search table's GIN indexes, and how many such indexes there are. */
  const pending = async (): Promise<{ indexes: number; entries: number }> => {
    const r = await client.query(
      `SELECT count(*)::int AS indexes, coalesce(sum((pgstatginindex(c.oid)).pending_tuples), 0)::int AS entries FROM pg_index AS i JOIN pg_class AS c ON c.oid = i.indexrelid JOIN pg_am AS a ON a.oid = c.relam WHERE i.indrelid = 'catq_search_660'::regclass AND a.amname = 'gin'`,
    );
    return r.rows[0] as { indexes: number; entries: number };
  };

  beforeAll(async () => {
    files = tempFiles({ 'c.json': JSON.stringify(CATALOG), 'items.ndjson': Array.from({ length: 300 }, (_, i) => JSON.stringify(item(i))).join('\n') });
    db = await freshDatabase('ginpending');
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query('CREATE EXTENSION pgstattuple');
    server = await startServer(['--catalog', files.path('c.json'), '--items', files.path('items.ndjson'), '--api-key', 'k', '--database-url', db.url]);
  });
  afterAll(async () => {
    await server?.stop();
    await client?.end();
    files?.cleanup();
    await db?.drop();
  });

  it('leaves nothing pending after the seed, an upsert, an update and a dry run', async () => {
    const count = await client.query('SELECT count(*)::int AS n FROM catq_search_660');
    expect(count.rows[0].n).toBe(300);
    expect(await pending()).toEqual({ indexes: 2, entries: 0 });

    const up = await call(server.url, 'POST', '/v1/catalog/660/product/batch/upsert', { key: 'k', body: { Items: Array.from({ length: 200 }, (_, i) => item(1000 + i)) } });
    expect(up.status).toBe(200);
    expect((await pending()).entries).toBe(0);

    const patch = await call(server.url, 'PATCH', '/v1/catalog/660/product/batch/update', { key: 'k', body: { Items: Array.from({ length: 100 }, (_, i) => ({ id: i, tags: [`w${i}`, 'new'] })) } });
    expect(patch.status).toBe(200);
    expect((await pending()).entries).toBe(0);

    // A dry run's rows are rolled back, but their index entries were added to the pending lists.
    const dry = await call(server.url, 'POST', '/v1/catalog/660/product/batch/upsert?dry-run=true', { key: 'k', body: { Items: Array.from({ length: 100 }, (_, i) => item(5000 + i)) } });
    expect(dry.status).toBe(200);
    expect((await pending()).entries).toBe(0);

    // And the writes are what a search sees.
    const page = await call(server.url, 'GET', `/v1/catalog/660/product?q=${encodeURIComponent(JSON.stringify([['tags', 'new']]))}&limit=1000`, { key: 'k' });
    expect(page.status).toBe(200);
    expect(page.body.Items).toHaveLength(100);
  });
});
