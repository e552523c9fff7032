/**
 * The OpenAPI 3.1 document at /openapi.json: generated from the very schemas that validate the
 * requests (Fastify + TypeBox, in-process with inject), valid under an OpenAPI validator, and
 * naming the seven operations with the spec's parameters and limits.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { noDbContext } from './support/no-db.js';


describe('OpenAPI document', () => {
  let app: FastifyInstance;
  let doc: any;
  beforeAll(async () => {
    // The document needs no database.
    app = await buildApp(noDbContext);
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

  it('names every operation (operationId) for generated clients', () => {
    const ids = Object.entries(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([m, op]) => `${m.toUpperCase()} ${path} ${op.operationId}`),
    );
    expect(ids.sort()).toEqual(
      [
        'GET /v1/catalog/{catalogId} getCatalog',
        'GET /v1/catalog listCatalogs',
        'GET /v1/catalog/{catalogId}/{item}/{id} getCatalogItem',
        'GET /v1/catalog/{catalogId}/{item} listCatalogItems',
        'POST /v1/catalog/{catalogId}/{item}/batch/upsert upsertCatalogItems',
        'PATCH /v1/catalog/{catalogId}/{item}/batch/update updateCatalogItems',
        'POST /v1/catalog/{catalogId}/{item}/batch/delete deleteCatalogItems',
      ].sort(),
    );
  });

  it('names the shared schemas in components.schemas, and every use is a $ref to them', () => {
    const names = ['Catalog', 'ListedCatalog', 'CatalogPage', 'CatalogScope', 'Item', 'ListedItem', 'RawItem', 'ItemPage', 'Scope', 'Errors', 'Message', 'JobSubmission'];
    expect(Object.keys(doc.components.schemas).sort()).toEqual([...names].sort());
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const json = (op: any, status: number) => op.responses[status].content['application/json'].schema;
    const p = doc.paths;
    expect(json(p['/v1/catalog/{catalogId}'].get, 200)).toEqual(ref('Catalog'));
    expect(json(p['/v1/catalog'].get, 200)).toEqual(ref('CatalogPage'));
    expect(json(p['/v1/catalog/{catalogId}/{item}/{id}'].get, 200)).toEqual(ref('Item'));
    expect(json(p['/v1/catalog/{catalogId}/{item}'].get, 200)).toEqual(ref('ItemPage'));
    for (const [path, method] of [['/v1/catalog/{catalogId}/{item}/batch/upsert', 'post'], ['/v1/catalog/{catalogId}/{item}/batch/update', 'patch'], ['/v1/catalog/{catalogId}/{item}/batch/delete', 'post']] as const) {
      expect(json(p[path][method], 200)).toEqual(ref('JobSubmission'));
      expect(p[path][method].requestBody.content['application/json'].schema.properties.Items.items).toEqual(ref('RawItem'));
      // The dry-run extension is documented where generators see it.
      expect(p[path][method].parameters.find((x: { name: string }) => x.name === 'dry-run')).toMatchObject({ in: 'query', required: false, schema: { type: 'boolean' } });
    }
    for (const methods of Object.values(p) as any[]) for (const op of Object.values(methods) as any[]) for (const status of [400, 401, 404]) expect(json(op, status)).toEqual(ref('Errors'));
    const page = doc.components.schemas.ItemPage;
    expect(page.properties.Items.items).toEqual(ref('ListedItem'));
    expect([page.properties.Metadata.properties.Scope, page.properties.NextQuery, page.properties.PrevQuery]).toEqual([ref('Scope'), ref('Scope'), ref('Scope')]);
    // Every $ref in the document points at a schema that is there.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1] as string);
    expect(refs.length).toBeGreaterThan(20);
    for (const r of refs) expect(Object.keys(doc.components.schemas).map((n) => `#/components/schemas/${n}`)).toContain(r);
  });

  it('openapi-typescript generates named types that type-check a call under strict (and reject a wrong one)', async () => {
    const generated = astToString(await openapiTS(doc));
    expect(generated).toMatch(/listCatalogItems: \{/);
    expect(generated).toMatch(/ItemPage: \{/);
    const dir = mkdtempSync(join(tmpdir(), 'catq-openapi-ts-'));
    try {
      writeFileSync(join(dir, 'api.ts'), generated);
      // A fetch wrapper typed from the generated operations, as a generated client would be.
      const call = (kind: string) => `
import type { components, operations } from './api.js';
type Params<O extends keyof operations> = operations[O]['parameters'];
type Ok<O extends keyof operations> = operations[O]['responses'][200]['content']['application/json'];
declare function call<O extends keyof operations>(op: O, params: Params<O>): Promise<Ok<O>>;
export async function firstIds(): Promise<(string | number)[]> {
  const page: components['schemas']['ItemPage'] = await call('listCatalogItems', { path: { catalogId: 1042, item: '${kind}' }, query: { limit: 5, q: '[["brand","Hearth"]]' } });
  const next: components['schemas']['Scope'] | undefined = page.NextQuery;
  const item = await call('getCatalogItem', { path: { catalogId: 1042, item: 'product', id: String(page.Items[0]?.Id) } });
  const errors: components['schemas']['Errors'] = { Errors: [{ message: 'x' }] };
  const submitted: components['schemas']['JobSubmission'] = await call('upsertCatalogItems', { path: { catalogId: 1042, item: 'product' } });
  return [...page.Items.map((i) => i.Id), item.Id, next?.limit ?? 0, errors.Errors.length, submitted.Warnings?.length ?? 0];
}
`;
      const check = (kind: string): string[] => {
        writeFileSync(join(dir, 'call.ts'), call(kind));
        const program = ts.createProgram([join(dir, 'call.ts')], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, skipLibCheck: true, types: [] });
        return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      };
      expect(check('product')).toEqual([]);
      // A kind the interface does not have is a type error.
      expect(check('products').join('\n')).toMatch(/"products"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('the same schemas validate requests (in process, every problem at once)', async () => {
    const r = await app.inject({ method: 'PATCH', url: '/v1/catalog/500/product/batch/update', headers: { 'x-service-apikey': 'k' }, payload: { Items: [] } });
    expect(r.statusCode).toBe(400);
    expect(r.json().Errors[0].message).toMatch(/Items/);
  });
});
