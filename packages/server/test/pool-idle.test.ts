/**
 * Idle PostgreSQL connections stay open for `--pool-idle-timeout` (default five minutes, not
 * node-postgres' 10 s), so a request after a lull does not pay for a new backend. The real
 * process on the test's own database, its connections counted in `pg_stat_activity`; and the
 * flag read strictly.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig, UsageError } from '../src/config.js';
import { DEFAULT_POOL_IDLE_MS } from '../src/store/db.js';
import { call, DATABASE_URL, freshDatabase, KEY, startServer, tempFiles } from './support/process.js';

const CATALOG = { Id: 903, Name: 'Pool catalog', Type: 'Product', Aliases: { Id: 'id' }, SearchableAttributes: [{ Attribute: 'v', Type: 'Number', Cardinality: 'One' }] };
const files = tempFiles({ 'c.json': JSON.stringify(CATALOG) });
afterAll(() => files.cleanup());
const base = ['--catalog', files.path('c.json'), '--api-key', KEY];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Connections to database `name` (other than this one). */
async function connectionsTo(name: string): Promise<number> {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  try {
    const r = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    return r.rows[0].n as number;
  } finally {
    await c.end();
  }
}

describe('--pool-idle-timeout', () => {
  let db: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    db = await freshDatabase('pool_idle');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('closes idle connections after the timeout given, and keeps them by default', async () => {
    const name = new URL(db.url).pathname.slice(1);
    const counts: Record<string, [number, number]> = {};
    // 1 s against the default, each waited out past its mark: 2.5 s, and 11 s (past node-postgres' own 10 s).
    for (const [label, extra, wait] of [['1 s', ['--pool-idle-timeout', '1000'], 2500], ['default', [], 11_000]] as const) {
      const server = await startServer([...base, '--database-url', db.url, ...extra]);
      try {
        // Several at once, so that the pool opens more than one connection.
        const replies = await Promise.all(Array.from({ length: 6 }, () => call(server.url, 'GET', '/v1/catalog/903/product?limit=5')));
        expect(replies.map((r) => r.status)).toEqual(Array(6).fill(200));
        const busy = await connectionsTo(name);
        await sleep(wait);
        counts[label] = [busy, await connectionsTo(name)];
        // A request after the lull is answered either way (on a new connection, or an idle one).
        expect((await call(server.url, 'GET', '/v1/catalog/903/product?limit=5')).status).toBe(200);
      } finally {
        await server.stop();
      }
    }
    expect(counts['1 s']?.[0]).toBeGreaterThan(0);
    expect(counts['1 s']?.[1]).toBe(0);
    expect(counts['default']?.[1]).toBeGreaterThan(0);
    expect(counts['default']?.[1]).toBe(counts['default']?.[0]);
  }, 90_000);

  it('is read as whole milliseconds, 0 meaning never; anything else is a usage error', () => {
    expect(DEFAULT_POOL_IDLE_MS).toBe(300_000);
    expect(readConfig(base)?.poolIdleTimeoutMs).toBeUndefined();
    expect(readConfig([...base, '--pool-idle-timeout', '0'])?.poolIdleTimeoutMs).toBe(0);
    expect(readConfig([...base, '--pool-idle-timeout', '60000'])?.poolIdleTimeoutMs).toBe(60_000);
    for (const bad of ['-1', '1.5', 'soon', '']) expect(() => readConfig([...base, '--pool-idle-timeout', bad])).toThrow(UsageError);
  });
});
