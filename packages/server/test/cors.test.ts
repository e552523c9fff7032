/** CORS: off by default; `--cors-origin` allows origins, answers preflights before the key check. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { readConfig, UsageError } from '../src/config.js';
import { noDbContext } from './support/no-db.js';

const base = noDbContext;
const APP = 'https://app.example.com';
const preflight = (origin: string, method = 'PATCH') => ({
  method: 'OPTIONS' as const,
  url: '/v1/catalog/1042/product/batch/update',
  headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'x-service-apikey,content-type' },
});

describe('CORS off (the default)', () => {
  let app: FastifyInstance;
  beforeAll(async () => void (app = await buildApp(base)));
  afterAll(() => app.close());
  it('no Access-Control header, and a preflight is not answered', async () => {
    const get = await app.inject({ method: 'GET', url: '/v1/catalog', headers: { origin: APP, 'x-service-apikey': 'k' } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await app.inject(preflight(APP));
    expect(pre.statusCode).toBeGreaterThanOrEqual(400);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS with --cors-origin', () => {
  let app: FastifyInstance;
  beforeAll(async () => void (app = await buildApp({ ...base, corsOrigins: [APP, 'http://localhost:5173'] })));
  afterAll(() => app.close());

  it('answers a preflight from an allowed origin without a key: methods and the key headers', async () => {
    const r = await app.inject(preflight(APP));
    expect(r.statusCode).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe(APP);
    expect(String(r.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'POST', 'PATCH']));
    expect(String(r.headers['access-control-allow-headers']).toLowerCase()).toMatch(/x-service-apikey.*content-type|content-type.*x-service-apikey/);
    expect(r.headers['access-control-max-age']).toBe('600');
    expect(r.headers['vary']).toMatch(/Origin/);
  });

  it('responses, errors included, carry the origin so the page can read them', async () => {
    const ok = await app.inject({ method: 'GET', url: '/openapi.json', headers: { origin: 'http://localhost:5173' } });
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const denied = await app.inject({ method: 'GET', url: '/v1/catalog', headers: { origin: APP } });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['access-control-allow-origin']).toBe(APP);
    expect(denied.json().Errors[0].message).toMatch(/API key/);
  });

  it('another origin gets no Access-Control-Allow-Origin (the browser blocks it)', async () => {
    const r = await app.inject(preflight('https://evil.example'));
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    const get = await app.inject({ method: 'GET', url: '/v1/catalog', headers: { origin: 'https://evil.example', 'x-service-apikey': 'k' } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('--cors-origin on the command line', () => {
  const args = ['--catalog', 'c.json', '--api-key', 'k'];
  it('is repeatable, absent by default, and accepts *', () => {
    expect(readConfig(args)?.corsOrigins).toBeUndefined();
    expect(readConfig([...args, '--cors-origin', APP, '--cors-origin', 'http://127.0.0.1:8081'])?.corsOrigins).toEqual([APP, 'http://127.0.0.1:8081']);
    expect(readConfig([...args, '--cors-origin', '*'])?.corsOrigins).toEqual(['*']);
  });
  it.each(['app.example.com', 'https://app.example.com/', 'https://app.example.com/path', 'ftp://x.example', 'https://APP.example.com'])('refuses %j with a usage error', (origin) => {
    expect(() => readConfig([...args, '--cors-origin', origin])).toThrow(UsageError);
  });
});
