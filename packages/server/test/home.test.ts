/**
 * `/`: the console build and its files (never outside the folder), precompressed files sent as
 * they are, fingerprinted assets cached for good and the HTML revalidated; else a pointer.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { storeKeys } from '../src/auth.js';
import { IMMUTABLE, REVALIDATE } from '../src/routes/home.js';
import type { Db } from '../src/store/db.js';
import { tempFiles } from './support/process.js';

const noDb: Db = {
  engine: 'pglite',
  query: () => Promise.reject(new Error('no database')),
  transaction: () => Promise.reject(new Error('no database')),
  close: async () => {},
};
const html = '<!doctype html><title>console</title><script type="module" src="./assets/console-ABCD1234.js"></script>';
const js = 'console.log("the console");'.repeat(20);
const files = tempFiles({ 'index.html': html, 'app.js': 'console.log(1)', 'sample.txt': 'x' });
// The build's layout: assets/ with fingerprinted names and precompressed copies, sample/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
mkdirSync(join(files.dir, 'assets'));
mkdirSync(join(files.dir, 'sample'));
writeFileSync(join(files.dir, 'assets', 'console-ABCD1234.js'), js);
writeFileSync(join(files.dir, 'assets', 'console-ABCD1234.js.gz'), gzipSync(js));
writeFileSync(join(files.dir, 'assets', 'console-ABCD1234.js.br'), 'brotli bytes');
writeFileSync(join(files.dir, 'index.html.gz'), gzipSync(html));
writeFileSync(join(files.dir, 'sample', 'index.html'), '<title>sample playground</title>');
afterAll(() => files.cleanup());
const base = { db: noDb, networks: new Map(), keys: storeKeys(['k'], 1), bodyLimit: 1 << 20 };

describe('/', () => {
  it('serves the console build and its files, without a key', async () => {
    const app = await buildApp({ ...base, playgroundDir: files.dir });
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/text\/html/);
    expect(home.headers['content-encoding']).toBeUndefined();
    expect(home.body).toBe(html);
    const js = await app.inject({ method: 'GET', url: '/app.js' });
    expect(js.headers['content-type']).toMatch(/javascript/);
    const sample = await app.inject({ method: 'GET', url: '/sample/' });
    expect(sample.body).toContain('sample playground');
    for (const url of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/missing.js', '/assets/console-ABCD1234.js.gz', '/index.html.gz']) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
      expect(r.json().Errors).toHaveLength(1);
    }
    // The API is still behind the key.
    expect((await app.inject({ method: 'GET', url: '/v1/catalog' })).statusCode).toBe(401);
    await app.close();
  });

  it('sends the precompressed file the client accepts, best first', async () => {
    const app = await buildApp({ ...base, playgroundDir: files.dir });
    const url = '/assets/console-ABCD1234.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('brotli bytes');
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
    for (const r of [br, gz, plain]) {
      expect(r.headers['content-type']).toMatch(/javascript/);
      expect(r.headers['vary']).toMatch(/Accept-Encoding/);
    }
    const page = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toBe(html);
    await app.close();
  });

  it('caches fingerprinted assets for good, revalidates the rest with an ETag', async () => {
    const app = await buildApp({ ...base, playgroundDir: files.dir });
    const asset = await app.inject({ method: 'GET', url: '/assets/console-ABCD1234.js' });
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    expect(IMMUTABLE).toMatch(/immutable/);
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).toBe(REVALIDATE);
    expect((await app.inject({ method: 'GET', url: '/app.js' })).headers['cache-control']).toBe(REVALIDATE);
    const etag = String(page.headers['etag']);
    expect(etag).toMatch(/^".+"$/);
    const again = await app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another representation (gzip) has another tag: no 304 for it with the plain one's tag.
    expect((await app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag, 'accept-encoding': 'gzip' } })).statusCode).toBe(200);
    await app.close();
  });

  it('without a build, points at the OpenAPI document', async () => {
    const app = await buildApp(base);
    const r = await app.inject({ method: 'GET', url: '/' });
    expect(r.json()).toMatchObject({ openapi: '/openapi.json' });
    await app.close();
  });

  it('negotiates Accept-Encoding as the API does: q-values rank the codings, q=0 refuses one even under *', async () => {
    const app = await buildApp({ ...base, playgroundDir: files.dir });
    const url = '/assets/console-ABCD1234.js';
    const coding = async (header: string | undefined) => (await app.inject({ method: 'GET', url, headers: header === undefined ? {} : { 'accept-encoding': header } })).headers['content-encoding'];
    const cases: [string | undefined, string | undefined][] = [
      ['gzip, deflate, br', 'br'],
      ['br;q=0, *', 'gzip'],
      ['gzip;q=1, br;q=0.1', 'gzip'],
      ['GZIP', 'gzip'],
      ['x-gzip;q=0.5, br;q=0.4', 'gzip'],
      ['*', 'br'],
      ['br;q=0, gzip;q=0', undefined],
      ['deflate', undefined],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [header, expected] of cases) expect({ header, coding: await coding(header) }).toEqual({ header, coding: expected });
    await app.close();
  });
});
