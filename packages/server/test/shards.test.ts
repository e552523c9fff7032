/**
 * Catalogs on several PostgreSQL servers (--shard-url): the test makes a coordinator and two shard
 * servers itself (initdb, pg_ctl as the postgres user, free ports, a temporary folder removed
 * afterwards), and gives each part of the test databases of its own on them:
 * - the conformance suite on the coordinator and both shards, with its catalogs on both shards;
 * - a shard that is stopped: its catalogs answer 503 with Retry-After and the Errors body, the
 *   others 200; started again, all answer 200 without a restart of the service;
 * - `catq-server move-catalog` under a write load: reads keep answering, and every id a write
 *   acknowledged (200) reads back from the new shard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig, UsageError } from '../src/config.js';
import { describeConformance } from './support/conformance.js';
import { makePgServers, type PgServers } from './support/pgservers.js';
import { call, KEY, runServerToExit, startServer, tempFiles, type Reply, type ServerProcess } from './support/process.js';

let servers: PgServers | undefined;
const ready = makePgServers(3, 'shards').then((s) => (servers = s));

afterAll(() => {
  servers?.cleanup();
});

/** Databases of one name on the coordinator (server 0) and both shards (1, 2); the service's arguments. */
async function cluster(name: string): Promise<{ args: string[]; coordinator: string; shards: string[] }> {
  const s = await ready;
  for (const i of [0, 1, 2]) await s.createDatabase(i, name);
  const shards = [s.url(1, name), s.url(2, name)];
  return { args: ['--database-url', s.url(0, name), ...shards.flatMap((u) => ['--shard-url', u])], coordinator: s.url(0, name), shards };
}

describeConformance('conformance on a coordinator and two shard servers', async () => ({ args: (await cluster('conf')).args }));

const catalog = (Id: number) => ({ Id, Name: `Catalog ${Id}`, Type: 'Product', Aliases: { Id: 'id', Name: 'name' }, SearchableAttributes: [{ Attribute: 'v', Type: 'Number', Cardinality: 'One' }] });
const files = tempFiles({ 'a.json': JSON.stringify(catalog(601)), 'b.json': JSON.stringify(catalog(602)), 'c.json': JSON.stringify(catalog(701)), 'd.json': JSON.stringify(catalog(702)) });
afterAll(() => files.cleanup());

/** The shard server (1 or 2) that holds each catalog, read from the coordinator's placement table. */
async function placement(db: string): Promise<Map<number, number>> {
  const s = servers as PgServers;
  const rows = await s.query(0, db, 'SELECT p.catalog_id::int AS id, s.port FROM catq_placement p JOIN catq_shards s ON s.name = p.shard');
  return new Map(rows.map((r) => [Number(r['id']), s.ports.indexOf(Number(r['port']))]));
}

function expectUnavailable(r: Reply): void {
  expect(r.status, r.text).toBe(503);
  expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(r.body.Errors[0].message).toMatch(/unavailable/);
}

