/**
 * The suite each runtime's test file declares: a real catq-server process holding the items,
 * program.mjs run in Node (the package's `node` condition) and in the runtime, and the runtime's
 * result compared with Node's, member by member, and with the library's evaluator in this process
 * (the items a query selects, the pages the client reads).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filter, parse } from '../../../src/index.js';
import { CATALOG, products } from '../../client/support/catalog.js';
import { SERVER_PRESENT, startCatqServer, type ServerProcess } from '../../client/support/server-process.js';
import { runProgram, runtimeVersion, type Runtime } from './run-program.js';

const KEY = 'runtimes-test-key';
const ITEMS = products(60);
const INFIX = 'brand one-of ["Acme", "Hearth"] and price < 60 and title matches "rain jacket"';
const WIRE = encodeURIComponent(JSON.stringify([[['one-of', 'brand'], ['Hearth', 'Tern & Hook']], [['<', 'price'], 50]]));

type Result = Record<string, unknown> & {
  compiled: unknown[];
  filtered: unknown[];
  builder: { matching: unknown[] };
  client: { listed: unknown[]; pagesBackward: unknown[][]; item: { Id: unknown } | null; denied: unknown; refusedBeforeSending: unknown; refusedByService: unknown };
};

/** The ids of `items` a query selects, by the library's evaluator (in this process). */
function evaluated(query: Parameters<typeof filter>[1]): unknown[] {
  return filter(ITEMS, query, CATALOG).map((i) => i.id);
}

export function runtimeSuite(runtime: Exclude<Runtime, 'node'>): void {
  describe.runIf(SERVER_PRESENT)(`catq in ${runtime} (the built package, a real catq-server)`, () => {
    let server: ServerProcess | undefined;
    let inNode: Result;
    let inRuntime: Result;

    beforeAll(async () => {
      server = await startCatqServer(CATALOG, ITEMS, KEY);
      const config = { catalog: CATALOG, items: ITEMS, infix: INFIX, wire: WIRE, baseUrl: server.url, apiKey: KEY };
      [inNode, inRuntime] = (await Promise.all([runProgram('node', config), runProgram(runtime, config)])) as [Result, Result];
    }, 240_000);
    afterAll(() => server?.stop());

    it(`runs (${runtime} reports a version)`, () => {
      expect(runtimeVersion(runtime)).toMatch(/\d+\.\d+|\d{4}-\d{2}-\d{2}/);
      expect(Object.keys(inRuntime)).toEqual(Object.keys(inNode));
    });

    it('selects the items the evaluator selects (compile, filter, builder)', () => {
      const infix = evaluated(parse(INFIX).query!);
      const wire = evaluated(parse('brand one-of ["Hearth", "Tern & Hook"] and price < 50').query!);
      const built = evaluated(parse('price < 30 and title matches "rain jacket"').query!);
      for (const ids of [infix, wire, built]) expect(ids.length).toBeGreaterThan(0);
      expect(inRuntime.compiled).toEqual(infix);
      expect(inRuntime.filtered).toEqual(wire);
      expect(inRuntime.builder.matching).toEqual(built);
    });

    it('reads the service through catq/client as the evaluator lists it', () => {
      const matching = evaluated(parse(INFIX).query!);
      expect(inRuntime.client.listed).toEqual(matching);
      const built = evaluated(parse('price < 30 and title matches "rain jacket"').query!);
      // Walked backward from the end: the pages come last first, each in ascending order.
      expect(inRuntime.client.pagesBackward.length).toBeGreaterThan(1);
      expect([...inRuntime.client.pagesBackward].reverse().flat()).toEqual(built);
      expect(inRuntime.client.item?.Id).toBe(matching[0]);
      expect(inRuntime.client.denied).toEqual([401, true]);
      expect(inRuntime.client.refusedBeforeSending).toEqual(['schema/unknown-field']);
      expect(inRuntime.client.refusedByService).toBe(400);
    });

    for (const part of ['catalog', 'decoded', 'badJson', 'unknownOperator', 'invalid', 'parsed', 'syntaxError', 'lint', 'sql', 'builder', 'builderError', 'client']) {
      it(`${part}: the same as in Node`, () => {
        expect(inRuntime[part]).toEqual(inNode[part]);
        expect(inNode[part]).toBeDefined();
      });
    }
  });
}
