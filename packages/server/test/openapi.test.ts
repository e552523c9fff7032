/**
 * The OpenAPI 3.1 document at /openapi.json: generated from the very schemas that validate the
 * requests (Fastify + TypeBox, in-process with inject), valid under an OpenAPI validator, and
 * naming the seven operations with the spec's parameters and limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { storeKeys } from '../src/auth.js';
import type { Db } from '../src/store/db.js';

// The document needs no database: a Db that fails if anything queries it.
const noDb: Db = {
  engine: 'pglite',
  query: () => Promise.reject(new Error('no database in this test')),
  transaction: () => Promise.reject(new Error('no database in this test')),
  close: async () => {},
};

describe('OpenAPI document', () => {
  let app: FastifyInstance;
  let doc: any;
  beforeAll(async () => {
    app = await buildApp({ db: noDb, networks: new Map(), keys: storeKeys(['k'], 1), bodyLimit: 1 << 20 });
    const r = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(r.statusCode).toBe(200);
    doc = r.json();
  });
  afterAll(() => app.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const res = await validator.validate(doc);
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has the seven operations, with API-key security', () => {
    const ops = Object.entries(doc.paths as Record<string, Record<string, { summary?: string }>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([m, op]) => `${m.toUpperCase()} ${path} ${op.summary}`),
    );
    expect(ops.sort()).toEqual(
      [
        'GET /v1/catalog/{catalogId} Get Catalog',
        'GET /v1/catalog List Catalogs',
        'GET /v1/catalog/{catalogId}/{item}/{id} Get Catalog Item',
        'GET /v1/catalog/{catalogId}/{item} List Catalog Items',
        'POST /v1/catalog/{catalogId}/{item}/batch/upsert Upsert Multiple Catalog Items',
        'PATCH /v1/catalog/{catalogId}/{item}/batch/update Partially Update Multiple Catalog Items',
        'POST /v1/catalog/{catalogId}/{item}/batch/delete Delete Multiple Catalog Items',
      ].sort(),
    );
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['LegacyApiKey', 'ServiceApiKey']);
  });

  it('states the limits of the spec', () => {
    const list = doc.paths['/v1/catalog/{catalogId}/{item}'].get;
    const limit = list.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit.schema).toMatchObject({ minimum: 1, maximum: 1000 });
    const catalogId = list.parameters.find((p: { name: string }) => p.name === 'catalogId');
    expect(catalogId.schema).toMatchObject({ minimum: 100 });
    const item = list.parameters.find((p: { name: string }) => p.name === 'item');
    expect(JSON.stringify(item.schema)).toContain('merchant');
    const body = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema.properties.Items;
    expect(body('/v1/catalog/{catalogId}/{item}/batch/upsert', 'post')).toMatchObject({ minItems: 1, maxItems: 1000 });
    expect(body('/v1/catalog/{catalogId}/{item}/batch/update', 'patch')).toMatchObject({ minItems: 1, maxItems: 100 });
    expect(body('/v1/catalog/{catalogId}/{item}/batch/delete', 'post')).toMatchObject({ minItems: 1, maxItems: 1000 });
  });

  it('the same schemas validate requests (in process, every problem at once)', async () => {
    const r = await app.inject({ method: 'PATCH', url: '/v1/catalog/500/product/batch/update', headers: { 'x-service-apikey': 'k' }, payload: { Items: [] } });
    expect(r.statusCode).toBe(400);
    expect(r.json().Errors[0].message).toMatch(/Items/);
  });
});
