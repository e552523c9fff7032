// The client code the console shows ("Code for what is on screen") runs as shown: each snippet is
// transpiled with esbuild and run with Node from the repository (where `catq/...` resolves to the
// build) against the sample service, and prints what catq's client gives for the same request.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type CatalogClient } from '../../../src/client/index.js';
import { parse } from '../../../src/syntax/index.js';
import { startSampleService, type SampleService } from '../../../test/docs/sample-service.js';
import { itemCode, pageCode } from '../src/console/code.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
// Inside the package folder, so that `import ... from 'catq/client'` resolves to the build.
const work = join(root, '.build', 'console-code');
let service: SampleService;
let client: CatalogClient;

beforeAll(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  service = await startSampleService(root);
  client = createClient({ baseUrl: service.url, apiKey: service.key, parse });
}, 240_000);

afterAll(() => {
  service?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** Runs a snippet with a line after it that prints `expression` as JSON; what it printed, parsed. */
function run(name: string, code: string, expression: string): unknown {
  const js = transformSync(`${code}console.log(JSON.stringify(${expression}));\n`, { loader: 'ts', format: 'esm', target: 'node20' }).code;
  const file = join(work, `${name}.mjs`);
  writeFileSync(file, js);
  const r = spawnSync(process.execPath, [file], { cwd: root, env: { ...process.env, CATQ_API_KEY: service.key }, encoding: 'utf8', timeout: 60_000 });
  expect(r.stderr, `${name}:\n${code}`).toBe('');
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout) as unknown;
}

const ids = (items: readonly { Id: unknown }[]) => items.map((i) => i.Id);

describe('the client code the console shows', () => {
  it('a page of an infix query (the client needs the parser for it), of a wire query, and of no query', async () => {
    for (const [name, q] of [
      ['infix', 'brand = "Acme" and price < 50'],
      ['wire', '[["brand","Acme"],[["<","price"],50]]'],
      ['wire-uri', encodeURIComponent('[["brand","Acme"]]')],
      ['all', undefined],
    ] as const) {
      const code = pageCode(service.url, 1042, 'product', q === undefined ? { limit: 5 } : { q, limit: 5 });
      expect(code.includes("import { parse } from 'catq/syntax'"), name).toBe(name === 'infix');
      const expected = await client.listItemPages(1042, 'product', { ...(q === undefined ? {} : { q }), limit: 5 }).next();
      expect(expected.done).toBe(false);
      expect(run(`page-${name}`, code, 'page.Items.map((i) => i.Id)')).toEqual(ids(expected.value!.Items));
    }
  });

  it('a page reached through a Scope (NextQuery), and an item', async () => {
    const first = await client.listItemPages(1042, 'product', { q: 'in_stock = true', limit: 3 }).next();
    const scope = first.value!.Metadata!.Scope!;
    const next = await client.listItemPages(1042, 'product', { from: first.value!.NextQuery! }).next();
    expect(scope).toBeDefined();
    expect(run('page-from', pageCode(service.url, 1042, 'product', { from: first.value!.NextQuery! }), 'page.Items.map((i) => i.Id)')).toEqual(ids(next.value!.Items));
    expect(run('item', itemCode(service.url, 1042, 'product', 100049), 'item.Name')).toBe((await client.getItem(1042, 'product', 100049)).Name);
  });
});
