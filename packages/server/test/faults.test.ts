/**
 * Faults: the server is killed with SIGKILL in the middle of a stream of batches, on PGlite with
 * --data-dir and on PostgreSQL; after a restart every acknowledged batch is fully there and no
 * batch is half there. Two server processes on one PostgreSQL take concurrent upserts and
 * deletes of the same ids: every acknowledged write is visible, and the final state is that of
 * some serial order.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { call, freshDatabase, KEY, startServer, tempFiles, type ServerProcess } from './support/process.js';

const CATALOG = {
  Id: 800,
  Name: 'Fault catalog',
  Type: 'Product',
  Aliases: { Id: 'id', Name: 'name' },
  SearchableAttributes: [
    { Attribute: 'batch', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'v', Type: 'String', Cardinality: 'One' },
  ],
};
const BATCH = 40;
const files = tempFiles({ 'c.json': JSON.stringify(CATALOG) });
afterAll(() => files.cleanup());

function batchItems(n: number): Record<string, unknown>[] {
  return Array.from({ length: BATCH }, (_, i) => ({ id: `b${n}-${i}`, batch: n, name: `item ${i} of batch ${n}`, pad: 'x'.repeat(200) }));
}

async function countOf(server: ServerProcess, n: number): Promise<number> {
  const q = encodeURIComponent(JSON.stringify([['batch', n]]));
  const r = await call(server.url, 'GET', `/v1/catalog/800/product?q=${q}&limit=1000`);
  expect(r.status, r.text).toBe(200);
  return r.body.Items.length;
}

/**
 * Sends batches one after another from several clients until `killAfter` have been acknowledged,
 * then SIGKILLs the server while more are in flight. Returns what was acknowledged and sent.
 */
async function streamAndKill(server: ServerProcess, killAfter: number): Promise<{ acked: Set<number>; sent: number }> {
  const acked = new Set<number>();
  let next = 0;
  let killed = false;
  const client = async () => {
    while (!killed) {
      const n = next++;
      try {
        const r = await call(server.url, 'POST', '/v1/catalog/800/product/batch/upsert', { body: { Items: batchItems(n) } });
        if (r.status === 200) acked.add(n);
        else throw new Error(`batch ${n}: ${r.status} ${r.text}`);
      } catch (e) {
        if (!killed) throw e;
      }
      if (acked.size >= killAfter && !killed) {
        killed = true;
        await server.kill();
      }
    }
  };
  await Promise.all([client(), client(), client(), client()]);
  return { acked, sent: next };
}

describe('SIGKILL in the middle of a stream of batches', () => {
  it.each(['pglite', 'postgres'] as const)('on %s: acknowledged batches are whole after restart, none is half there', async (engine) => {
    let args: string[];
    let drop: (() => Promise<void>) | undefined;
    if (engine === 'postgres') {
      const fresh = await freshDatabase('kill');
      drop = fresh.drop;
      args = ['--database-url', fresh.url];
    } else {
      args = ['--data-dir', files.path('pgdata')];
    }
    const base = ['--catalog', files.path('c.json'), '--api-key', KEY, ...args];
    try {
      const first = await startServer(base);
      const { acked, sent } = await streamAndKill(first, 12);
      expect(acked.size).toBeGreaterThanOrEqual(12);
      const second = await startServer(base);
      try {
        let whole = 0;
        for (let n = 0; n < sent; n++) {
          const count = await countOf(second, n);
          if (acked.has(n)) expect(count, `acknowledged batch ${n}`).toBe(BATCH);
          else expect([0, BATCH], `batch ${n} is all or nothing`).toContain(count);
          if (count === BATCH) whole++;
        }
        expect(whole).toBeGreaterThanOrEqual(acked.size);
      } finally {
        await second.stop();
      }
    } finally {
      await drop?.();
    }
  });
});

describe('two server processes on one PostgreSQL', () => {
  it('concurrent upserts and deletes of the same ids: acknowledged writes visible, final state serial', async () => {
    const fresh = await freshDatabase('two');
    const base = ['--catalog', files.path('c.json'), '--api-key', KEY, '--database-url', fresh.url];
    const [a, b] = await Promise.all([startServer(base), startServer(base)]);
    try {
      const IDS = Array.from({ length: 8 }, (_, i) => `shared-${i}`);
      interface Op {
        kind: 'upsert' | 'delete';
        ids: string[];
        v: string;
        start: number;
        end: number;
      }
      const done: Op[] = [];
      let seq = 0;
      let slowest = 0;
      const worker = async (server: ServerProcess, name: string) => {
        for (let k = 0; k < 20; k++) {
          const ids = IDS.filter(() => Math.random() < 0.5);
          if (!ids.length) ids.push(IDS[k % IDS.length] as string);
          const kind = Math.random() < 0.7 ? 'upsert' : 'delete';
          const v = `${name}-${seq++}`;
          const op: Op = { kind, ids, v, start: performance.now(), end: Infinity };
          done.push(op);
          const r = await call(server.url, 'POST', `/v1/catalog/800/product/batch/${kind}`, { body: { Items: ids.map((id) => ({ id, v })) } });
          op.end = performance.now();
          slowest = Math.max(slowest, op.end - op.start);
          expect(r.status, r.text).toBe(200);
          // Read your write through the other process: this upsert, or a write that came after it.
          if (kind === 'upsert') {
            const other = server === a ? b : a;
            const seen = await call(other.url, 'GET', `/v1/catalog/800/product/${ids[0]}`);
            const now = performance.now();
            // Any write to the id that had not completed before this one started, and had started
            // before the read ended, may be what the read sees (in flight ones included).
            const rivals = done.filter((o) => o !== op && o.ids.includes(ids[0] as string) && o.end > op.start && o.start < now);
            const possible = new Set([v, ...rivals.map((o) => (o.kind === 'delete' ? 'deleted' : o.v))]);
            expect(possible).toContain(seen.status === 404 ? 'deleted' : seen.body.Data.v);
          }
        }
      };
      const t0 = performance.now();
      await Promise.all([worker(a, 'a1'), worker(a, 'a2'), worker(b, 'b1'), worker(b, 'b2')]);
      console.log(`two processes: ${done.length} batches in ${Math.round(performance.now() - t0)} ms, slowest ${Math.round(slowest)} ms`);
      // The final state of each id is the effect of an operation that no other operation on it
      // followed in real time (a candidate for last in a serial order).
      for (const id of IDS) {
        const ops = done.filter((o) => o.ids.includes(id));
        const lastCandidates = ops.filter((o) => !ops.some((p) => p.start > o.end));
        const final = await call(a.url, 'GET', `/v1/catalog/800/product/${id}`);
        const state = final.status === 404 ? 'deleted' : final.body.Data.v;
        if (!ops.length) expect(state).toBe('deleted');
        else expect(lastCandidates.map((o) => (o.kind === 'delete' ? 'deleted' : o.v)), id).toContain(state);
        // Both processes see the same state.
        const viaB = await call(b.url, 'GET', `/v1/catalog/800/product/${id}`);
        expect(viaB.status === 404 ? 'deleted' : viaB.body.Data.v).toBe(state);
      }
      // Batches are atomic: every id holding version v was in v's batch, and no id of a batch
      // that is the unique last write of all its ids lost it.
      const byV = new Map(done.map((o) => [o.v, o]));
      for (const id of IDS) {
        const r = await call(a.url, 'GET', `/v1/catalog/800/product/${id}`);
        if (r.status === 200) expect(byV.get(r.body.Data.v)?.ids).toContain(id);
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await fresh.drop();
    }
  });
});
