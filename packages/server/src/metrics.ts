import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from './store/db.js';

/**
 * The service's Prometheus metrics (prom-client, one registry per service). They are served on
 * their own port (`--metrics-port`), never on the public one, so nothing about the service's load
 * is visible to API clients. docs/operations.md lists them.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly requests = new Counter({ name: 'catq_http_requests_total', help: 'HTTP requests answered, by route, method and status.', labelNames: ['route', 'method', 'status'] as const, registers: [this.registry] });
  readonly duration = new Histogram({
    name: 'catq_http_request_duration_seconds',
    help: 'Time from receiving a request to answering it, by route, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly acquire = new Histogram({
    name: 'catq_db_pool_acquire_seconds',
    help: 'Wait for a database connection from the pool (PostgreSQL).',
    buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [this.registry],
  });
  readonly unavailable = new Counter({ name: 'catq_db_unavailable_total', help: 'Database failures answered with 503 (unreachable, dropped, statement timeout, read-only).', registers: [this.registry] });
  readonly itemsWritten = new Counter({ name: 'catq_batch_items_total', help: 'Items in acknowledged batches, by operation (upsert, update, delete).', labelNames: ['operation'] as const, registers: [this.registry] });
  readonly qRejected = new Counter({ name: 'catq_q_rejected_total', help: 'List requests refused with 400, by catq diagnostic code.', labelNames: ['code'] as const, registers: [this.registry] });
  readonly rateLimited = new Counter({ name: 'catq_rate_limited_total', help: 'Requests refused with 429 (per-key rate limit).', registers: [this.registry] });

  constructor(pool?: () => PoolStats | undefined) {
    collectDefaultMetrics({ register: this.registry, prefix: 'catq_' });
    if (pool) {
      const registers = [this.registry];
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
