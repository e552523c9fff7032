/**
 * Bad input: 10,000 generated hostile requests over real HTTP (random q, parameters, bodies,
 * headers, content types, encodings, methods and paths) against a real process on PostgreSQL,
 * and 2,000 more on PGlite: never a 500, never a crash, every 4xx carries an Errors body.
 */
import { request, Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encode, toWire } from 'catq';
import { jsonValueArb, nastyStringArb, queryArb } from '../../../test/support/query-arbitrary.js';
import { PRODUCTS, CATEGORIES } from './support/fixtures.js';
import { freshDatabase, KEY, startServer, tempFiles, type ServerProcess } from './support/process.js';
import { propertySeed } from '../../../test/support/property-runs.js';

interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

const seg = fc.oneof(
  fc.constantFrom('500', '600', '99', '100', '-1', '1e400', '500.5', 'abc', '', '%00', '%ZZ', '%E0%A4%A', '..', '%2F', 'NaN', '0x1F4', ' 500'),
  nastyStringArb.map(encodeURIComponent),
  fc.string({ unit: 'binary', maxLength: 8 }).map(encodeURIComponent),
);
const kind = fc.oneof(fc.constantFrom('product', 'brand', 'category', 'merchant', 'PRODUCT', 'items', ''), seg);
const op = fc.constantFrom('upsert', 'update', 'delete', 'x', '');
const pathArb = fc.oneof(
  fc.constant('/v1/catalog'),
  seg.map((c) => `/v1/catalog/${c}`),
  fc.tuple(seg, kind).map(([c, k]) => `/v1/catalog/${c}/${k}`),
  fc.tuple(fc.constantFrom('500', '600'), kind).map(([c, k]) => `/v1/catalog/${c}/${k}`),
  fc.tuple(seg, kind, seg).map(([c, k, i]) => `/v1/catalog/${c}/${k}/${i}`),
  fc.tuple(fc.constantFrom('500', '600', '99'), kind, op).map(([c, k, o]) => `/v1/catalog/${c}/${k}/batch/${o}`),
  fc.constantFrom('/', '/openapi.json', '/v1', '/v2/catalog', '/v1/catalog/', '//v1//catalog', '/v1/catalog/500/product/batch'),
);

