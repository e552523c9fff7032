/**
 * CORS in a real browser: a page served from another origin calls a real `catq-server` started
 * with `--cors-origin` for that origin (a GET, and a PATCH with JSON, which needs a preflight);
 * a page of an origin not allowed cannot read the answers.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshDatabase, startServer, type ServerProcess } from '../../server/test/support/process.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const KEY = 'cors-test-key';
const CATALOG = { Id: 777, Name: 'CORS shop', Type: 'Product', Aliases: { Id: 'id', Name: 'name' }, SearchableAttributes: [{ Attribute: 'name', Type: 'String', Cardinality: 'One' }] };

/** A page server on its own port (its own origin). */
function pageServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>another origin</title>'));
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ server, origin: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

let api: ServerProcess;
let allowed: { server: Server; origin: string };
let other: { server: Server; origin: string };
let drop: (() => Promise<void>) | undefined;
let work: string;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'catq-cors-'));
  writeFileSync(join(work, 'catalog.json'), JSON.stringify(CATALOG));
  allowed = await pageServer();
  other = await pageServer();
  const db = await freshDatabase('cors');
  drop = db.drop;
  api = await startServer(['--catalog', join(work, 'catalog.json'), '--api-key', KEY, '--database-url', db.url, '--cors-origin', allowed.origin]);
  context = await chromium.launchPersistentContext(join(work, 'chromium'), { executablePath: CHROMIUM, headless: true, args: ARGS });
  page = context.pages()[0] ?? (await context.newPage());
}, 120_000);

afterAll(async () => {
  await context?.close();
  await api?.stop();
  await drop?.();
  for (const s of [allowed, other]) await new Promise((done) => (s ? s.server.close(done) : done(undefined)));
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Runs the calls in the page: a GET of the catalogs, and a dry-run PATCH (preflighted). */
function callsFromPage(apiUrl: string): Promise<{ get: string; patch: string }> {
  return page.evaluate(
    async ([apiUrl, key]) => {
      const outcome = async (p: Promise<Response>) => {
        try {
          const r = await p;
          return `${r.status} ${await r.text()}`;
        } catch (e) {
          return `blocked: ${(e as Error).name}`;
        }
      };
      const headers = { 'X-Service-ApiKey': key, 'Content-Type': 'application/json' };
      return {
        get: await outcome(fetch(`${apiUrl}/v1/catalog`, { headers })),
        patch: await outcome(fetch(`${apiUrl}/v1/catalog/777/product/batch/update?dry-run=true`, { method: 'PATCH', headers, body: JSON.stringify({ Items: [{ id: 1, name: 'x' }] }) })),
      };
    },
    [apiUrl, KEY] as const,
  );
}

describe('CORS in Chromium', () => {
  test('an allowed origin reads the API, preflighted PATCH included', async () => {
    await page.goto(allowed.origin + '/');
    const r = await callsFromPage(api.url);
    expect(r.get).toMatch(/^200 /);
    expect(JSON.parse(r.get.slice(4)).Items).toEqual([{ Id: 777, Name: 'CORS shop', Type: 'Product' }]);
    expect(r.patch).toMatch(/^200 .*no product with that id/);
  });

  test('another origin is blocked by the browser', async () => {
    await page.goto(other.origin + '/');
    expect(await callsFromPage(api.url)).toEqual({ get: 'blocked: TypeError', patch: 'blocked: TypeError' });
  });
});
