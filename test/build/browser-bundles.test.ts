/**
 * Every browser-facing entry bundles with esbuild (`--bundle --platform=browser`), Vite and
 * webpack at their default browser settings, with no alias and no polyfill, and runs in Debian's
 * Chromium (playwright-core, never a downloaded browser). Each entry has a tiny app
 * (support/apps.ts); its result in the browser equals its result in Node. The client's app talks
 * to a real catq-server: the page is served from the same origin as the service's API (both go
 * through the browser's request routing), so no CORS is involved. The sizes of apps using one
 * entry are bundle-sizes.test.ts's. `npm test` builds dist/ first.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as esbuild } from 'esbuild';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lint } from '../../src/index.js';
import { CATALOG, products } from '../client/support/catalog.js';
import { SERVER_PRESENT, startCatqServer, type ServerProcess } from '../client/support/server-process.js';
import { APPS, ENTRIES, MAIN, type Entry } from './support/apps.js';

const root = resolve(__dirname, '..', '..');
const artifacts = join(root, 'test-artifacts', 'bundles');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ORIGIN = 'http://app.test';
const API_KEY = 'bundles-test-key';
const items = products(40);
const BUNDLERS = ['esbuild', 'vite', 'webpack'] as const;
type Bundler = (typeof BUNDLERS)[number];

/** The folder of one entry's app (inside the repository, so `catq` resolves to this package). */
const appDir = (entry: Entry): string => join(artifacts, entry.replace('/', '-'));

/** A built app: its files by URL path, and how the page loads the entry script. */
interface Built {
  readonly files: Map<string, Buffer>;
  readonly script: string;
}

async function bundle(bundler: Bundler, entry: Entry): Promise<Built> {
  const dir = appDir(entry);
  const out = join(dir, `out-${bundler}`);
  rmSync(out, { recursive: true, force: true });
  if (bundler === 'esbuild') {
    // The settings of `esbuild main.js --bundle --platform=browser --minify`.
    const r = await esbuild({ entryPoints: [join(dir, 'main.js')], bundle: true, platform: 'browser', minify: true, outfile: join(out, 'main.js'), metafile: true, logLevel: 'silent' });
    writeFileSync(join(out, 'meta.json'), JSON.stringify(r.metafile));
    return { files: readTree(out), script: '<script src="/main.js"></script>' };
  }
  if (bundler === 'vite') {
    const { build } = await import('vite');
    await build({ root: dir, logLevel: 'silent', configFile: false, build: { outDir: out, emptyOutDir: true } });
    const files = readTree(out);
    const html = files.get('/index.html')?.toString('utf8') ?? '';
    const script = /<script type="module"[^>]*><\/script>/.exec(html)?.[0];
    if (!script) throw new Error(`vite wrote no module script: ${html}`);
    return { files, script };
  }
  const { default: webpack } = await import('webpack');
  await new Promise<void>((done, fail) =>
    webpack({ mode: 'production', context: dir, entry: './main.js', output: { path: out, filename: 'main.js' } }, (err, stats) => {
      if (err) return fail(err);
      if (stats?.hasErrors()) return fail(new Error(stats.toString({ all: false, errors: true })));
      done();
    }),
  );
  return { files: readTree(out), script: '<script src="/main.js"></script>' };
}

function readTree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    try {
      files.set('/' + f.split('\\').join('/'), readFileSync(join(dir, f)));
    } catch {
      // a folder
    }
  }
  return files;
}

let server: ServerProcess | undefined;
let context: BrowserContext;
let userDataDir: string;
let config: Record<string, unknown>;

beforeAll(async () => {
  if (SERVER_PRESENT) server = await startCatqServer(CATALOG, items, API_KEY);
  config = { catalog: CATALOG, items, baseUrl: ORIGIN, apiKey: API_KEY };
  for (const entry of ENTRIES) {
    const dir = appDir(entry);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'app.mjs'), APPS[entry]);
    writeFileSync(join(dir, 'main.js'), MAIN);
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>\n');
  }
  userDataDir = mkdtempSync(join(tmpdir(), 'catq-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, headless: true, args: ARGS });
}, 120_000);

