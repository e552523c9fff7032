#!/usr/bin/env node
/**
 * Builds the playground into dist/: index.html (the page, with the sample catalog and items
 * embedded as JSON data) and playground.js (one bundle: CodeMirror and catq, compiled from the
 * repository's sources). `node build.mjs [--out DIR] [--minify=false]`.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** Builds the page into `out` (default dist/); returns the paths written and esbuild's metafile (what the bundle holds). */
export async function buildPlayground({ out = join(here, 'dist'), minify = true } = {}) {
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
    // catq loads Chevrotain, jsonc-parser and fastest-levenshtein with createRequire on first
    // use (cheap Node start-up); in the page they are static imports (see the shim).
    alias: {
      'node:module': join(root, 'src', 'codemirror', 'node-module-shim.ts'),
      'node:path': join(root, 'src', 'codemirror', 'node-path-shim.ts'),
    },
    logLevel: 'warning',
  });
  const { catalog, items } = readSample();
  const sample =
    `<script type="application/json" id="catq-catalog">${scriptJson(catalog)}</script>\n` +
    `<script type="application/json" id="catq-items">${scriptJson(items)}</script>`;
  const page = readFileSync(join(here, 'src', 'index.html'), 'utf8').replace('<!-- SAMPLE -->', () => sample);
  const html = join(out, 'index.html');
  writeFileSync(html, page);
  return { html, js, metafile: result.metafile };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const { html, js } = await buildPlayground({
    ...(outAt >= 0 && args[outAt + 1] ? { out: resolve(args[outAt + 1]) } : {}),
    minify: !args.includes('--minify=false'),
  });
  console.log(`wrote ${html} and ${js}`);
}
