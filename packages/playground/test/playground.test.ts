/**
 * The playground in a real browser (Debian's Chromium driven by playwright-core, never a
 * downloaded browser): the page is built (into a temporary folder), served over HTTP by the
 * package's server, and used as a person would: type a query with a mistake, see the squiggle and its message, apply the
 * quick fix from the squiggle's tooltip, accept a completion, see the match count change.
 * Every number the page shows is checked against catq run here in Node. Screenshots of each
 * state go to test-artifacts/playground/.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { filter, loadCatalog, parse, toSql, type Catalog } from '../../../src/index.js';
// @ts-expect-error plain ES modules of the package, without declarations
import { buildPlayground } from '../build.mjs';
// @ts-expect-error plain ES modules of the package, without declarations
import { startServer } from '../serve.mjs';

const root = resolve(__dirname, '..', '..', '..');
const artifacts = join(root, 'test-artifacts', 'playground');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const catalog = loadCatalog(JSON.parse(readFileSync(join(root, 'examples', 'catalog.json'), 'utf8'))).catalog as Catalog;
const items: unknown[] = readFileSync(join(root, 'examples', 'items.ndjson'), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));

/** The number of sample items matching `text`, computed here by the evaluator. */
function expectedCount(text: string): number {
  const { query } = parse(text);
  if (!query) throw new Error('not a valid query: ' + text);
  return filter(items, query, catalog).length;
}

let server: Server;
let url: string;
let out: string;
let context: BrowserContext;
let page: Page;
let userDataDir: string;
const consoleErrors: string[] = [];

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  // A build of its own (dist/ is left to `npm run build`, and to the service that serves it).
  out = mkdtempSync(join(tmpdir(), 'catq-playground-'));
  await buildPlayground({ out });
  ({ server, url } = await startServer({ port: 0, root: out }));
  userDataDir = mkdtempSync(join(tmpdir(), 'catq-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1280, height: 900 } });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (m) => void (m.type() === 'error' && consoleErrors.push(m.text())));
  page.on('pageerror', (e) => void consoleErrors.push(String(e)));
});

afterAll(async () => {
  await context?.close();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  for (const dir of [userDataDir, out]) if (dir) rmSync(dir, { recursive: true, force: true });
});

const doc = (): Promise<string> => page.evaluate(() => (globalThis as unknown as { catqPlayground: { view: { state: { doc: { toString(): string } } } } }).catqPlayground.view.state.doc.toString());

