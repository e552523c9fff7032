/**
 * Response compression (src/compression.ts): string and Buffer bodies compressed in one zlib call
 * with the coding Accept-Encoding rates best, `Vary: Accept-Encoding` once, the right length; small,
 * incompressible, HEAD, 204 and precompressed replies left alone; `compress: false` turns it off.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ASYNC_THRESHOLD, COMPRESS_THRESHOLD, isCompressible, negotiateCoding } from '../src/compression.js';
import { noDbContext } from './support/no-db.js';
import { tempFiles } from './support/process.js';
import { propertySeed, propertyRuns } from '../../../test/support/property-runs.js';

const base = noDbContext;

/** A JSON page like the service's list responses, about 26 KB. */
const page = JSON.stringify({
  Items: Array.from({ length: 120 }, (_, i) => ({ id: `item-${i}`, brand: ['Acme', 'Globex', 'Initech'][i % 3], price: 10 + i * 0.25, tags: ['red', 'blue', 'sale'], description: `Product number ${i}, a fine product of its kind.` })),
  NextQuery: 'eyJhZnRlciI6Iml0ZW0tMTE5In0',
});

/** The body of a response as sent before its Content-Encoding. */
function decoded(r: LightMyRequestResponse): string {
  const coding = r.headers['content-encoding'];
  const raw = r.rawPayload;
  if (coding === undefined) return raw.toString();
  if (coding === 'br') return brotliDecompressSync(raw).toString();
  if (coding === 'gzip') return gunzipSync(raw).toString();
  if (coding === 'deflate') return inflateSync(raw).toString();
  throw new Error(`unexpected Content-Encoding ${String(coding)}`);
}

/** The app with test routes sending `body` (set per test) as they are told. */
async function appWithRoutes(options: { compress?: boolean } = {}): Promise<{ app: FastifyInstance; body: { value: string | Buffer; type: string; vary?: string } }> {
  const app = await buildApp(base, options);
  const body: { value: string | Buffer; type: string; vary?: string } = { value: page, type: 'application/json; charset=utf-8' };
  app.get('/test/body', async (_req, reply) => {
    if (body.vary) void reply.header('vary', body.vary);
    return reply.type(body.type).send(body.value);
  });
  app.get('/test/object', async () => JSON.parse(page) as unknown);
  app.get('/test/empty', async (_req, reply) => reply.status(204).send());
  app.post('/test/echo', async (req) => req.body);
  return { app, body };
}

describe('negotiateCoding', () => {
  it('rates codings by q, ties to br, then gzip, then deflate', () => {
    expect(negotiateCoding('gzip, deflate, br')).toBe('br');
    expect(negotiateCoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(negotiateCoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateCoding('deflate, gzip')).toBe('gzip');
    expect(negotiateCoding('deflate')).toBe('deflate');
    expect(negotiateCoding('gzip; q=0.5, deflate;q=0.5')).toBe('gzip');
    expect(negotiateCoding('GZIP')).toBe('gzip');
    expect(negotiateCoding('x-gzip')).toBe('gzip');
  });
  it('`*` rates the codings the header does not name', () => {
    expect(negotiateCoding('*')).toBe('br');
    expect(negotiateCoding('br;q=0, *')).toBe('gzip');
    expect(negotiateCoding('*, br;q=0, gzip;q=0')).toBe('deflate');
    expect(negotiateCoding('gzip;q=0.5, *;q=0.1')).toBe('gzip');
    expect(negotiateCoding('*;q=0')).toBeUndefined();
  });
  it('no coding: none accepted, identity only or preferred, or an unknown one', () => {
    for (const header of [undefined, '', 'identity', 'x-unknown', 'gzip;q=0', 'br;q=0, gzip;q=0, deflate;q=0', 'identity;q=1, gzip;q=0.5', 'gzip;q=2', 'gzip;q=nope']) {
      expect(negotiateCoding(header), String(header)).toBeUndefined();
    }
  });
});

describe('isCompressible', () => {
  it('text, JSON, JavaScript and SVG; not images, octet streams or event streams', () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'text/html; charset=utf-8', 'text/plain', 'text/css', 'application/javascript', 'text/javascript; charset=utf-8', 'image/svg+xml', 'application/problem+json', 'application/vnd.example+json', 'application/xml', 'application/wasm']) {
      expect(isCompressible(type), type).toBe(true);
    }
    for (const type of ['image/png', 'image/jpeg', 'application/octet-stream', 'application/zip', 'text/event-stream', 'font/woff2']) {
      expect(isCompressible(type), type).toBe(false);
    }
  });
});