afterAll(async () => {
  await context?.close();
  server?.stop();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

/** Loads a built app in Chromium at ORIGIN; API calls are passed on to the real service. */
async function runInBrowser(built: Built): Promise<unknown> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => void errors.push(String(e)));
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.startsWith('/v1/')) {
      if (!server) return route.abort();
      const response = await route.fetch({ url: server.url + url.pathname + url.search });
      return route.fulfill({ response });
    }
    if (url.pathname === '/') {
      const html = `<!doctype html><html><body><script>window.__config = ${JSON.stringify(config).replace(/</g, '\\u003c')};</script>${built.script}</body></html>`;
      return route.fulfill({ contentType: 'text/html', body: html });
    }
    const body = built.files.get(url.pathname);
    if (!body) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ contentType: url.pathname.endsWith('.js') ? 'text/javascript' : 'application/octet-stream', body });
  });
  try {
    await page.goto(ORIGIN + '/');
    await page.waitForFunction(() => (window as unknown as { __result?: string; __error?: string }).__result ?? (window as unknown as { __error?: string }).__error, undefined, { timeout: 30_000 });
    const { result, error } = await page.evaluate(() => ({ result: (window as unknown as { __result?: string }).__result, error: (window as unknown as { __error?: string }).__error }));
    if (error) throw new Error(`the app failed in the browser: ${error}`);
    expect(errors).toEqual([]);
    return JSON.parse(result as string) as unknown;
  } finally {
    await page.close();
  }
}

/** The app's result in Node (the package's `node` condition), the reference for the browser's. */
async function runInNode(entry: Entry): Promise<unknown> {
  if (entry === 'catq/codemirror') {
    // No DOM in Node: the editor's diagnostics must be those of lint() for the same text.
    return { lint: lint('prce < 20', CATALOG).diagnostics.map((d) => d.code), text: 'prce < 20' };
  }
  const mod = (await import(pathToFileURL(join(appDir(entry), 'app.mjs')).href)) as { run(c: unknown): Promise<unknown> };
  return JSON.parse(JSON.stringify(await mod.run({ ...config, baseUrl: server?.url }))) as unknown;
}

describe.runIf(SERVER_PRESENT)('every browser-facing entry in Chromium', () => {
  for (const entry of ENTRIES) {
    for (const bundler of BUNDLERS) {
      it(`${entry}, bundled by ${bundler}, runs as in Node`, async () => {
        const built = await bundle(bundler, entry);
        const [browser, node] = await Promise.all([runInBrowser(built), runInNode(entry)]);
        expect(browser).toEqual(node);
      }, 400_000);
    }
  }

  it('catq/client: a mistake is the service\'s 400 without the pre-send check, a QueryError with it', async () => {
    expect(await runInNode('catq/client')).toMatchObject({ infix: ['wire/infix-as-q'], byService: 400, beforeSending: ['schema/unknown-field'] });
  });

  it('catq/client bundles nothing of the infix parser (esbuild metafile inputs)', () => {
    const meta = JSON.parse(readFileSync(join(appDir('catq/client'), 'out-esbuild', 'meta.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> };
    const inputs = Object.values(meta.outputs).flatMap((o) => Object.entries(o.inputs).filter(([, i]) => i.bytesInOutput > 0).map(([f]) => relative(root, resolve(root, f))));
    expect(inputs).toContain(join('dist', 'client.js'));
    expect(inputs).toContain(join('dist', 'client', 'check.js'));
    expect(inputs.filter((f) => /chevrotain|dist[\\/](syntax|index)\.js|load[\\/]chevrotain/.test(f))).toEqual([]);
  });
});
