/**
 * Running the service (black box, the real process on PGlite): HTTPS with a certificate made here
 * with openssl, keys from a file reloaded on SIGHUP (an open connection keeps working, a new key
 * is accepted, a removed one refused), one JSON log line per request with its id and no key, a
 * per-key 429, bodies that are not UTF-8, items over the size bound, a slow body cut by the
 * request timeout, health and Prometheus metrics, `catq-server keys new`.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServerToExit, startServer, tempFiles, type ServerProcess } from './support/process.js';

const CATALOG = { Id: 900, Name: 'Ops catalog', Type: 'Product', Aliases: { Id: 'id', Name: 'name' }, SearchableAttributes: [{ Attribute: 'v', Type: 'Number', Cardinality: 'One' }] };
const KEY_A = 'key-a-kept-open';
const KEY_B = 'key-b-removed-later';
const KEY_C = 'key-c-added-later';
const KEY_R = 'key-r-rate-limited';
const digest = (k: string) => createHash('sha256').update(k).digest('hex');

const files = tempFiles({ 'c.json': JSON.stringify(CATALOG) });
const keysFile = files.path('keys.txt');
writeFileSync(keysFile, `# test keys\n${KEY_A}\nsha256:${digest(KEY_B)} 1   # B, by its digest\n${KEY_R}\n`);
chmodSync(keysFile, 0o644); // readable by other users, whatever the umask: the start warns
execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', files.path('key.pem'), '-out', files.path('cert.pem'), '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { stdio: 'ignore' });
const ca = readFileSync(files.path('cert.pem'));

let server: ServerProcess;
beforeAll(async () => {
  server = await startServer([
    '--catalog', files.path('c.json'),
    '--api-keys-file', keysFile,
    '--tls-cert', files.path('cert.pem'),
    '--tls-key', files.path('key.pem'),
    '--rate-limit', '25',
    '--metrics-port', '0',
    '--request-timeout', '1500',
    '--log-level', 'info',
  ]);
});
afterAll(async () => {
  await server?.stop();
  files.cleanup();
});

interface HttpsReply {
  readonly status: number;
  readonly body: any;
  readonly headers: Record<string, string | string[] | undefined>;
  /** The client port of the connection that carried the request. */
  readonly localPort: number;
}

