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
import { batchCode, itemCode, pageCode } from '../src/console/code.js';

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

/** What the snippet itself printed before the line `run` adds, in the last run. */
let printedBefore: string[] = [];

/** Runs a snippet with a line after it that prints `expression` as JSON; that value, parsed. */
function run(name: string, code: string, expression: string, cwd = root): unknown {
  const js = transformSync(`${code}console.log(JSON.stringify(${expression}));\n`, { loader: 'ts', format: 'esm', target: 'node20' }).code;
  const file = join(work, `${name}.mjs`);
  writeFileSync(file, js);
  const r = spawnSync(process.execPath, [file], { cwd, env: { ...process.env, CATQ_API_KEY: service.key }, encoding: 'utf8', timeout: 60_000 });
  expect(r.stderr, `${name}:\n${code}`).toBe('');
  expect(r.status).toBe(0);
  const lines = r.stdout.trimEnd().split('\n');
  printedBefore = lines.slice(0, -1);
  return JSON.parse(lines.at(-1) as string) as unknown;
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

  it('a batch, read from items.json as the code says (this service is the test\'s own: it is written)', async () => {
    const dir = join(work, 'batch');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'items.json'), JSON.stringify([{ id: 990001, title: 'From the console code', price: 'cheap' }]));
    const printed = run('batch', batchCode(service.url, 1042, 'product', 'upsert', 1), 'warnings.map((w) => w.index)', dir);
    expect(printed).toEqual([0]); // "price" is not a number: stored as sent, with a warning
    expect(printedBefore).toEqual([expect.stringMatching(/^0 Items\[0\] \(id 990001\): "price" holds the string "cheap"/)]);
    expect((await client.getItem(1042, 'product', 990001)).Name).toBe('From the console code');
  });
});
