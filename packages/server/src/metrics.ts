import { createServer, type Server } from 'node:http';
import type { Counter, Histogram, Registry } from 'prom-client';
import type { PoolStats } from './store/db.js';

/**
 * The service's Prometheus metrics (prom-client, one registry per service). They are served on
 * their own port (`--metrics-port`), never on the public one, so nothing about the service's load
 * is visible to API clients. docs/operations.md lists them.
 */
export class ServiceMetrics {
  /**
   * The metrics, with prom-client loaded now: it is loaded only when metrics are asked for
   * (`--metrics-port`), since importing it is about a tenth of a second of the service's start.
   */
  static async create(pool?: () => PoolStats | undefined, replicasUp?: () => number[] | undefined): Promise<ServiceMetrics> {
    return new ServiceMetrics(await import('prom-client'), pool, replicasUp);
  }

  readonly registry: Registry;
  readonly requests: Counter<'route' | 'method' | 'status'>;
  readonly duration: Histogram<'route' | 'method' | 'status'>;
  readonly acquire: Histogram;
  readonly unavailable: Counter;
  readonly itemsWritten: Counter<'operation'>;
  readonly qRejected: Counter<'code'>;
  readonly rateLimited: Counter;

  private constructor(client: typeof import('prom-client'), pool?: () => PoolStats | undefined, replicasUp?: () => number[] | undefined) {
    const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = client;
    const registry = (this.registry = new Registry());
    this.requests = new Counter({ name: 'catq_http_requests_total', help: 'HTTP requests answered, by route, method and status.', labelNames: ['route', 'method', 'status'] as const, registers: [registry] });
    this.duration = new Histogram({
      name: 'catq_http_request_duration_seconds',
      help: 'Time from receiving a request to answering it, by route, method and status.',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    this.acquire = new Histogram({
      name: 'catq_db_pool_acquire_seconds',
      help: 'Wait for a database connection from the pool (PostgreSQL).',
      buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
      registers: [registry],
    });
    this.unavailable = new Counter({ name: 'catq_db_unavailable_total', help: 'Database failures answered with 503 (unreachable, dropped, statement timeout, read-only).', registers: [registry] });
    this.itemsWritten = new Counter({ name: 'catq_batch_items_total', help: 'Items written by acknowledged batches, by operation (upsert: stored; update: updated; delete: deleted; never a dry run\'s or a skipped item).', labelNames: ['operation'] as const, registers: [registry] });
    this.qRejected = new Counter({ name: 'catq_q_rejected_total', help: 'List requests refused with 400, by catq diagnostic code.', labelNames: ['code'] as const, registers: [registry] });
    this.rateLimited = new Counter({ name: 'catq_rate_limited_total', help: 'Requests refused with 429 (per-key rate limit).', registers: [registry] });
    collectDefaultMetrics({ register: registry, prefix: 'catq_' });
    if (pool) {
      const registers = [registry];
      new Gauge({
        name: 'catq_db_pool_connections',
        help: 'Database connections by state: open (total), idle, max (all pools).',
        labelNames: ['state'] as const,
        registers,
        collect() {
          const s = pool();
          if (!s) return;
          this.set({ state: 'open' }, s.total);
          this.set({ state: 'idle' }, s.idle);
          this.set({ state: 'max' }, s.max);
        },
      });
      new Gauge({
        name: 'catq_db_pool_waiting',
        help: 'Statements waiting for a database connection now.',
        registers,
        collect() {
          this.set(pool()?.waiting ?? 0);
        },
      });
    }
    if (replicasUp) {
      new Gauge({
        name: 'catq_db_replica_up',
        help: 'Whether each read replica takes reads (1) or is left out after a failure, its reads going to the others or the primary (0); replica counts from 1 in --read-database-url order.',
        labelNames: ['replica'] as const,
        registers: [registry],
        collect() {
          replicasUp()?.forEach((up, i) => this.set({ replica: String(i + 1) }, up));
        },
      });
    }
  }

  /** Serves `GET /metrics` on its own HTTP listener. */
  async listen(port: number, host: string): Promise<{ server: Server; url: string }> {
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('GET /metrics\n');
        return;
      }
      this.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': this.registry.contentType }).end(text),
        (e: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${e.message}\n`),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const addr = server.address();
    const p = typeof addr === 'object' && addr ? addr.port : port;
    return { server, url: `http://${host.includes(':') ? `[${host}]` : host}:${p}/metrics` };
  }
}