/** Waits until the page shows `count` matching items (a number, or '' for a query with errors). */
async function countIs(count: number | ''): Promise<void> {
  await page.waitForFunction((c) => document.getElementById('match-count')?.dataset['count'] === c, String(count));
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

describe('playground in Chromium', () => {
  test('mistake, squiggle, quick fix, completion, match count', async () => {
    await page.goto(url);
    const initial = 'brand = "Hearth" and price < 100';
    expect(await doc()).toBe(initial);
    await countIs(expectedCount(initial));
    expect(await page.locator('#attributes tr').count()).toBe(catalog.SearchableAttributes!.length);
    expect(await page.textContent('#form-sql-postgres')).toContain(toSql(parse(initial).query!, catalog, { dialect: 'postgres', table: 'items', column: 'data' }).sql);
    await shot('0-loaded');

    // 1. A query with a mistake: squiggle, diagnostic in the list, no matches.
    await page.click('.cm-content');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('brnd = "Hearth"');
    await page.keyboard.press('Escape'); // close the completion menu, if open
    await page.waitForSelector('.cm-lintRange-error');
    await countIs('');
    expect(await page.locator('#diagnostics li[data-code="schema/unknown-field"] .message').textContent()).toMatch(/Unknown field "brnd".*`brand`/);
    expect(await page.locator('.cm-lintRange-error').textContent()).toBe('brnd');
    await shot('1-mistake');

    // 2. Hover the squiggle: the message and the fix.
    await page.hover('.cm-lintRange-error');
    const tooltip = page.locator('.cm-tooltip-lint');
    await tooltip.waitFor();
    expect(await tooltip.locator('.cm-diagnosticText').textContent()).toMatch(/Unknown field "brnd"/);
    await shot('2-squiggle-tooltip');

    // 3. Apply the quick fix: the query is valid and items match. (Hover again first: on a loaded
    // machine the tooltip could close while the screenshot was taken, and the click then waited
    // 30 s for a button that was no longer there.)
    await page.hover('.cm-lintRange-error');
    await tooltip.waitFor();
    await tooltip.locator('.cm-diagnosticAction', { hasText: 'Replace "brnd" with "brand"' }).click();
    expect(await doc()).toBe('brand = "Hearth"');
    const afterFix = expectedCount('brand = "Hearth"');
    expect(afterFix).toBeGreaterThan(0);
    await countIs(afterFix);
    expect(await page.locator('.cm-lintRange-error').count()).toBe(0);

    // Hover the field: what the catalog says about it.
    const at = await page.evaluate(() => {
      const c = (globalThis as unknown as { catqPlayground: { view: { coordsAtPos(p: number): { left: number; top: number; bottom: number } | null } } }).catqPlayground.view.coordsAtPos(2);
      return c && { x: c.left + 2, y: (c.top + c.bottom) / 2 };
    });
    await page.mouse.move(at!.x, at!.y);
    const hover = page.locator('.cm-catq-hover');
    await hover.waitFor();
    expect(await hover.textContent()).toMatch(/brand.*String, cardinality One/);
    await shot('3-fixed-and-hover');

    // 4. Accept a completion: a value of a Boolean attribute.
    await page.click('.cm-content');
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' and in_stock = ');
    const menu = page.locator('.cm-tooltip-autocomplete');
    // Wait for the menu of values (the one for operators may still be up for a moment).
    await menu.locator('li', { hasText: 'false' }).waitFor();
    expect(await menu.locator('li').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('true'), expect.stringContaining('false')]));
    expect(await menu.locator('li[aria-selected="true"]').textContent()).toMatch(/^true/);
    await shot('4-completion');
    await page.keyboard.press('Enter');
    const completed = 'brand = "Hearth" and in_stock = true';
    expect(await doc()).toBe(completed);
    const afterCompletion = expectedCount(completed);
    expect(afterCompletion).not.toBe(afterFix);
    await countIs(afterCompletion);
    await shot('5-completed');

    // 5. Explain a chosen item.
    await page.locator('#items button.item').first().click();
    await page.waitForFunction(() => document.getElementById('explain-verdict')?.dataset['matched'] === 'true');
    expect(await page.locator('#explain tr').count()).toBe(2);
    const chosen = await page.inputValue('#explain-id');
    expect(JSON.parse((await page.textContent('#explain-item'))!)).toEqual(items.find((i) => String((i as { id: unknown }).id) === chosen));
    await shot('6-explain');

    // 6. The address carries the query: a reload (or a shared link) restores it.
    expect(decodeURIComponent(await page.evaluate(() => location.hash))).toBe('#query=' + completed);
    await page.reload();
    expect(await doc()).toBe(completed);
    await countIs(afterCompletion);

    // 7. An example in the wire form: read as wire, every form shown.
    await page.locator('button.example', { hasText: '[["brand","Hearth"]' }).click();
    const wire = '[["brand","Hearth"],[["<","price"],50]]';
    expect(await doc()).toBe(wire);
    await countIs(expectedCount('brand = "Hearth" and price < 50'));
    expect(await page.textContent('#form-infix')).toBe('brand = "Hearth" and price < 50');
    expect(await page.textContent('#form-wire')).toBe(wire);
    await shot('7-wire-example');

    // 8. Format: the canonical text of the same syntax.
    await page.click('.cm-content');
    await page.keyboard.press('Control+A');
    await page.keyboard.type("price<50   and brand   in ['Hearth']");
    await page.keyboard.press('Escape');
    await countIs(expectedCount('price < 50 and brand one-of ["Hearth"]'));
    await page.click('#format');
    expect(await doc()).toBe('price < 50 and brand one-of ["Hearth"]');

    // 9. Fixes from the diagnostics list: `or` becomes one-of, then the misspelt field.
    await page.locator('button.example', { hasText: 'color = "red" or color = "blue"' }).click();
    const orFix = page.locator('#diagnostics li[data-code="syntax/no-or"] button.fix');
    await orFix.click();
    expect(await doc()).toBe('color one-of ["red", "blue"]');
    await orFix.waitFor({ state: 'detached' }); // the list is redrawn by the next lint
    await page.locator('#diagnostics li[data-code="schema/unknown-field"] button.fix', { hasText: 'colors' }).click();
    expect(await doc()).toBe('colors one-of ["red", "blue"]');
    await countIs(expectedCount('colors one-of ["red", "blue"]'));
    await shot('8-fixed-from-the-list');

    expect(consoleErrors, consoleErrors.join("\n")).toEqual([]);
  });
});
