/**
 * Hostile use of the client: any arguments from JavaScript, and any JSON a broken service may
 * send. Every failure is one of the client's typed errors (or catq's QueryError), never a bare
 * TypeError, and no walk loops forever.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CatalogApiError, CatalogNetworkError, CatalogResponseError, createClient, QueryError, type CatalogClient } from '../../src/client/index.js';
import { CATALOG, products } from './support/catalog.js';
import { API_KEY, startTestService, type TestService } from './support/test-service.js';
import { propertyRuns, propertySeed } from '../support/property-runs.js';

let service: TestService;
let client: CatalogClient;
beforeAll(async () => {
  service = await startTestService(CATALOG, products(40));
  client = createClient({ baseUrl: service.url, apiKey: API_KEY, retry: { retries: 0 }, timeoutMs: 5000 });
});
afterAll(() => service.close());
afterEach(() => {
  service.fault = undefined;
  service.requests.length = 0;
});

const TYPED = [QueryError, CatalogApiError, CatalogNetworkError, CatalogResponseError];
function expectTyped(e: unknown): void {
  if (!TYPED.some((T) => e instanceof T)) throw new Error(`untyped failure: ${String(e)}\n${(e as Error)?.stack ?? ''}`);
}

/** Runs a call (which may throw synchronously or reject) and lets only typed errors through. */
async function settle(run: () => unknown): Promise<void> {
  try {
    const r = run();
    if (r && typeof (r as { toArray?: unknown }).toArray === 'function') await (r as { toArray(o: { max: number }): Promise<unknown> }).toArray({ max: 200 });
    else await r;
  } catch (e) {
    expectTyped(e);
  }
}

const anything = fc.oneof(fc.anything(), fc.constantFrom(1042, 'product', 99, -0, Number.NaN, Infinity, '', [], {}, null, undefined, () => 1, Symbol('s'), 10n));

describe('hostile arguments', () => {
  it('every method fails with a typed error on any arguments', async () => {
    const methods = ['getCatalog', 'listCatalogs', 'listCatalogPages', 'getItem', 'listItems', 'listItemPages', 'upsertItems', 'updateItems', 'deleteItems'] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...methods), fc.array(anything, { maxLength: 4 }), async (m, args) => {
        await settle(() => (client[m] as (...a: unknown[]) => unknown)(...args));
      }),
      { seed: propertySeed(31), numRuns: propertyRuns(400) },
    );
  });

  it('listItems options of any shape', async () => {
    const options = fc.record({ q: anything, limit: anything, direction: anything, from: fc.oneof(anything, fc.dictionary(fc.constantFrom('q', 'limit', 'boundary-id', 'comparison', 'order'), anything)) }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(options, async (o) => {
        await settle(() => client.listItems(1042, 'product', o as never));
      }),
      { seed: propertySeed(32), numRuns: propertyRuns(300) },
    );
  });

  it('per-call options of any shape', async () => {
    const options = fc.record({ signal: anything, timeoutMs: anything, retry: anything, concurrency: anything, limit: anything }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(options, async (o) => {
        await settle(() => client.getCatalog(1042, o as never));
        await settle(() => client.getItem(1042, 'product', 1, o as never));
        await settle(() => client.listItems(1042, 'product', o as never));
        await settle(() => client.upsertItems(1042, 'product', [{ id: 1 }], o as never));
      }),
      { seed: propertySeed(36), numRuns: propertyRuns(200) },
    );
  });

  it('createClient with any options', () => {
    fc.assert(
      fc.property(fc.oneof(anything, fc.record({ baseUrl: fc.oneof(anything, fc.constant('http://127.0.0.1:1')), apiKey: fc.oneof(anything, fc.constant('k')), fetch: anything, timeoutMs: anything, retry: anything, concurrency: anything, catalogs: anything, retryPartialUpdates: anything }, { requiredKeys: [] })), (o) => {
        try {
          createClient(o as never);
        } catch (e) {
          expectTyped(e);
        }
      }),
      { seed: propertySeed(33), numRuns: propertyRuns(400) },
    );
  });
});

describe('hostile service', () => {
  it('any 200 body: typed errors, every walk ends', async () => {
    const scope = fc.dictionary(fc.constantFrom('q', 'limit', 'boundary-id', 'comparison', 'order'), fc.oneof(fc.jsonValue(), fc.constantFrom('>', '<=', 5, 'x', '%5B%5D')));
    const page = fc.record({ Items: fc.oneof(fc.array(fc.jsonValue(), { maxLength: 3 }), fc.jsonValue()), Metadata: fc.jsonValue(), NextQuery: fc.oneof(scope, fc.jsonValue()), PrevQuery: fc.oneof(scope, fc.jsonValue()), Warnings: fc.jsonValue() }, { requiredKeys: [] });
    const body = fc.oneof(page, fc.jsonValue());
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom('forward', 'backward'), async (b, direction) => {
        service.fault = () => ({ status: 200, body: b });
        await settle(() => client.listItems(1042, 'product', { direction: direction as 'forward' | 'backward' }));
        await settle(() => client.getCatalog(1042));
        await settle(() => client.getItem(1042, 'product', 1));
        await settle(() => client.upsertItems(1042, 'product', [{ id: 1 }]));
        await settle(() => client.listCatalogs());
      }),
      { seed: propertySeed(34), numRuns: propertyRuns(150) },
    );
  });

  it('any error status and body: CatalogApiError with string messages', async () => {
    // 407 is left out: the platform fetch turns it into a network error (CatalogNetworkError).
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 400, max: 599 }).filter((s) => s !== 407), fc.jsonValue(), async (status, b) => {
        service.fault = () => ({ status, body: b });
        const e = await client.getCatalog(1042).catch((x: unknown) => x);
        expect(e).toBeInstanceOf(CatalogApiError);
        expect((e as CatalogApiError).status).toBe(status);
        expect((e as CatalogApiError).messages.every((m) => typeof m === 'string')).toBe(true);
      }),
      { seed: propertySeed(35), numRuns: propertyRuns(150) },
    );
  });
});
