/** `/`: the playground when its build is there (with its files, never outside the folder), else a pointer. */
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { storeKeys } from '../src/auth.js';
import type { Db } from '../src/store/db.js';
import { tempFiles } from './support/process.js';

const noDb: Db = {
  engine: 'pglite',
  query: () => Promise.reject(new Error('no database')),
  transaction: () => Promise.reject(new Error('no database')),
  close: async () => {},
};
const files = tempFiles({ 'index.html': '<!doctype html><title>playground</title>', 'app.js': 'console.log(1)' });
afterAll(() => files.cleanup());
const base = { db: noDb, networks: new Map(), keys: storeKeys(['k'], 1), bodyLimit: 1 << 20 };

describe('/', () => {
  it('serves the playground build and its files, without a key', async () => {
    const app = await buildApp({ ...base, playgroundDir: files.dir });
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/text\/html/);
    expect(home.body).toContain('playground');
    const js = await app.inject({ method: 'GET', url: '/app.js' });
    expect(js.headers['content-type']).toMatch(/javascript/);
    for (const url of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/missing.js']) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
      expect(r.json().Errors).toHaveLength(1);
    }
    // The API is still behind the key.
    expect((await app.inject({ method: 'GET', url: '/v1/catalog' })).statusCode).toBe(401);
    await app.close();
  });
  it('without a build, points at the OpenAPI document', async () => {
    const app = await buildApp(base);
    const r = await app.inject({ method: 'GET', url: '/' });
    expect(r.json()).toMatchObject({ openapi: '/openapi.json' });
    await app.close();
  });
});