describe('catalogs on shard servers', () => {
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    await ready;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  // (on the databases of the conformance suite above, which runs first)
  it('the conformance catalogs are on both shards, and the coordinator reads them through its foreign tables', async () => {
    const where = await placement('conf');
    expect(where.size).toBe(4);
    expect(new Set(where.values())).toEqual(new Set([1, 2]));
    const s = servers as PgServers;
    const viaCoordinator = await s.query(0, 'conf', 'SELECT count(*)::int AS n FROM catq_items_500');
    const onShard = await s.query(where.get(500) as number, 'conf', 'SELECT count(*)::int AS n FROM catq_items_500');
    expect(viaCoordinator[0]?.['n']).toBeGreaterThan(0);
    expect(viaCoordinator[0]?.['n']).toBe(onShard[0]?.['n']);
  });

  it('command-line mistakes are named: --shard-url without a coordinator, move-catalog to an unknown shard or without its flags', async () => {
    const base = ['--catalog', 'c.json', '--api-key', KEY];
    expect(() => readConfig([...base, '--shard-url', 'postgres://x/y'])).toThrow(UsageError);
    expect(() => readConfig([...base, '--database-url', 'postgres://x/c', '--shard-url', 'postgres://x/y', '--read-database-url', 'postgres://x/r'])).toThrow(UsageError);
    expect(readConfig([...base, '--database-url', 'postgres://x/c', '--shard-url', 'postgres://x/y', '--shard-url', 'postgres://z/y'])?.shardUrls).toEqual(['postgres://x/y', 'postgres://z/y']);
    const usage = await runServerToExit(['move-catalog', '--catalog-id', '5']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--database-url/);
    const c = await cluster('mistakes');
    const unknown = await runServerToExit(['move-catalog', '--database-url', c.coordinator, '--catalog-id', '601', '--to', c.shards[0] as string]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/catq_shards|not one of the coordinator's shards/);
  });

  it('a shard added to the command line takes the new catalogs (the shard with the fewest items)', async () => {
    const c = await cluster('grow');
    const one = await startServer(['--catalog', files.path('a.json'), '--api-key', KEY, '--database-url', c.coordinator, '--shard-url', c.shards[0] as string]);
    expect((await call(one.url, 'POST', '/v1/catalog/601/product/batch/upsert', { body: { Items: [{ id: 1, v: 1 }] } })).status).toBe(200);
    await one.stop();
    server = await startServer(['--catalog', files.path('a.json'), '--catalog', files.path('b.json'), '--catalog', files.path('c.json'), '--api-key', KEY, ...c.args]);
    expect(await placement('grow')).toEqual(new Map([[601, 1], [602, 2], [701, 2]]));
    expect((await call(server.url, 'GET', '/v1/catalog/601/product/1')).status).toBe(200);
    await server.stop();
    server = undefined;
  });

  it('a shard that is away: its catalogs 503 (Retry-After, Errors body), the others 200; back, all 200 without a restart', async () => {
    const c = await cluster('away');
    server = await startServer(['--catalog', files.path('a.json'), '--catalog', files.path('b.json'), '--api-key', KEY, ...c.args]);
    const url = server.url;
    for (const id of [601, 602]) expect((await call(url, 'POST', `/v1/catalog/${id}/product/batch/upsert`, { body: { Items: [{ id: 1, name: 'one', v: 1 }] } })).status).toBe(200);
    const where = await placement('away');
    expect(new Set(where.values())).toEqual(new Set([1, 2]));
    const away = where.get(601) as number;
    const s = servers as PgServers;
    s.stop(away);
    try {
      expectUnavailable(await call(url, 'GET', '/v1/catalog/601/product?limit=5'));
      expectUnavailable(await call(url, 'GET', '/v1/catalog/601/product/1'));
      expectUnavailable(await call(url, 'POST', '/v1/catalog/601/product/batch/upsert', { body: { Items: [{ id: 2, v: 2 }] } }));
      expect((await call(url, 'GET', '/v1/catalog/602/product?limit=5')).body.Items).toHaveLength(1);
      expect((await call(url, 'GET', '/v1/catalog/602/product/1')).status).toBe(200);
      expect((await call(url, 'POST', '/v1/catalog/602/product/batch/upsert', { body: { Items: [{ id: 2, v: 2 }] } })).status).toBe(200);
      expect((await call(url, 'GET', '/v1/catalog/601')).status).toBe(200); // the catalog itself is the coordinator's
    } finally {
      s.start(away);
    }
    // Back: the pool makes new connections; no restart.
    let status = 0;
    const t0 = Date.now();
    while (status !== 200 && Date.now() - t0 < 10_000) {
      status = (await call(url, 'GET', '/v1/catalog/601/product/1')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    expect((await call(url, 'POST', '/v1/catalog/601/product/batch/upsert', { body: { Items: [{ id: 2, v: 2 }] } })).status).toBe(200);
    expect((await call(url, 'GET', '/v1/catalog/601/product?limit=5')).body.Items).toHaveLength(2);
    expect((await call(url, 'GET', '/v1/catalog/602/product?limit=5')).body.Items).toHaveLength(2);
    await server.stop();
    server = undefined;
  }, 60_000);

  it('move-catalog under a write load: reads keep answering, every acknowledged id reads back from the new shard', async () => {
    const c = await cluster('move');
    server = await startServer(['--catalog', files.path('c.json'), '--catalog', files.path('d.json'), '--api-key', KEY, ...c.args]);
    const url = server.url;
    const seedItems = Array.from({ length: 2000 }, (_, i) => ({ id: `seed-${i}`, name: `seed ${i}`, v: i }));
    for (const part of [seedItems.slice(0, 1000), seedItems.slice(1000)]) expect((await call(url, 'POST', '/v1/catalog/701/product/batch/upsert', { body: { Items: part } })).status).toBe(200);
    const from = (await placement('move')).get(701) as number;
    const to = from === 1 ? 2 : 1;

    const acknowledged = new Set<string>();
    const refused: number[] = [];
    let readFailures = 0;
    let reads = 0;
    let stop = false;
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const items = Array.from({ length: 10 }, (_, i) => ({ id: `w${w}-${n}-${i}`, name: 'x', v: n }));
        const r = await call(url, 'POST', '/v1/catalog/701/product/batch/upsert', { body: { Items: items } });
        if (r.status === 200) for (const i of items) acknowledged.add(i.id);
        else if (r.status === 503 && r.headers.get('retry-after')) refused.push(r.status);
        else throw new Error(`a write during the move: ${r.status} ${r.text}`);
      }
    };
    const reader = async () => {
      while (!stop) {
        const r = await call(url, 'GET', '/v1/catalog/701/product/seed-7');
        reads++;
        if (r.status !== 200) readFailures++;
      }
    };
    const load = [writer(1), writer(2), writer(3), reader()];
    await new Promise((r) => setTimeout(r, 500));
    const move = await runServerToExit(['move-catalog', '--database-url', c.coordinator, '--catalog-id', '701', '--to', c.shards[to - 1] as string, '--grace-ms', '2000']);
    expect(move.code, move.stderr).toBe(0);
    expect(move.stdout).toMatch(/moved catalog 701 from \S+ to \S+ \(\d+ items\)/);
    await new Promise((r) => setTimeout(r, 500));
    stop = true;
    await Promise.all(load);

    expect((await placement('move')).get(701)).toBe(to);
    expect(readFailures).toBe(0);
    expect(reads).toBeGreaterThan(10);
    expect(acknowledged.size).toBeGreaterThan(100);
    // Every acknowledged id (and every seed item), read back through the service, page by page.
    const listed = new Set<string>();
    let boundary: string | undefined;
    for (;;) {
      const r = await call(url, 'GET', `/v1/catalog/701/product?limit=1000${boundary === undefined ? '' : `&boundary-id=${encodeURIComponent(boundary)}`}`);
      expect(r.status, r.text).toBe(200);
      for (const i of r.body.Items) listed.add(i.Id as string);
      if (r.body.Items.length < 1000) break;
      boundary = r.body.Items[r.body.Items.length - 1].Id;
    }
    for (const id of acknowledged) expect(listed.has(id), id).toBe(true);
    for (const i of seedItems) expect(listed.has(i.id)).toBe(true);
    // The new shard holds them; the old one's copy was emptied after the grace period.
    const s = servers as PgServers;
    expect((await s.query(to, 'move', 'SELECT count(*)::int AS n FROM catq_items_701'))[0]?.['n']).toBe(listed.size);
    expect((await s.query(from, 'move', 'SELECT count(*)::int AS n FROM catq_items_701'))[0]?.['n']).toBe(0);
  }, 90_000);
});
