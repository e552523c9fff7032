/**
 * The console in a real browser (Debian's Chromium via playwright-core) against a real
 * `catq-server` process on the PostgreSQL server, in a fresh database the test makes and drops,
 * with a catalog and items of the test's own (not the sample). As a person would: enter the
 * key, pick the catalog, type a query with a mistake, apply the fix from the diagnostics, walk
 * three pages forward and back (each page equal to the library's `listItems` on the same items),
 * open an item, run the `curl` line shown, complete a Typeahead value from the live items, dry-run
 * a batch. Screenshots go to test-artifacts/console/.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listItems, loadCatalog, parse, toWire, type Catalog } from '../../../src/index.js';
import { createClient, type CatalogClient, type Page as ListPage, type ListedItem } from '../../../src/client/index.js';
import { freshDatabase, startServer, type ServerProcess } from '../../server/test/support/process.js';
// @ts-expect-error plain ES module of the package, without declarations
import { buildConsole } from '../build.mjs';

const root = resolve(__dirname, '..', '..', '..');
const artifacts = join(root, 'test-artifacts', 'console');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const KEY = 'console-test-key';
const LIMIT = 4;

/** The test's own catalog: a small shop, with a Typeahead attribute and AllowedValues. */
const CATALOG_JSON = {
  Id: 4242,
  Name: 'Console test shop',
  Type: 'Product',
  Aliases: { Id: 'sku', Name: 'name', Brand: { Id: 'brand_id', Name: 'brand' } },
  SearchableAttributes: [
    { Attribute: 'name', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'colour', Type: 'String', Cardinality: 'One' },
  ],
  UIConfiguration: [
    { Key: 'brand', AllowedValues: ['Alder', 'Birch', 'Cedar'] },
    { Key: 'colour', Typeahead: true },
  ],
};
const catalog = loadCatalog(CATALOG_JSON).catalog as Catalog;
const BRANDS = ['Alder', 'Birch', 'Cedar'];
const COLOURS = ['ochre', 'teal', 'umber'];
const items = Array.from({ length: 30 }, (_, i) => ({
  sku: `K-${String(100 + i * 7).padStart(4, '0')}`,
  name: `Lamp number ${i}`,
  brand: BRANDS[(i * 5) % 3],
  brand_id: (i * 5) % 3,
  price: 5 + ((i * 37) % 90),
  colour: COLOURS[(i * 2) % 3],
}));

let server: ServerProcess;
let dropDatabase: (() => Promise<void>) | undefined;
let context: BrowserContext;
let page: Page;
let work: string;
let node: CatalogClient;
const consoleErrors: string[] = [];

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  work = mkdtempSync(join(tmpdir(), 'catq-console-'));
  await buildConsole({ out: join(work, 'dist') });
  writeFileSync(join(work, 'catalog.json'), JSON.stringify(CATALOG_JSON));
  const db = await freshDatabase('console');
  dropDatabase = db.drop;
  server = await startServer(['--catalog', join(work, 'catalog.json'), '--api-key', KEY, '--database-url', db.url, '--playground', join(work, 'dist')]);
  node = createClient({ baseUrl: server.url, apiKey: KEY });
  expect((await node.upsertItems(4242, 'product', items)).warnings).toEqual([]);
  context = await chromium.launchPersistentContext(join(work, 'chromium'), { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1280, height: 1000 } });
  page = context.pages()[0] ?? (await context.newPage());
  // The browser logs every 4xx response; the wrong key's 401 is one the test asks for.
  page.on('console', (m) => void (m.type() === 'error' && !/status of 401/.test(m.text()) && consoleErrors.push(m.text())));
  page.on('console', (m) => void (m.type() === 'warning' && console.log('browser:', m.text())));
  page.on('pageerror', (e) => void consoleErrors.push(String(e)));
}, 120_000);

afterAll(async () => {
  await context?.close();
  await server?.stop();
  await dropDatabase?.();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

const doc = (): Promise<string> => page.evaluate(() => (globalThis as unknown as { catqConsole: { view: { state: { doc: { toString(): string } } } } }).catqConsole.view.state.doc.toString());
const shownPage = (): Promise<ListPage<ListedItem>> => page.evaluate(() => JSON.parse(JSON.stringify((globalThis as unknown as { catqConsole: { page: unknown } }).catqConsole.page)));
const shownIds = (): Promise<string[]> => page.locator('#items tr[data-id]').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset['id'] ?? ''));

/** Waits until the items table shows page `n` with these ids. */
async function pageShows(n: number, ids: readonly string[]): Promise<void> {
  await page.waitForFunction(
    ([n, ids]) => {
      const body = document.getElementById('items');
      const shown = [...(body?.querySelectorAll('tr[data-id]') ?? [])].map((r) => (r as HTMLElement).dataset['id']);
      return body?.dataset['page'] === String(n) && !body.hasAttribute('aria-busy') && JSON.stringify(shown) === JSON.stringify(ids);
    },
    [n, ids] as const,
  );
}