describe('compressed responses', () => {
  let app: FastifyInstance;
  let body: Awaited<ReturnType<typeof appWithRoutes>>['body'];
  beforeAll(async () => void ({ app, body } = await appWithRoutes()));
  afterAll(() => app.close());
  const get = (acceptEncoding?: string, url = '/test/body') => app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
  const reset = () => Object.assign(body, { value: page, type: 'application/json; charset=utf-8', vary: undefined });

  it('gzip for `gzip, deflate, br` and `*` (ties go to gzip for replies), br when rated higher or alone, deflate when only it is accepted', async () => {
    reset();
    for (const [header, coding] of [
      ['gzip, deflate, br', 'gzip'],
      ['gzip;q=1, br;q=0', 'gzip'],
      ['*', 'gzip'],
      ['br', 'br'],
      ['gzip;q=0.5, br', 'br'],
      ['*, gzip;q=0', 'br'],
      ['deflate', 'deflate'],
    ] as const) {
      const r = await get(header);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-encoding'], header).toBe(coding);
      expect(r.rawPayload.length).toBeLessThan(Buffer.byteLength(page) / 2);
      expect(decoded(r)).toBe(page);
      expect(r.headers['content-type']).toMatch(/application\/json/);
    }
  });

  it('objects the route returns (serialized by Fastify) are compressed too', async () => {
    const r = await get('gzip', '/test/object');
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(r))).toEqual(JSON.parse(page));
  });

  it('identity, no header, or an unknown coding: the body as it is', async () => {
    reset();
    for (const header of ['identity', undefined, 'x-unknown', 'br;q=0, gzip;q=0, deflate;q=0']) {
      const r = await get(header);
      expect(r.headers['content-encoding'], String(header)).toBeUndefined();
      expect(r.body).toBe(page);
      expect(r.headers['content-length']).toBe(String(Buffer.byteLength(page)));
    }
  });

  it('Content-Length is the length of the bytes sent', async () => {
    reset();
    for (const header of ['br', 'gzip', 'deflate']) {
      const r = await get(header);
      expect(r.headers['content-length']).toBe(String(r.rawPayload.length));
    }
  });

  it('Vary names Accept-Encoding once, after any value already there', async () => {
    reset();
    const plain = await get('gzip');
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    body.vary = 'Origin';
    const origin = await get('gzip');
    expect(origin.headers['vary']).toBe('Origin, Accept-Encoding');
    body.vary = 'origin, accept-encoding';
    const already = await get('br');
    expect(already.headers['content-encoding']).toBe('br');
    expect(already.headers['vary']).toBe('origin, accept-encoding');
    reset();
  });

  it('bodies under the threshold are sent as they are', async () => {
    body.value = JSON.stringify({ small: 'x'.repeat(COMPRESS_THRESHOLD - 20) });
    expect(Buffer.byteLength(body.value)).toBeLessThan(COMPRESS_THRESHOLD);
    const r = await get('gzip, deflate, br');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body).toBe(body.value);
    // The threshold is in bytes, not in characters: fewer characters than it, more bytes.
    body.value = JSON.stringify({ accents: 'é'.repeat(Math.ceil(COMPRESS_THRESHOLD / 2)) });
    expect(body.value.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(Buffer.byteLength(body.value)).toBeGreaterThanOrEqual(COMPRESS_THRESHOLD);
    expect((await get('gzip')).headers['content-encoding']).toBe('gzip');
    body.value = JSON.stringify({ accents: 'é'.repeat(Math.floor(COMPRESS_THRESHOLD / 2) - 20) });
    expect(Buffer.byteLength(body.value)).toBeLessThan(COMPRESS_THRESHOLD);
    expect(body.value.length * 3).toBeGreaterThanOrEqual(COMPRESS_THRESHOLD);
    expect((await get('gzip')).headers['content-encoding']).toBeUndefined();
    // The service's small replies too: /healthz, a 404.
    expect((await get('br', '/healthz')).headers['content-encoding']).toBeUndefined();
    expect((await get('br', '/nope')).headers['content-encoding']).toBeUndefined();
    reset();
  });

  it('Buffers and text are compressed; images and bodies that do not get smaller are not', async () => {
    body.value = Buffer.from(page);
    body.type = 'text/plain; charset=utf-8';
    const text = await get('br');
    expect(text.headers['content-encoding']).toBe('br');
    expect(decoded(text)).toBe(page);
    body.type = 'image/png';
    const png = await get('br');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body).toBe(page);
    // Random bytes as text: compressed they are larger, so the original goes out, without a coding.
    const noise = randomBytes(4096);
    body.value = noise;
    body.type = 'text/plain';
    const r = await get('gzip');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.rawPayload.equals(noise)).toBe(true);
    expect(r.headers['content-length']).toBe('4096');
    reset();
  });

  it('HEAD and 204 replies get no coding', async () => {
    reset();
    const head = await app.inject({ method: 'HEAD', url: '/test/body', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body).toBe('');
    const empty = await get('br', '/test/empty');
    expect(empty.statusCode).toBe(204);
    expect(empty.headers['content-encoding']).toBeUndefined();
  });

  it('a body over 1 MB is compressed off the event loop, with the same result', async () => {
    const big = JSON.stringify({ Items: Array.from({ length: 12_000 }, (_, i) => ({ id: i, name: `item ${i}`, text: 'lorem ipsum dolor sit amet '.repeat(3) })) });
    expect(Buffer.byteLength(big)).toBeGreaterThan(ASYNC_THRESHOLD);
    body.value = big;
    for (const coding of ['br', 'gzip', 'deflate']) {
      const r = await get(coding);
      expect(r.headers['content-encoding']).toBe(coding);
      expect(r.headers['content-length']).toBe(String(r.rawPayload.length));
      expect(decoded(r)).toBe(big);
    }
    reset();
  });

  it('the OpenAPI document (a real route) is compressed', async () => {
    const r = await get('gzip, deflate, br', '/openapi.json');
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(r))).toMatchObject({ openapi: '3.1.0' });
  });

  it('request bodies sent gzip-compressed are still decompressed (by @fastify/compress)', async () => {
    const sent = JSON.stringify({ hello: 'world', n: [1, 2, 3] });
    const r = await app.inject({ method: 'POST', url: '/test/echo', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: gzipSync(sent) });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual(JSON.parse(sent));
  });

  it('property: the decoded response is exactly the body, in a coding the client accepts', async () => {
    const token = fc.constantFrom('br', 'gzip', 'deflate', 'identity', '*', 'x-gzip', 'x-unknown', 'BR', 'Gzip', 'compress');
    const q = fc.option(fc.constantFrom('0', '0.001', '0.5', '1', '1.0', '0.000'), { nil: undefined });
    const element = fc.record({ token, q });
    const header = fc.option(fc.array(element, { maxLength: 5 }), { nil: undefined });
    const json = fc.oneof(fc.json({ maxDepth: 3 }), fc.json({ maxDepth: 3 }).map((j) => JSON.stringify({ pad: 'abcdefgh'.repeat(150), j })));
    await fc.assert(
      fc.asyncProperty(json, header, async (value, elements) => {
        body.value = value;
        body.type = 'application/json';
        const accept = elements?.map((e) => (e.q === undefined ? e.token : `${e.token};q=${e.q}`)).join(', ');
        const r = await get(accept);
        expect(decoded(r)).toBe(value);
        const coding = r.headers['content-encoding'];
        if (coding === undefined) return;
        expect(Buffer.byteLength(value)).toBeGreaterThanOrEqual(COMPRESS_THRESHOLD);
        expect(r.headers['vary']).toBe('Accept-Encoding');
        expect(r.headers['content-length']).toBe(String(r.rawPayload.length));
        // The coding was accepted: named (or x-gzip for gzip) or `*`, and the first such element not q=0.
        const first = elements?.find((e) => [coding, coding === 'gzip' ? 'x-gzip' : coding].includes(e.token.toLowerCase()));
        const star = elements?.find((e) => e.token === '*');
        const rating = first ?? star;
        expect(rating, accept).toBeDefined();
        expect(Number(rating?.q ?? 1), accept).toBeGreaterThan(0);
      }),
      { seed: propertySeed(0x5eedc0a9), numRuns: propertyRuns(200) },
    );
    reset();
  });
});

