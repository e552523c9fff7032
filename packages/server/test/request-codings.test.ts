/**
 * Request bodies sent compressed, with compression on (the default), on a real catq-server process
 * over real HTTP. Content codings are case-insensitive and `identity` in a list is no coding (RFC
 * 9110 §8.4.1): `GZIP`, `gzip, identity` and `identity, gzip` are gzip. They were a 400
 * "Unsupported Content-Encoding: GZIP" (@fastify/compress compares the whole header with its
 * lower-case names). A coding the service does not decode (`zstd`, two codings one over the other)
 * is a 400 with the Errors body naming the codings it takes.
 */
import { request } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, KEY, startServer, tempFiles, type ServerProcess } from './support/process.js';

const CATALOG = { Id: 1042, Name: 'codings', Type: 'Product', Aliases: { Id: 'id', Name: 'name' } };

let server: ServerProcess;
const files = tempFiles({ 'c.json': JSON.stringify(CATALOG) });

beforeAll(async () => {
  server = await startServer(['--catalog', files.path('c.json'), '--api-key', KEY, '--log-level', 'warn']);
});
afterAll(async () => {
  await server?.stop();
  files.cleanup();
});

const UPSERT = '/v1/catalog/1042/product/batch/upsert';

/** One request with a raw body and its headers (fetch sends a Buffer as it is). */
async function send(body: Buffer, headers: Record<string, string>, path = UPSERT): Promise<{ status: number; body: any }> {
  const r = await fetch(server.url + path, { method: 'POST', headers: { 'X-Service-ApiKey': KEY, 'Content-Type': 'application/json', ...headers }, body });
  return { status: r.status, body: await r.json() };
}

const item = async (id: number): Promise<unknown> => (await call(server.url, 'GET', `/v1/catalog/1042/product/${id}`)).body.Data;

const json = (id: number, name: string): string => JSON.stringify({ Items: [{ id, name }] });

describe('compression on: a compressed request body', () => {
  let next = 1;
  it.each([
    ['gzip', gzipSync],
    ['GZIP', gzipSync],
    ['Gzip', gzipSync],
    ['x-gzip', gzipSync],
    ['gzip, identity', gzipSync],
    ['identity, gzip', gzipSync],
    ['IDENTITY , Gzip ,identity', gzipSync],
    ['DEFLATE', deflateSync],
    ['identity, deflate', deflateSync],
    ['Br', brotliCompressSync],
    ['br, identity', brotliCompressSync],
  ] as const)('Content-Encoding: %s is decoded and stored', async (coding, compress) => {
    const id = next++;
    const r = await send(compress(json(id, coding)), { 'Content-Encoding': coding });
    expect(r, coding).toEqual({ status: 200, body: {} });
    expect(await item(id)).toEqual({ id, name: coding });
  });

  it.each(['identity', 'IDENTITY', 'identity, identity'])('Content-Encoding: %s is no coding: the body is read as it is', async (coding) => {
    const id = 100 + next++;
    expect(await send(Buffer.from(json(id, coding)), { 'Content-Encoding': coding })).toEqual({ status: 200, body: {} });
    expect(await item(id)).toEqual({ id, name: coding });
  });

  it('two Content-Encoding header lines are one list (identity, then gzip)', async () => {
    const body = gzipSync(json(200, 'two lines'));
    const status = await new Promise<number>((resolve, reject) => {
      const u = new URL(server.url + UPSERT);
      const req = request(
        { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { 'X-Service-ApiKey': KEY, 'Content-Type': 'application/json', 'Content-Length': String(body.length), 'Content-Encoding': ['identity', 'GZIP'] } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(200);
    expect(await item(200)).toEqual({ id: 200, name: 'two lines' });
  });

  const taken = 'Send the body compressed with one of the codings this server decodes, gzip, deflate or br (in any case; identity entries are ignored), or uncompressed without a Content-Encoding header.';
  it.each([
    ['zstd', gzipSync(json(300, 'x')), 'The request body is sent with Content-Encoding: zstd, a coding this server does not decode.'],
    ['ZSTD, identity', gzipSync(json(300, 'x')), 'The request body is sent with Content-Encoding: ZSTD, identity, a coding this server does not decode.'],
    ['compress', gzipSync(json(300, 'x')), 'The request body is sent with Content-Encoding: compress, a coding this server does not decode.'],
    ['gzip, gzip', gzipSync(gzipSync(json(300, 'x'))), 'The request body is sent with Content-Encoding: gzip, gzip, 2 codings applied one over the other, which this server does not decode.'],
    ['gzip, BR', brotliCompressSync(gzipSync(json(300, 'x'))), 'The request body is sent with Content-Encoding: gzip, BR, 2 codings applied one over the other, which this server does not decode.'],
  ] as const)('Content-Encoding: %s is a 400 naming the codings the server takes', async (coding, body, first) => {
    const r = await send(body, { 'Content-Encoding': coding });
    expect(r).toEqual({ status: 400, body: { Errors: [{ message: `${first} ${taken}` }] } });
    expect((await call(server.url, 'GET', '/v1/catalog/1042/product/300')).status).toBe(404);
  });

  it('a body that is not what its coding says is still a 400', async () => {
    const r = await send(Buffer.from(json(301, 'plain')), { 'Content-Encoding': 'GZIP' });
    expect(r.status).toBe(400);
    expect(r.body.Errors).toHaveLength(1);
  });

  it('a request without a body is not refused for its Content-Encoding', async () => {
    for (const coding of ['zstd', 'gzip, gzip', 'GZIP']) {
      const r = await call(server.url, 'GET', '/v1/catalog', { headers: { 'Content-Encoding': coding } });
      expect(r.status, `${coding}: ${r.text}`).toBe(200);
    }
  });

  it('without a key it is the 401, as any request', async () => {
    const r = await fetch(server.url + UPSERT, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'zstd' }, body: gzipSync(json(302, 'x')) });
    expect(r.status).toBe(401);
  });
});