/** The library's List Catalog Items on the same raw items, as the service forms it. */
function reference(params: Record<string, unknown>): ListPage<ListedItem> {
  const { response, diagnostics } = listItems(items, catalog, params, { networkId: 1 });
  if (!response) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  return JSON.parse(JSON.stringify(response));
}

describe('console in Chromium against catq-server on PostgreSQL', () => {
  test('first load: small, compressed, cached, and no sample data', async () => {
    const first = await page.goto(server.url + '/');
    expect(first?.headers()['cache-control']).toBe('no-cache');
    await page.waitForLoadState('networkidle');
    const load = await page.evaluate(() => {
      const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')] as PerformanceResourceTiming[];
      return entries.map((e) => ({ name: e.name, transfer: e.transferSize, decoded: e.decodedBodySize }));
    });
    const transferred = load.reduce((n, e) => n + e.transfer, 0);
    const decoded = load.reduce((n, e) => n + e.decoded, 0);
    console.log(`console first load: ${load.length} requests, ${(transferred / 1024).toFixed(1)} KB transferred (${(decoded / 1024).toFixed(1)} KB decoded)`);
    expect(transferred).toBeLessThanOrEqual(300 * 1024);
    expect(decoded).toBeGreaterThan(transferred * 2); // compressed on the wire
    const asset = load.find((e) => /\/assets\/console-[A-Z0-9]{8}\.js$/.test(e.name));
    expect(asset).toBeDefined();
    const head = await fetch(asset!.name, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(head.headers.get('cache-control')).toMatch(/immutable/);
    expect(head.headers.get('content-encoding')).toBe('br');
    // No sample: the page holds no catalog or items of its own.
    expect(await page.locator('script[type="application/json"]').count()).toBe(0);
    await shot('0-first-load');
  });

  test('key, catalog, query with a mistake and its fix, three pages forward and back, an item', async () => {
    // A wrong key: the service's message, nothing stored.
    await page.fill('#key', 'not-the-key');
    await page.click('#connect');
    await page.waitForFunction(() => document.getElementById('status')?.className === 'error');
    expect(await page.textContent('#status')).toMatch(/refused the key.*API key is not valid/);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

    await page.fill('#key', KEY);
    await page.click('#connect');
    await page.waitForSelector('#catalog option[value="4242"]', { state: 'attached' });
    expect(await page.locator('#catalog option').allTextContents()).toEqual(['4242 · Console test shop']);
    expect(await page.locator('#kind option').allTextContents()).toEqual(['product', 'brand (from product fields)', 'category (from product fields)', 'merchant (from product fields)']);
    // The key is in this tab's session only.
    expect(await page.evaluate(() => [sessionStorage.getItem('catq.console.apiKey'), localStorage.length, document.cookie])).toEqual([KEY, 0, '']);
    // Before any query: the first page of every item.
    const all = reference({ limit: 10 });
    await pageShows(1, all.Items.map((i) => String(i.Id)));
    await shot('1-connected');

    // A query with a mistake: the diagnostic, with its fix.
    await page.fill('#limit', String(LIMIT));
    await page.click('.cm-content');
    await page.keyboard.type('brnd one-of ["Alder", "Cedar"]');
    await page.keyboard.press('Escape');
    const problem = page.locator('#diagnostics li[data-code="schema/unknown-field"]');
    await problem.waitFor();
    expect(await problem.locator('.message').textContent()).toMatch(/Unknown field "brnd".*`brand`/);
    await page.waitForSelector('.cm-lintRange-error');
    expect(await page.textContent('#items')).toMatch(/The query has errors/);
    await shot('2-mistake');
    await problem.locator('button.fix', { hasText: 'brand' }).click();
    const text = 'brand one-of ["Alder", "Cedar"]';
    expect(await doc()).toBe(text);

    // Three pages forward, then back: each the library's page for the same parameters.
    const q = JSON.stringify(toWire(parse(text).query!));
    const expected: ListPage<ListedItem>[] = [reference({ q, limit: LIMIT })];
    for (let i = 1; i < 3; i++) expected.push(reference({ ...expected[i - 1]!.NextQuery }));
    expect(expected.every((p) => p.Items.length === LIMIT)).toBe(true);
    for (let i = 0; i < 3; i++) {
      if (i > 0) await page.click('#next');
      await pageShows(i + 1, expected[i]!.Items.map((it) => String(it.Id)));
      expect(await shownPage()).toEqual(expected[i]);
      if (i === 2) await shot('3-third-page');
    }
    const back = [reference({ ...expected[2]!.PrevQuery })];
    back.push(reference({ ...back[0]!.PrevQuery }));
    for (let i = 0; i < 2; i++) {
      await page.click('#prev');
      await pageShows(2 - i, back[i]!.Items.map((it) => String(it.Id)));
      expect(await shownPage()).toEqual(back[i]);
      // The same items as on the way forward.
      expect(await shownIds()).toEqual(expected[1 - i]!.Items.map((it) => String(it.Id)));
    }
    expect(await page.locator('#prev').isDisabled()).toBe(true);

    // The curl line shown is the request of the page on screen: run it, get the same page.
    const curl = (await page.textContent('#curl'))!;
    expect(curl).toContain('/v1/catalog/4242/product?q=');
    expect(curl).not.toContain(KEY);
    const out = execFileSync('sh', ['-c', curl], { env: { ...process.env, CATQ_API_KEY: KEY }, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(await shownPage());
    expect(await page.textContent('#client-code')).toMatch(/client\.listItemPages\(4242, "product", \{ from: \{/);

    // Open an item: the Get Catalog Item response.
    const second = page.locator('#items tr[data-id]').nth(1);
    const id = (await second.getAttribute('data-id'))!;
    await second.click();
    await page.waitForFunction((id) => document.getElementById('item')?.dataset['id'] === id, id);
    const item = JSON.parse((await page.textContent('#item'))!);
    expect(item).toEqual(await node.getItem(4242, 'product', id));
    expect(item.Data).toEqual(items.find((i) => i.sku === id));
    expect(await page.textContent('#client-code')).toContain(`client.getItem(4242, "product", ${JSON.stringify(id)})`);
    await shot('4-item');
  }, 120_000);

  test('completion: AllowedValues, and Typeahead values from the live items', async () => {
    // The Typeahead values are read in the background once the kind is picked.
    await page.waitForFunction(() => (globalThis as unknown as { catqConsole: { typeaheadItems: number } }).catqConsole.typeaheadItems > 0, undefined, { timeout: 10_000 });
    await page.click('.cm-content');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('colour = ');
    const menu = page.locator('.cm-tooltip-autocomplete');
    await menu.locator('li', { hasText: 'teal' }).waitFor();
    const proposed = await menu.locator('li').allTextContents();
    for (const c of COLOURS) expect(proposed.join('\n')).toContain(c);
    await shot('5-typeahead');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('brand = ');
    await menu.locator('li', { hasText: 'Birch' }).waitFor();
    expect((await menu.locator('li').allTextContents()).join('\n')).toMatch(/Alder[\s\S]*Birch[\s\S]*Cedar/);
    await page.keyboard.press('Escape');
  });

  test('a batch in the dry-run view: the warnings the service would give, nothing stored', async () => {
    const batch = [{ sku: 'K-NEW', name: 'New lamp', price: 'cheap' }, { name: 'no id' }, { sku: 'K-0100', price: 12 }];
    await page.fill('#batch', JSON.stringify(batch, null, 1));
    await page.selectOption('#batch-op', 'upsert');
    await page.click('#dry-run');
    await page.waitForFunction(() => document.getElementById('warnings')?.dataset['state'] === 'warnings');
    const warnings = await page.locator('#warnings li').allTextContents();
    expect(warnings.join('\n')).toMatch(/item 0.*price/);
    expect(warnings.join('\n')).toMatch(/item 1.*no usable id/);
    expect(await page.textContent('#curl')).toContain('/batch/upsert?dry-run=true');
    expect(await page.textContent('#client-code')).toContain('client.upsertItems(4242, "product", items)');
    await shot('6-dry-run');
    // Nothing was stored.
    await expect(node.getItem(4242, 'product', 'K-NEW')).rejects.toMatchObject({ status: 404 });
    expect(await node.getItem(4242, 'product', 'K-0100')).toMatchObject({ Data: items[0] });
    // Another kind: the brands the service derives from the product fields, searched by Name.
    await page.selectOption('#kind', 'brand');
    await page.click('.cm-content');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Name = "Birch"');
    await page.keyboard.press('Escape');
    const brands = await node.listItemPages(4242, 'brand', { q: '[["Name","Birch"]]', limit: LIMIT }).next();
    expect(brands.done).toBe(false);
    await pageShows(1, brands.value!.Items.map((i) => String(i.Id)));
    expect(await shownPage()).toEqual(brands.value);
    expect(await page.textContent('#curl')).toContain('/v1/catalog/4242/brand?q=');
    await shot('7-derived-kind');
    // A reload keeps the key (session) and reconnects.
    await page.reload();
    await page.waitForSelector('#catalog option[value="4242"]', { state: 'attached' });
    expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
  });
});
