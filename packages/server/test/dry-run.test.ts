/**
 * `?dry-run=true` on the batch operations: the same response as the real call (warnings, or the
 * 400), and nothing stored. Embedded PGlite, in process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/start.js';
import { PRODUCTS } from './support/fixtures.js';
import { tempFiles } from './support/process.js';

const files = tempFiles({ 'p.json': JSON.stringify({ ...PRODUCTS, Configuration: undefined }) });
let server: RunningServer;
const KEY = 'dry-key';

const send = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => {
  const r = await server.app.inject({ method, url, headers: { 'x-service-apikey': KEY }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: r.statusCode, body: r.json() };
};
const ids = async () => ((await send('GET', '/v1/catalog/500/product?limit=1000')).body.Items as { Id: unknown }[]).map((i) => i.Id);

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', catalogFiles: [files.path('p.json')], apiKeys: [KEY], networkId: 1, bodyLimit: 1 << 20 });
  expect((await send('POST', '/v1/catalog/500/product/batch/upsert', { Items: [{ id: 1, title: 'one', price: 10 }] })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await server?.close();
  files.cleanup();
});

describe('dry-run batches', () => {
  const batch = { Items: [{ id: 2, title: 'two', price: 'cheap' }, { title: 'no id' }, { id: 2, title: 'two again', price: 5 }] };

  it('upsert: the warnings of the real call, nothing stored', async () => {
    const dry = await send('POST', '/v1/catalog/500/product/batch/upsert?dry-run=true', batch);
    expect(dry.status).toBe(200);
    expect(await ids()).toEqual([1]);
    const real = await send('POST', '/v1/catalog/500/product/batch/upsert', batch);
    expect(real).toEqual(dry);
    expect(dry.body.Warnings.map((w: { message: string }) => w.message).join('\n')).toMatch(/Items\[1\] has no usable id[\s\S]*same id/);
    expect(await ids()).toEqual([1, 2]);
  });

  it('update: unknown ids are warned about; the stored item is unchanged', async () => {
    const body = { Items: [{ id: 1, price: 99 }, { id: 404, price: 1 }] };
    const dry = await send('PATCH', '/v1/catalog/500/product/batch/update?dry-run=true', body);
    expect(dry.body.Warnings).toEqual([{ message: expect.stringMatching(/Items\[1\] \(id 404\): no product with that id/) }]);
    expect((await send('GET', '/v1/catalog/500/product/1')).body.Data.price).toBe(10);
  });

  it('delete: nothing is deleted', async () => {
    const dry = await send('POST', '/v1/catalog/500/product/batch/delete?dry-run=true', { Items: [{ id: 1 }, { id: 2 }] });
    expect(dry).toEqual({ status: 200, body: {} });
    expect(await ids()).toEqual([1, 2]);
  });

  it('an item the database cannot hold gets the same warning, and dry-run=false writes', async () => {
    const bad = { Items: [{ id: 3, title: 'nul \u0000 inside' }] };
    const dry = await send('POST', '/v1/catalog/500/product/batch/upsert?dry-run=true', bad);
    expect(dry.status).toBe(200);
    expect(dry.body.Warnings).toEqual([{ message: expect.stringMatching(/Items\[0\] \(id 3\)/) }]);
    expect(dry).toEqual(await send('POST', '/v1/catalog/500/product/batch/upsert', bad));
    expect((await send('POST', '/v1/catalog/500/product/batch/upsert?dry-run=false', { Items: [{ id: 4 }] })).status).toBe(200);
    expect(await ids()).toEqual([1, 2, 4]);
  });

  it('a misspelt flag is a 400, never a silent write', async () => {
    const r = await send('POST', '/v1/catalog/500/product/batch/upsert?dryrun=true', { Items: [{ id: 5 }] });
    expect(r.status).toBe(400);
    expect(r.body.Errors[0].message).toMatch(/dryrun/);
    const notBool = await send('POST', '/v1/catalog/500/product/batch/upsert?dry-run=maybe', { Items: [{ id: 5 }] });
    expect(notBool.status).toBe(400);
    expect(await ids()).toEqual([1, 2, 4]);
  });
});
