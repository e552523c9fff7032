/**
 * The service through PgBouncer 1.18 in `pool_mode = transaction` (the test starts its own
 * pgbouncer on a free port, in front of the test PostgreSQL server): the conformance suite on one
 * database through the pooler, and with the coordinator database through it and two shard
 * databases (on the same server, reached directly: see docs/operations.md). The
 * service detects the pooler (it refuses the start-up parameters) and says so; PgBouncer's own
 * statistics show the transactions went through it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { describeConformance } from './support/conformance.js';
import { startPgBouncer, type PgBouncer } from './support/pgbouncer.js';
import { DATABASE_URL, freshDatabase, KEY, startServer, tempFiles } from './support/process.js';

const target = new URL(DATABASE_URL);
let bouncer: PgBouncer | undefined;
const started = startPgBouncer(target.hostname, Number(target.port || 5432)).then((b) => (bouncer = b));
const drops: (() => Promise<void>)[] = [];
const names: string[] = [];

/** A fresh database, reached through the pooler. */
async function throughPooler(label: string): Promise<string> {
  const b = await started;
  const db = await freshDatabase(label);
  drops.push(db.drop);
  const name = new URL(db.url).pathname.slice(1);
  names.push(name);
  return b.url(name);
}

/** A fresh database, reached directly. */
async function direct(label: string): Promise<string> {
  const db = await freshDatabase(label);
  drops.push(db.drop);
  return db.url;
}

afterAll(async () => {
  await bouncer?.stop();
  for (const drop of drops) await drop();
});

describeConformance('conformance through PgBouncer (transaction mode)', async () => ({ args: ['--database-url', await throughPooler('bouncer')] }));

// The shard URLs are also the coordinator's postgres_fdw servers, which need a session of their
// own (postgres_fdw sets search_path and more per connection): they stay direct.
describeConformance('conformance on a coordinator through PgBouncer (transaction mode) and two shards', async () => ({
  args: ['--database-url', await throughPooler('bcoord'), '--shard-url', await direct('bshard1'), '--shard-url', await direct('bshard2')],
}));

describe('PgBouncer', () => {
  it('the service detects the pooler and says so; the transactions went through it', async () => {
    const files = tempFiles({ 'c.json': JSON.stringify({ Id: 903, Name: 'Pooled', Type: 'Product', Aliases: { Id: 'id', Name: 'name' } }) });
    const server = await startServer(['--catalog', files.path('c.json'), '--api-key', KEY, '--database-url', await throughPooler('bdetect')]);
    try {
      expect(server.stderr()).toMatch(/transaction pooler \(PgBouncer\)/);
    } finally {
      await server.stop();
      files.cleanup();
    }
    for (const name of names) {
      const s = await (bouncer as PgBouncer).stats(name);
      expect(Number(s?.['total_xact_count']), name).toBeGreaterThan(0);
    }
  });
});
