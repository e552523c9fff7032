/**
 * List Catalog Items over real HTTP equals catq's evaluator (`listItems`) on the same data:
 * generated catalogs, nasty items and valid queries, on PGlite and on a PostgreSQL server; and a
 * page walk forward (NextQuery) then back (PrevQuery) that equals listItems page by page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encode, listItems, loadCatalog, type Catalog } from 'catq';
import { generatedCases } from './support/generated.js';
import { call, freshDatabase, KEY, listingQuery, startServer, tempFiles, type ServerProcess } from './support/process.js';
import { propertySeed } from '../../../test/support/property-runs.js';

const NETWORK = 4;
const CASES = generatedCases(propertySeed(20261123), 3, [300, 301, 302], 25);

function reference(items: readonly unknown[], catalog: Catalog, params: Record<string, unknown>) {
  const r = listItems(items, catalog, params, { numericStrings: true, networkId: NETWORK });
  if (!r.response) throw new Error(`listItems refused ${JSON.stringify(params)}: ${r.diagnostics.map((d) => d.message).join('; ')}`);
  return JSON.parse(JSON.stringify(r.response));
}

describe.each(['pglite', 'postgres'] as const)('List Catalog Items against the evaluator, on %s', (engine) => {
  let server: ServerProcess;
  let files: ReturnType<typeof tempFiles>;
  let drop: (() => Promise<void>) | undefined;
  const get = (path: string) => call(server.url, 'GET', path);

  beforeAll(async () => {
    const entries: Record<string, string> = {};
    CASES.forEach((c, i) => (entries[`c${i}.json`] = JSON.stringify(c.catalog)));
    files = tempFiles(entries);
    const db: string[] = [];
    if (engine === 'postgres') {
      const fresh = await freshDatabase('listing');
      drop = fresh.drop;
      db.push('--database-url', fresh.url);
    }
    server = await startServer([...CASES.flatMap((_, i) => ['--catalog', files.path(`c${i}.json`)]), '--api-key', KEY, '--network-id', String(NETWORK), ...db]);
    for (const c of CASES) {
      // The server's own check of the catalog must agree with the generator's.
      expect(loadCatalog(JSON.parse(JSON.stringify(c.catalog))).catalog).toBeDefined();
      const r = await call(server.url, 'POST', `/v1/catalog/${c.catalog.Id}/product/batch/upsert`, { body: { Items: c.items } });
      expect(r.status, r.text).toBe(200);
    }
  });
  afterAll(async () => {
    await server?.stop();
    files?.cleanup();
    await drop?.();
  });

  it('q selects exactly the evaluator\'s items on generated queries', async () => {
    let compared = 0;
    let nonEmpty = 0;
    for (const c of CASES) {
      for (const q of c.queries) {
        const params = { q: encode(q), limit: 1000 };
        const r = await get(`/v1/catalog/${c.catalog.Id}/product${listingQuery(params)}`);
        expect(r.status, `${c.catalog.Id} ${decodeURIComponent(params.q)}: ${r.text}`).toBe(200);
        expect(r.body, decodeURIComponent(params.q)).toEqual(reference(c.items, c.catalog, params));
        compared++;
        if (r.body.Items.length) nonEmpty++;
      }
    }
    expect(compared).toBe(75);
    // The generator aims values at the items: most queries must select something.
    expect(nonEmpty).toBeGreaterThan(10);
  });

  it('a page walk forward and back equals listItems page by page', async () => {
    for (const c of CASES) {
      for (const q of [undefined, c.queries[0]]) {
        let params: Record<string, unknown> | undefined = { limit: 7, ...(q ? { q: encode(q) } : {}) };
        const forward: unknown[] = [];
        let last: Record<string, unknown> | undefined;
        let pages = 0;
        while (params) {
          const r = await get(`/v1/catalog/${c.catalog.Id}/product${listingQuery(params)}`);
          expect(r.status, r.text).toBe(200);
          expect(r.body).toEqual(reference(c.items, c.catalog, params));
          forward.push(...r.body.Items.map((i: { Id: unknown }) => i.Id));
          last = r.body;
          params = r.body.NextQuery;
          expect(++pages).toBeLessThan(40);
        }
        const all = reference(c.items, c.catalog, { limit: 1000, ...(q ? { q: encode(q) } : {}) });
        expect(forward).toEqual(all.Items.map((i: { Id: unknown }) => i.Id));
        // Back from the last page: every page until the first, in reverse.
        const backward: unknown[][] = [];
        params = (last as { PrevQuery?: Record<string, unknown> }).PrevQuery;
        while (params) {
          const r = await get(`/v1/catalog/${c.catalog.Id}/product${listingQuery(params)}`);
          expect(r.body).toEqual(reference(c.items, c.catalog, params));
          backward.unshift(r.body.Items.map((i: { Id: unknown }) => i.Id));
          params = r.body.PrevQuery;
        }
        const lastIds = ((last as { Items: { Id: unknown }[] }).Items ?? []).map((i) => i.Id);
        expect([...backward.flat(), ...lastIds]).toEqual(forward);
      }
    }
  });
});