/** One HTTPS request trusting only the test's certificate. */
function https(path: string, options: { key?: string; method?: string; body?: Buffer | string; headers?: Record<string, string>; agent?: Agent } = {}): Promise<HttpsReply> {
  const url = new URL(server.url + path);
  const headers: Record<string, string> = { ...(options.key ? { 'X-Service-ApiKey': options.key } : {}), ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...options.headers };
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers, ca, agent: options.agent ?? new Agent({ ca }) }, (res) => {
      const localPort = res.socket.localPort ?? 0;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, body, headers: res.headers, localPort });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('catq-server in production', () => {
  it('speaks HTTPS with the given certificate; echoes or makes a request id', async () => {
    expect(server.url).toMatch(/^https:\/\//);
    const r = await https('/v1/catalog', { key: KEY_A, headers: { 'X-Request-Id': 'ops-test-id-1' } });
    expect(r.status).toBe(200);
    expect(r.body.Items.map((c: { Id: number }) => c.Id)).toEqual([900]);
    expect(r.headers['x-request-id']).toBe('ops-test-id-1');
    const made = await https('/v1/catalog', { key: KEY_A });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes one JSON log line per request, with its id, route, status and duration, and never the key or the body', async () => {
    const marker = 'body-marker-that-must-not-be-logged';
    const r = await https('/v1/catalog/900/product/batch/upsert', { key: KEY_A, method: 'POST', body: JSON.stringify({ Items: [{ id: 1, name: marker, v: 1 }] }), headers: { 'X-Request-Id': 'ops-test-id-2' } });
    expect(r.status).toBe(200);
    await new Promise((res) => setTimeout(res, 100));
    const lines = server
      .stderr()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const mine = lines.filter((l) => l['reqId'] === 'ops-test-id-2');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ method: 'POST', route: '/v1/catalog/:catalogId/:item/batch/upsert', status: 200, msg: 'request' });
    expect(typeof mine[0]?.['ms']).toBe('number');
    expect(lines.filter((l) => l['reqId'] === 'ops-test-id-1')).toHaveLength(1);
    for (const secret of [KEY_A, KEY_B, KEY_R, marker]) expect(server.stderr()).not.toContain(secret);
  });

  it('reloads the keys file on SIGHUP: an open connection keeps working, a new key is accepted, a removed key refused', async () => {
    const agent = new Agent({ ca, keepAlive: true, maxSockets: 1 });
    const before = await https('/v1/catalog', { key: KEY_A, agent });
    expect(before.status).toBe(200);
    expect((await https('/v1/catalog', { key: KEY_B })).status).toBe(200);
    expect((await https('/v1/catalog', { key: KEY_C })).status).toBe(401);
    writeFileSync(keysFile, `${KEY_A}\nsha256:${digest(KEY_C)}\n${KEY_R}\n`);
    server.child.kill('SIGHUP');
    let c = 401;
    for (let i = 0; i < 50 && c !== 200; i++) {
      await new Promise((res) => setTimeout(res, 100));
      c = (await https('/v1/catalog', { key: KEY_C })).status;
    }
    expect(c).toBe(200);
    const b = await https('/v1/catalog', { key: KEY_B });
    expect(b.status).toBe(401);
    expect(b.body.Errors).toHaveLength(1);
    const after = await https('/v1/catalog', { key: KEY_A, agent });
    expect(after.status).toBe(200);
    expect(after.localPort).toBe(before.localPort);
    agent.destroy();
  });

  it('warns when the keys file holds keys in plain text that other users can read; not when it is private', async () => {
    expect(server.stderr()).toContain(`catq-server: warning: the keys file "${keysFile}" holds 2 keys in plain text and other users can read it: chmod 600 it`);
    const privateFile = files.path('private-keys.txt');
    writeFileSync(privateFile, `${KEY_A}\n`, { mode: 0o600 });
    chmodSync(privateFile, 0o600);
    const quiet = await startServer(['--catalog', files.path('c.json'), '--api-keys-file', privateFile, '--log-level', 'warn']);
    try {
      expect(quiet.stderr()).not.toContain('keys file');
    } finally {
      await quiet.stop();
    }
  });

  it('limits requests per key: a 429 with the Errors body and Retry-After, other keys unaffected', async () => {
    const statuses: number[] = [];
    let last: HttpsReply | undefined;
    for (let i = 0; i < 27; i++) {
      last = await https('/v1/catalog', { key: KEY_R });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 25).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(25)).toEqual([429, 429]);
    expect(last?.body.Errors[0].message).toMatch(/limit is 25 per minute/);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await https('/v1/catalog', { key: KEY_A })).status).toBe(200);
  });

  it('refuses a body that is not UTF-8 with a 400 naming the byte, and an item over the size bound', async () => {
    const bytes = Buffer.concat([Buffer.from('{"Items":[{"id":2,"name":"caf'), Buffer.from([0xe9]), Buffer.from('"}]}')]);
    const r = await https('/v1/catalog/900/product/batch/upsert', { key: KEY_A, method: 'POST', body: bytes });
    expect(r.status).toBe(400);
    expect(r.body.Errors[0].message).toMatch(/not valid UTF-8.*offset 29 \(0xe9/);
    const get = await https('/v1/catalog/900/product/2', { key: KEY_A });
    expect(get.status).toBe(404);
    const huge: Record<string, number> = { id: 3 };
    for (let i = 0; i < 200_000; i++) huge[`k${i}`] = i;
    const big = await https('/v1/catalog/900/product/batch/upsert', { key: KEY_A, method: 'POST', body: JSON.stringify({ Items: [{ id: 4 }, huge] }) });
    expect(big.status).toBe(400);
    expect(big.body.Errors).toEqual([{ message: expect.stringMatching(/^Items\[1\] has more than 20000 members/) }]);
  });

  it('cuts a request whose body does not arrive within --request-timeout (408, connection closed)', async () => {
    const { port } = new URL(server.url);
    const socket = connect({ host: '127.0.0.1', port: Number(port), ca, servername: 'localhost' });
    await new Promise<void>((res, rej) => socket.once('secureConnect', () => res()).once('error', rej));
    const t0 = Date.now();
    let got = '';
    socket.on('data', (d: Buffer) => (got += d.toString()));
    const closed = new Promise<void>((res) => socket.once('close', () => res()));
    socket.write(`POST /v1/catalog/900/product/batch/upsert HTTP/1.1\r\nHost: localhost\r\nX-Service-ApiKey: ${KEY_A}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"Items":[`);
    await closed;
    const took = Date.now() - t0;
    expect(got).toMatch(/^HTTP\/1\.1 408/);
    expect(got).toContain('"Errors"');
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(6000);
  });

  it('serves /healthz and /readyz without a key, and Prometheus metrics on the metrics port', async () => {
    const h = await https('/healthz');
    expect([h.status, h.body]).toEqual([200, { status: 'ok' }]);
    const ready = await https('/readyz');
    expect([ready.status, ready.body]).toEqual([200, { ready: true }]);
    const url = /metrics on (http:\/\/\S+)/.exec(server.stdout())?.[1];
    expect(url).toBeDefined();
    const text = await (await fetch(url as string)).text();
    expect(text).toMatch(/catq_http_requests_total\{route="\/v1\/catalog",method="GET",status="200"\} [1-9]/);
    expect(text).toMatch(/catq_http_requests_total\{route="\/v1\/catalog",method="GET",status="429"\} 2/);
    expect(text).toMatch(/catq_http_request_duration_seconds_bucket\{le="0.1",route="\/v1\/catalog",method="GET",status="200"\} [1-9]/);
    expect(text).toMatch(/catq_batch_items_total\{operation="upsert"\} 1/);
    expect(text).toMatch(/catq_rate_limited_total 2/);
    for (const secret of [KEY_A, KEY_C, KEY_R]) expect(text).not.toContain(secret);
  });
  it('catq_batch_items_total counts the items written, not a dry run\'s, skipped items or unknown ids', async () => {
    const url = /metrics on (http:\/\/\S+)/.exec(server.stdout())?.[1] as string;
    const counts = async () => {
      const text = await (await fetch(url)).text();
      return Object.fromEntries(['upsert', 'update', 'delete'].map((op) => [op, Number(new RegExp(`catq_batch_items_total\\{operation="${op}"\\} (\\d+)`).exec(text)?.[1] ?? 0)]));
    };
    const batch = (op: string, method: string, items: unknown[], query = '') => https(`/v1/catalog/900/product/batch/${op}${query}`, { key: KEY_A, method, body: JSON.stringify({ Items: items }) });
    const before = await counts();
    expect((await batch('upsert', 'POST', [{ id: 'm1' }, { id: 'm2' }, { id: 'm3' }], '?dry-run=true')).status).toBe(200);
    expect((await batch('upsert', 'POST', [{ id: null }, { id: 'nul\u0000' }, { name: 'no id' }])).status).toBe(200);
    expect((await batch('upsert', 'POST', [{ id: 'm1' }, { id: 'm2' }, { id: 'bad', v: 'x\ud800' }])).status).toBe(200);
    expect((await batch('update', 'PATCH', [{ id: 'm1', v: 2 }, { id: 'missing', v: 2 }])).status).toBe(200);
    expect((await batch('update', 'PATCH', [{ id: 'm2', v: 3 }], '?dry-run=true')).status).toBe(200);
    expect((await batch('delete', 'POST', [{ id: 'm1' }, { id: 'm2' }, { id: 'missing' }])).status).toBe(200);
    const after = await counts();
    expect({ upsert: after['upsert']! - before['upsert']!, update: after['update']! - before['update']!, delete: after['delete']! - before['delete']! }).toEqual({ upsert: 2, update: 1, delete: 2 });
  });
});

describe('catq-server keys new', () => {
  it('prints a new key and the keys-file line holding its digest and network', async () => {
    const r = await runServerToExit(['keys', 'new', '--network-id', '7']);
    expect(r.code).toBe(0);
    const key = /^key: {2}(\S+)$/m.exec(r.stdout)?.[1] as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.stdout).toContain(`line: sha256:${digest(key)} 7\n`);
    const bad = await runServerToExit(['keys', 'old']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Usage: catq-server keys new');
    const help = await runServerToExit(['keys', 'new', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: catq-server keys new');
  });
});