describe('precompressed console files', () => {
  const script = 'export const greet = (name) => `hello ${name}`;\n'.repeat(100);
  const files = tempFiles({ 'index.html': '<!doctype html><title>console</title>', 'app.js': script });
  mkdirSync(join(files.dir, 'assets'));
  const asset = join(files.dir, 'assets', 'console-ABCD1234.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.gz`, gzipSync(script, { level: 9 }));
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  afterAll(() => files.cleanup());

  it('are sent byte for byte as the build wrote them, not compressed again; other files are compressed', async () => {
    const app = await buildApp({ ...base, playgroundDir: files.dir });
    const url = '/assets/console-ABCD1234.js';
    for (const [header, coding, suffix] of [
      ['gzip, deflate, br', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
    ] as const) {
      const r = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': header } });
      expect(r.headers['content-encoding']).toBe(coding);
      expect(r.rawPayload.equals(readFileSync(asset + suffix))).toBe(true);
      expect(decoded(r)).toBe(script);
      expect(r.headers['vary']).toBe('Accept-Encoding');
    }
    // deflate: no precompressed copy, so the hook compresses the file (Vary still once).
    const deflated = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'deflate' } });
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(decoded(deflated)).toBe(script);
    expect(deflated.headers['vary']).toBe('Accept-Encoding');
    const plain = await app.inject({ method: 'GET', url: '/app.js', headers: { 'accept-encoding': 'br' } });
    expect(plain.headers['content-encoding']).toBe('br');
    expect(decoded(plain)).toBe(script);
    await app.close();
  });
});

describe('compress: false (--compression off)', () => {
  it('sends every body as it is', async () => {
    const { app } = await appWithRoutes({ compress: false });
    const r = await app.inject({ method: 'GET', url: '/test/body', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body).toBe(page);
    expect(r.headers['vary']).toBeUndefined();
    await app.close();
  });
});
