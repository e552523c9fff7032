/**
 * Every form of `q` reaches the service as wire text: as it was written by the plain client, in
 * the canonical encoding with the pre-send check (`catq/client/check`), which also makes a query
 * that the known catalog rejects a QueryError before anything is sent.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CatalogApiError, createClient, QueryError } from '../../src/client/index.js';
import { preSendCheck, readQueryInput } from '../../src/client/check-entry.js';
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
const fullForm = [[['=', 'brand'], 'Acme'], [['<', 'price'], 50]];
const spaced = ' [ ["brand", "Acme"], [["<", "price"], 50] ]';
/** Each form, and what the plain client sends for it (the pre-send check sends `canonical` for all). */
const FORMS: [string, unknown, string][] = [
  ['infix text', 'brand = "Acme" and price < 50', canonical],
  ['plain wire JSON text', JSON.stringify(wire), canonical],
  ['percent-encoded wire text', encodeURIComponent(JSON.stringify(wire)), canonical],
  ['wire text with blanks', spaced, encodeURIComponent(spaced)],
  ['percent-encoded wire text with raw blanks', encodeURIComponent(spaced).replace(/%20/g, ' '), encodeURIComponent(spaced)],
  ['wire array', wire, canonical],
  ['Query AST', query([clause('=', 'brand', 'Acme'), clause('<', 'price', 50)]), canonical],
  ['builder (toQuery)', { toQuery: () => query([clause('=', 'brand', 'Acme'), clause('<', 'price', 50)]) }, canonical],
  ['full-form equality', fullForm, encodeURIComponent(JSON.stringify(fullForm))],
  ['catq/builder', queryBuilder(CATALOG).where('brand', '=', 'Acme').where('price', '<', 50), canonical],
];

describe('q in every form', () => {
  it.each(FORMS)('the plain client sends %s as wire text, percent-encoded once', async (_name, q, sent) => {
    const client = createClient({ baseUrl: service.url, apiKey: API_KEY, parse });
    const ids = (await client.listItems(1042, 'product', { q: q as never }).toArray({ max: 100 })).map((i) => i.Id);
    expect(ids.length).toBeGreaterThan(0);
    expect(service.requests[0]?.query).toBe(`q=${sent}`);
  });

  for (const known of [false, true]) {
    it.each(FORMS)(`the pre-send check sends %s canonically (catalog ${known ? 'known' : 'unknown'})`, async (_name, q) => {
      const client = createClient({ baseUrl: service.url, apiKey: API_KEY, parse, check: preSendCheck, ...(known ? { catalogs: [CATALOG] } : {}) });
      const ids = (await client.listItems(1042, 'product', { q: q as never }).toArray({ max: 100 })).map((i) => i.Id);
      expect(ids.length).toBeGreaterThan(0);
      expect(service.requests[0]?.query).toBe(`q=${canonical}`);
    });
  }

  it('without the check, a query the catalog rejects is the service\'s 400, even with the catalog known', async () => {
    const client = createClient({ baseUrl: service.url, apiKey: API_KEY, catalogs: [CATALOG], parse });
    const e = await client.listItems(1042, 'product', { q: 'price < "20" and colour = "red"' }).next().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CatalogApiError);
    expect((e as CatalogApiError).status).toBe(400);
    expect(service.requests).toHaveLength(1);
  });

  it('without the check, refuses what JSON would change or what is not a query, before sending', () => {
    const client = createClient({ baseUrl: service.url, apiKey: API_KEY });
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    const bad: [unknown, string][] = [
      [[[['<', 'price'], Number.NaN]], 'q/0/1'],
      [[['brand', undefined]], 'q/0/1'],
      [[['released', new Date(0)]], 'q/0/1'],
      [[['brand', { a: () => 1 }]], 'q/0/1/a'],
      [[['brand', 'a'], ,], 'q/1'], // a hole
      [42, 'q'],
      [null, 'q'],
      [{ toQuery: () => 'x' }, 'q'],
      [{ toQuery: () => { throw new Error('boom'); } }, 'q'],
      ['%E0%A4%A', 'q'],
      ['"brand"', 'q'],
      [cyclic, 'arguments'],
    ];
    for (const [q, name] of bad) {
      const e = (() => {
        try {
          client.listItems(1042, 'product', { q: q as never });
        } catch (x) {
          return x;
        }
        return undefined;
      })() as QueryError;
      expect(e, String(name)).toBeInstanceOf(QueryError);
      expect(e.diagnostics.map((d) => [d.code, d.data?.name])).toEqual([['api/bad-argument', name]]);
    }
    expect(() => client.listItems(1042, 'product', { q: 'brand = ' })).toThrow(QueryError);
    expect(() => createClient({ baseUrl: service.url, apiKey: API_KEY, parse }).listItems(1042, 'product', { q: 'brand = ' })).toThrow(QueryError);
    expect(() => createClient({ baseUrl: service.url, apiKey: API_KEY, check: {} as never })).toThrow(QueryError);
    expect(service.requests).toHaveLength(0);
  });

  it('validates against a known catalog before sending: every problem at once', async () => {
    const client = createClient({ baseUrl: service.url, apiKey: API_KEY, catalogs: [CATALOG], parse, check: preSendCheck });
    const e = (await Promise.resolve()
      .then(() => client.listItems(1042, 'product', { q: 'price < "20" and colour = "red"' }))
      .catch((x: unknown) => x)) as QueryError;
    expect(e).toBeInstanceOf(QueryError);
    expect(e.diagnostics.map((d) => d.code)).toEqual(['schema/type-mismatch', 'schema/unknown-field']);
    expect(service.requests).toHaveLength(0);
  });

  it('learns the catalog from getCatalog', async () => {
    const client = createClient({ baseUrl: service.url, apiKey: API_KEY, check: preSendCheck });
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

  it.each([
    ['plain', undefined],
    ['checked', preSendCheck],
  ])('needs the parser for infix text, and says so before sending anything (%s client)', (_name, check) => {
    const client = createClient({ baseUrl: service.url, apiKey: API_KEY, ...(check ? { check } : {}) });
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
