/**
 * `--compression off` on a real catq-server process over real HTTP: request bodies are not
 * decompressed, and one sent with a Content-Encoding is a 400 that says so and what to do (it was
 * read as its compressed bytes: "not valid UTF-8: the byte at offset 1 (0x8b ...)").
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, KEY, startServer, tempFiles, type ServerProcess } from './support/process.js';

const CATALOG = { Id: 1042, Name: 'plain', Type: 'Product', Aliases: { Id: 'id', Name: 'name' } };

let server: ServerProcess;
const files = tempFiles({ 'c.json': JSON.stringify(CATALOG) });

beforeAll(async () => {
  server = await startServer(['--catalog', files.path('c.json'), '--api-key', KEY, '--compression', 'off', '--log-level', 'warn']);
});
afterAll(async () => {
  await server?.stop();
  files.cleanup();
});

const UPSERT = '/v1/catalog/1042/product/batch/upsert';

/** One request with a raw body and its headers (fetch sends a Buffer as it is). */
async function send(path: string, body: Buffer, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  const r = await fetch(server.url + path, { method: 'POST', headers: { 'X-Service-ApiKey': KEY, ...headers }, body });
  return { status: r.status, body: await r.json() };
}

const message = (coding: string, orOn: boolean): string =>
  `The request body is sent with Content-Encoding: ${coding}, but this server does not accept compressed request bodies (it runs with --compression off): ` +
  `send the body uncompressed, without a Content-Encoding header${orOn ? ', or start the server with --compression on (it then decompresses gzip, deflate and br bodies)' : ''}.`;

describe('--compression off: a compressed request body', () => {
  const json = JSON.stringify({ Items: [{ id: 1, name: 'compressed' }] });

  it.each([
    ['gzip', gzipSync(json), true],
    ['deflate', deflateSync(json), true],
    ['br', brotliCompressSync(json), true],
    // Codings are case-insensitive and identity is none: --compression on decodes these too.
    ['GZIP', gzipSync(json), true],
    ['gzip, identity', gzipSync(json), true],
    ['identity, Br', brotliCompressSync(json), true],
    // Codings --compression on does not take either: only the first advice.
    ['zstd', gzipSync(json), false],
    ['gzip, gzip', gzipSync(gzipSync(json)), false],
  ] as const)('Content-Encoding: %s is a 400 saying the server takes no compressed bodies, and how to send it', async (coding, body, orOn) => {
    const r = await send(UPSERT, body, { 'Content-Type': 'application/json', 'Content-Encoding': coding });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ Errors: [{ message: message(coding, orOn) }] });
    expect((await call(server.url, 'GET', '/v1/catalog/1042/product/1')).status).toBe(404);
  });

  it('a form body sent compressed, on every batch route', async () => {
    const form = gzipSync(`Items=${encodeURIComponent(JSON.stringify([{ id: 1 }]))}`);
    for (const path of [UPSERT, '/v1/catalog/1042/product/batch/delete']) {
      const r = await send(path, form, { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Encoding': 'gzip' });
      expect(r.status, path).toBe(400);
      expect(r.body.Errors[0].message).toBe(message('gzip', true));
    }
  });

  it('the same body uncompressed (or with Content-Encoding: identity) is stored', async () => {
    expect(await send(UPSERT, Buffer.from(json), { 'Content-Type': 'application/json' })).toEqual({ status: 200, body: {} });
    expect(await send(UPSERT, Buffer.from(json), { 'Content-Type': 'application/json', 'Content-Encoding': 'identity' })).toEqual({ status: 200, body: {} });
    expect((await call(server.url, 'GET', '/v1/catalog/1042/product/1')).body.Data).toEqual({ id: 1, name: 'compressed' });
  });

  it('a request without a body is not refused for its Content-Encoding', async () => {
    const r = await call(server.url, 'GET', '/v1/catalog', { headers: { 'Content-Encoding': 'gzip' } });
    expect(r.status, r.text).toBe(200);
  });

  it('without a key it is the 401, as any request', async () => {
    const r = await fetch(server.url + UPSERT, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: gzipSync(json) });
    expect(r.status).toBe(401);
  });
});