const qValue = fc.oneof(
  queryArb.map((q) => encode(q)),
  queryArb.map((q) => JSON.stringify(toWire(q))).map(encodeURIComponent),
  jsonValueArb.map((v) => encodeURIComponent(JSON.stringify(v))),
  nastyStringArb.map(encodeURIComponent),
  fc.constantFrom('%', '%5B', '%5B%5B%22price%22', '[[', 'null', '%00', '%E0%A4%A', '%FF%FE', '[[["matches","title"],"red&shoe"]]'.replace(/"/g, '%22')),
  fc.string({ maxLength: 3000 }).map(encodeURIComponent),
);
const paramValue = fc.oneof(fc.constantFrom('1', '0', '1000', '1001', '-5', '1e3', 'asc', 'desc', '>', '%3E%3D', '<', '', '%00', 'null'), nastyStringArb.map(encodeURIComponent));
const queryString = fc
  .array(
    fc.oneof(
      qValue.map((v) => `q=${v}`),
      fc.tuple(fc.constantFrom('boundary-id', 'comparison', 'limit', 'order', 'x', '__proto__', 'q[]', 'limit[a]'), paramValue).map(([k, v]) => `${k}=${v}`),
      fc.constantFrom('q', '&', '=', '==', 'limit', '%%%'),
    ),
    { maxLength: 5 },
  )
  .map((parts) => (parts.length ? `?${parts.join('&')}` : ''));

const items = fc.oneof(
  fc.array(jsonValueArb, { maxLength: 5 }),
  fc.array(fc.record({ id: fc.oneof(fc.integer(), nastyStringArb, jsonValueArb), title: nastyStringArb, price: jsonValueArb }), { maxLength: 5 }),
);
const jsonBody = fc.oneof(
  items.map((Items) => JSON.stringify({ Items })),
  jsonValueArb.map((v) => JSON.stringify(v)),
  fc.constantFrom('', '{', '{"Items":', 'null', '[]', '{"Items":[{"id":1e400}]}', '{"Items":[{"id":"\\u0000"}]}', '{"Items":[{"id":"\\ud800"}]}', '{"__proto__":{"x":1},"Items":[{"id":1}]}', '{"Items":[{"id":1,"constructor":{"prototype":{"x":1}}}]}'),
  fc.integer({ min: 50, max: 3000 }).map((d) => '['.repeat(d) + ']'.repeat(d)),
  fc.integer({ min: 2, max: 50 }).map((d) => `{"Items":[${'{"a":'.repeat(d)}1${'}'.repeat(d)}]}`),
);
const body = fc.oneof(
  jsonBody.map((s) => Buffer.from(s)),
  jsonBody.map((s) => Buffer.from(`Items=${encodeURIComponent(s)}`)),
  fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
  fc.constantFrom(Buffer.from([0xff, 0xfe, 0x7b]), Buffer.from('{"Items":[{"id":"\xff"}]}', 'latin1')),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
  'application/json, text/plain',
  ';;;',
);
const keyHeader = fc.oneof(
  fc.constant<Record<string, string>>({ 'x-service-apikey': KEY }),
  fc.constant<Record<string, string>>({ 'x-legacy-apikey': KEY }),
  fc.constant<Record<string, string>>({}),
  fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map((k): Record<string, string> => ({ 'x-service-apikey': k })),
  fc.constant<Record<string, string>>({ 'x-service-apikey': KEY, 'x-legacy-apikey': 'wrong' }),
);
const requestArb: fc.Arbitrary<RawRequest> = fc
  .record({
    method: fc.constantFrom('GET', 'GET', 'GET', 'POST', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'),
    path: pathArb,
    query: queryString,
    key: keyHeader,
    ct: fc.option(contentType, { nil: undefined }),
    body: fc.option(body, { nil: undefined }),
    encoding: fc.constantFrom(undefined, undefined, 'gzip', 'br', 'identity', 'x-nonsense'),
    extra: fc.option(fc.dictionary(fc.constantFrom('accept', 'accept-encoding', 'x-forwarded-for', 'content-language', 'expect'), fc.string({ unit: 'grapheme-ascii', maxLength: 20 })), { nil: undefined }),
  })
  .map((r) => {
    const headers: Record<string, string> = { ...r.key, ...(r.extra ?? {}) };
    if (r.ct !== undefined) headers['content-type'] = r.ct;
    if (r.encoding) headers['content-encoding'] = r.encoding;
    if (headers['expect'] !== undefined) delete headers['expect'];
    const out: RawRequest = { method: r.method, path: r.path + r.query, headers };
    if (r.body && r.method !== 'GET' && r.method !== 'HEAD') out.body = r.body;
    return out;
  });

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

function send(base: URL, r: RawRequest): Promise<{ status: number; text: string } | { clientError: string }> {
  return new Promise((resolve) => {
    let req;
    try {
      req = request({ host: base.hostname, port: base.port, method: r.method, path: r.path, headers: { ...r.headers, ...(r.body ? { 'content-length': String(r.body.length) } : {}) }, agent });
    } catch (e) {
      resolve({ clientError: (e as Error).message });
      return;
    }
    req.on('error', (e) => resolve({ clientError: e.message }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.end(r.body);
  });
}

async function barrage(server: ServerProcess, count: number, seed: number): Promise<{ sent: number; statuses: Map<number, number> }> {
  const base = new URL(server.url);
  const requests = fc.sample(requestArb, { seed: propertySeed(seed), numRuns: count });
  const statuses = new Map<number, number>();
  let sent = 0;
  let next = 0;
  const problems: string[] = [];
  const worker = async () => {
    while (next < requests.length) {
      const r = requests[next++] as RawRequest;
      const res = await send(base, r);
      if ('clientError' in res) {
        // Node refused to send it (e.g. a header value it will not write) or the server closed
        // the connection on a malformed request: still a request the server survived.
        if (/ECONNREFUSED/.test(res.clientError)) problems.push(`server gone at ${r.method} ${r.path}`);
        continue;
      }
      sent++;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500) problems.push(`${res.status} for ${r.method} ${r.path.slice(0, 200)} ${JSON.stringify(r.headers)}: ${res.text.slice(0, 300)}`);
      if (res.status >= 400 && r.method !== 'HEAD') {
        let ok = false;
        try {
          const b = JSON.parse(res.text);
          ok = Array.isArray(b.Errors) && b.Errors.length > 0 && b.Errors.every((e: { message?: unknown }) => typeof e.message === 'string' && e.message.length > 0);
        } catch {
          ok = false;
        }
        if (!ok) problems.push(`${res.status} without an Errors body for ${r.method} ${r.path.slice(0, 200)}: ${res.text.slice(0, 200)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  expect(problems.slice(0, 20)).toEqual([]);
  return { sent, statuses };
}

describe.each([
  ['postgres', 10_000, 14],
  ['pglite', 2_000, 15],
] as const)('hostile requests on %s', (engine, count, seed) => {
  let server: ServerProcess;
  let files: ReturnType<typeof tempFiles>;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    files = tempFiles({ 'p.json': JSON.stringify(PRODUCTS), 'c.json': JSON.stringify(CATEGORIES) });
    const db: string[] = [];
    if (engine === 'postgres') {
      const fresh = await freshDatabase('hostile');
      drop = fresh.drop;
      db.push('--database-url', fresh.url);
    }
    server = await startServer(['--catalog', files.path('p.json'), '--catalog', files.path('c.json'), '--api-key', KEY, ...db]);
  });
  afterAll(async () => {
    await server?.stop();
    files?.cleanup();
    await drop?.();
  });

  it(`${count} requests: no 500, no crash, every 4xx has an Errors body`, async () => {
    const { sent, statuses } = await barrage(server, count, seed);
    // Nearly all were sent (Node refuses a few header values it cannot write).
    expect(sent).toBeGreaterThan(count * 0.95);
    // The generator reaches the successful paths too, not only the rejections (about 2% of the
    // requests; 1.75% with one of the other seeds of CATQ_PROPERTY_SEED, hence 1%).
    expect(statuses.get(200) ?? 0).toBeGreaterThan(count * 0.01);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(count * 0.1);
    expect(statuses.get(401) ?? 0).toBeGreaterThan(0);
    // Still alive and answering.
    expect(server.child.exitCode).toBeNull();
    const alive = await fetch(`${server.url}/v1/catalog/500`, { headers: { 'X-Service-ApiKey': KEY } });
    expect(alive.status).toBe(200);
    expect(server.stderr()).not.toMatch(/failed/);
  });
});
