/**
 * Every form of `q` reaches the service as the same canonical wire text; a query that the known
 * catalog rejects is a QueryError before anything is sent.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CatalogApiError, createClient, QueryError, readQueryInput } from '../../src/client/index.js';
import { queryBuilder } from '../../src/builder/index.js';
import { clause, encode, parse, query } from '../../src/index.js';
import { CATALOG, products } from './support/catalog.js';
import { API_KEY, startTestService, type TestService } from './support/test-service.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService(CATALOG, products(30));
});
afterAll(() => service.close());
afterEach(() => {
  service.requests.length = 0;
});

const canonical = encode(query([clause('=', 'brand', 'Acme'), clause('<', 'price', 50)]));
const wire = [['brand', 'Acme'], [['<', 'price'], 50]];
const FORMS: [string, unknown][] = [
  ['infix text', 'brand = "Acme" and price < 50'],
  ['plain wire JSON text', JSON.stringify(wire)],
  ['percent-encoded wire text', encodeURIComponent(JSON.stringify(wire))],
  ['wire array', wire],
  ['Query AST', query([clause('=', 'brand', 'Acme'), clause('<', 'price', 50)])],
  ['builder (toQuery)', { toQuery: () => query([clause('=', 'brand', 'Acme'), clause('<', 'price', 50)]) }],
  ['full-form equality', [[['=', 'brand'], 'Acme'], [['<', 'price'], 50]]],
  ['catq/builder', queryBuilder(CATALOG).where('brand', '=', 'Acme').where('price', '<', 50)],
];

describe('q in every form', () => {
  for (const known of [false, true]) {
    it.each(FORMS)(`sends %s canonically (catalog ${known ? 'known' : 'unknown'})`, async (_name, q) => {
      const client = createClient({ baseUrl: service.url, apiKey: API_KEY, parse, ...(known ? { catalogs: [CATALOG] } : {}) });
      const ids = (await client.listItems(1042, 'product', { q: q as never }).toArray({ max: 100 })).map((i) => i.Id);
      expect(ids.length).toBeGreaterThan(0);
      expect(service.requests[0]?.query).toBe(`q=${canonical}`);
    });
  }

  it('validates against a known catalog before sending: every problem at once', async () => {
    const client = createClient({ baseUrl: service.url, apiKey: API_KEY, catalogs: [CATALOG], parse });
    const e = (await Promise.resolve()
      .then(() => client.listItems(1042, 'product', { q: 'price < "20" and colour = "red"' }))
      .catch((x: unknown) => x)) as QueryError;
    expect(e).toBeInstanceOf(QueryError);
    expect(e.diagnostics.map((d) => d.code)).toEqual(['schema/type-mismatch', 'schema/unknown-field']);
    expect(service.requests).toHaveLength(0);
  });

  it('learns the catalog from getCatalog', async () => {
    const client = createClient({ baseUrl: service.url, apiKey: API_KEY });
    const wrong = [[['matches', 'brand'], 'acme']];
    // Unknown catalog: only the syntax is checked locally; the service answers 400.
    const first = await client.listItems(1042, 'product', { q: wrong }).next().catch((x: unknown) => x);
    expect(first).toBeInstanceOf(CatalogApiError);
    expect((first as CatalogApiError).status).toBe(400);
    expect((first as CatalogApiError).messages.join(' ')).toContain('matches');
    await client.getCatalog(1042);
    service.requests.length = 0;
    expect(() => client.listItems(1042, 'product', { q: wrong })).toThrow(QueryError);
    expect(service.requests).toHaveLength(0);
  });

  it('needs the parser for infix text, and says so before sending anything', () => {
    const client = createClient({ baseUrl: service.url, apiKey: API_KEY });
    const e = (() => {
      try {
        client.listItems(1042, 'product', { q: 'brand = "Acme"' });
      } catch (x) {
        return x;
      }
      return undefined;
    })() as QueryError;
    expect(e).toBeInstanceOf(QueryError);
    expect(e.message).toContain("parse from 'catq/syntax'");
    expect(e.diagnostics.map((d) => d.code)).toEqual(['wire/infix-as-q']);
    expect(service.requests).toHaveLength(0);
    expect(() => createClient({ baseUrl: service.url, apiKey: API_KEY, parse: 'yes' as never })).toThrow(QueryError);
  });

  it('reports syntax errors without a catalog, and anything else as a bad argument', () => {
    expect(() => readQueryInput('brand = ', undefined, parse)).toThrow(QueryError);
    expect(() => readQueryInput('[["brand"', undefined)).toThrow(QueryError);
    expect(() => readQueryInput('%5B%5B', undefined)).toThrow(QueryError);
    for (const bad of [42, null, { kind: 'query' }, { kind: 'query', clauses: [null] }, { toQuery: () => 'x' }, { toQuery: () => { throw new Error('boom'); } }, [[['<', 'price'], Number.NaN]]]) {
      const e = (() => {
        try {
          readQueryInput(bad, CATALOG);
        } catch (x) {
          return x;
        }
        return undefined;
      })();
      expect(e, JSON.stringify(bad)).toBeInstanceOf(QueryError);
      expect((e as QueryError).diagnostics.length).toBeGreaterThan(0);
    }
  });

  it('copies nothing it should not: the caller\'s wire array stays unfrozen', () => {
    const mine = [['brand', 'Acme']];
    readQueryInput(mine, CATALOG);
    expect(Object.isFrozen(mine)).toBe(false);
    expect(Object.isFrozen(mine[0])).toBe(false);
  });
});
