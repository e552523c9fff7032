#!/usr/bin/env node
/**
 * Builds the two pages of the package into dist/ (`node build.mjs [--out DIR] [--minify=false]`):
 * - the console (`index.html` and `assets/console-<hash>.js`, each also precompressed as `.br`
 *   and `.gz`), which catq-server serves at `/`: it talks to the live service;
 * - the offline sample playground (`sample/index.html` with the sample catalog and items
 *   embedded, and `sample/playground.js`), the library's demo (`npm run playground`).
 * Both bundle CodeMirror and catq, compiled from the repository's sources.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');

/**
 * The JSON of `value` for a `<script type="application/json">` element: `<` escaped, so no
 * string in the data can close the element or open a comment.
 */
export function scriptJson(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The sample: examples/catalog.json and every item of examples/items.ndjson. */
export function readSample() {
  const catalog = JSON.parse(readFileSync(join(root, 'examples', 'catalog.json'), 'utf8'));
  const items = readFileSync(join(root, 'examples', 'items.ndjson'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
  return { catalog, items };
}

// catq loads Chevrotain, jsonc-parser and fastest-levenshtein with createRequire on first
// use (cheap Node start-up); in the page they are static imports (see the shim).
const NODE_SHIMS = {
  'node:module': join(root, 'src', 'codemirror', 'node-module-shim.ts'),
  'node:path': join(root, 'src', 'codemirror', 'node-path-shim.ts'),
};

/** Writes `file.br` and `file.gz` beside `file` (served as they are, with Content-Encoding). */
export function precompress(file) {
  const body = readFileSync(file);
  writeFileSync(file + '.br', brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
  writeFileSync(file + '.gz', gzipSync(body, { level: 9 }));
}

/**
 * Builds the console into `out` (default dist/): `index.html` and `assets/console-<hash>.js`
 * (the name changes with the content, so the service can cache it forever), precompressed.
 * Returns the paths written and esbuild's metafile.
 */
export async function buildConsole({ out = join(here, 'dist'), minify = true } = {}) {
  const assets = join(out, 'assets');
  rmSync(assets, { recursive: true, force: true });
  mkdirSync(assets, { recursive: true });
  const result = await build({
    metafile: true,
    entryPoints: { console: join(here, 'src', 'console', 'main.ts') },
    outdir: assets,
    entryNames: '[name]-[hash]',
    absWorkingDir: here,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify,
    sourcemap: false,
    legalComments: 'none',
    tsconfig: join(here, 'tsconfig.json'),
    alias: NODE_SHIMS,
    logLevel: 'warning',
  });
  const js = resolve(here, Object.keys(result.metafile.outputs).find((f) => f.endsWith('.js')));
  const src = relative(out, js).split('\\').join('/');
  const page = readFileSync(join(here, 'src', 'console', 'index.html'), 'utf8').replace('<!-- SCRIPT -->', () => `<script type="module" src="./${src}"></script>`);
  const html = join(out, 'index.html');
  writeFileSync(html, page);
  for (const file of [html, js]) precompress(file);
  return { html, js, metafile: result.metafile };
}

/** The content hash esbuild put in an asset's name (`console-ABCD1234.js` → `ABCD1234`). */
export function assetHash(file) {
  return /-([A-Z0-9]{8})\.js$/.exec(basename(file))?.[1];
}

/** A short hash of a file's bytes (for tests comparing builds). */
export function fileHash(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
}

/**
 * Builds the offline sample playground into `out` (default dist/sample/); returns the paths
 * written and esbuild's metafile (what the bundle holds).
 */
export async function buildPlayground({ out = join(here, 'dist', 'sample'), minify = true } = {}) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const js = join(out, 'playground.js');
  const result = await build({
    metafile: true,
    entryPoints: [join(here, 'src', 'main.ts')],
    outfile: js,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify,
    sourcemap: false,
    legalComments: 'none',
    tsconfig: join(here, 'tsconfig.json'),
    alias: NODE_SHIMS,
    logLevel: 'warning',
  });
  const { catalog, items } = readSample();
  const sample =
    `<script type="application/json" id="catq-catalog">${scriptJson(catalog)}</script>\n` +
    `<script type="application/json" id="catq-items">${scriptJson(items)}</script>`;
  const page = readFileSync(join(here, 'src', 'index.html'), 'utf8').replace('<!-- SAMPLE -->', () => sample);
  const html = join(out, 'index.html');
  writeFileSync(html, page);
  for (const file of [html, js]) precompress(file);
  return { html, js, metafile: result.metafile };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const out = outAt >= 0 && args[outAt + 1] ? resolve(args[outAt + 1]) : join(here, 'dist');
  const minify = !args.includes('--minify=false');
  rmSync(out, { recursive: true, force: true });
  const page = await buildConsole({ out, minify });
  const sample = await buildPlayground({ out: join(out, 'sample'), minify });
  console.log(`wrote ${page.html}, ${page.js} (the console) and ${sample.html} (the sample playground)`);
}
