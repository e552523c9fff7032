import { copyFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

// One entry per public face, each bundled into one self-contained file (ESM and CJS alike).
// Code splitting would share chunks between entries, but Node then loads a dozen files to
// import the root (about +19 ms against +11 ms measured by bench/startup.bench.mjs). Classes
// that users test with instanceof (QueryError) recognise copies from other entries.
const node: Options = {
  entry: {
    index: 'src/index.ts',
    wire: 'src/wire/index.ts',
    syntax: 'src/syntax/index.ts',
    eval: 'src/eval/index.ts',
    sql: 'src/sql/index.ts',
    mongo: 'src/mongo/index.ts',
    builder: 'src/builder/index.ts',
    client: 'src/client/index.ts',
    cli: 'src/cli/main.ts',
    lsp: 'src/lsp/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts', wire: 'src/wire/index.ts', syntax: 'src/syntax/index.ts', eval: 'src/eval/index.ts', sql: 'src/sql/index.ts', mongo: 'src/mongo/index.ts', builder: 'src/builder/index.ts', client: 'src/client/index.ts', lsp: 'src/lsp/index.ts' } },
  target: 'node20',
  platform: 'node',
  splitting: false,
  shims: true,
  sourcemap: true,
  clean: false, // see the end of the file
  treeshake: true,
  // `shims` is for the CommonJS build (import.meta.url); in ES modules tsup would also inject a
  // __dirname/__filename shim that nothing uses, which rollup then reports as an unused import.
  esbuildOptions(o, { format }) {
    if (format === 'esm' && o.inject) o.inject = o.inject.filter((file) => !/esm_shims\.js$/.test(file));
  },
};

const shim = (file: string): string => fileURLToPath(new URL(`./src/codemirror/${file}`, import.meta.url));

// `catq/codemirror` runs in browsers: catq's lazy `createRequire` loads (Chevrotain, jsonc-parser,
// fastest-levenshtein) become static imports through the node:module shim. CodeMirror and Lezer
// stay external (peer dependencies: one copy of @codemirror/state per page), and so do catq's
// own dependencies (the application's bundler resolves them).
const browser: Options = {
  entry: { codemirror: 'src/codemirror/index.ts' },
  format: ['esm', 'cjs'],
  dts: { entry: { codemirror: 'src/codemirror/index.ts' } },
  target: 'es2022',
  platform: 'browser',
  splitting: false,
  sourcemap: true,
  clean: false,
  treeshake: true,
  external: [/^@codemirror\//, /^@lezer\//],
  removeNodeProtocol: false,
  esbuildOptions(o) {
    o.alias = { ...o.alias, 'node:module': shim('node-module-shim.ts'), 'node:path': shim('node-path-shim.ts') };
  },
};

// Chevrotain is part of catq's dist, not a runtime dependency: chevrotain 12 and 13 declare
// node >=22 (npm warns EBADENGINE on catq's own range, >=20.19, although the code runs there) and
// 11 fails the grammar's self-checks. One minified file per format from Chevrotain's single-file
// build, with its Apache-2.0 licence next to it; the package's `imports` map names it
// `#catq/chevrotain`. One ES module serves all: Node >= 20.19 can `require()` it (the lazy loader).
const chevrotainPackage = fileURLToPath(new URL('./node_modules/chevrotain/', import.meta.url));
const vendor: Options = {
  entry: { 'vendor/chevrotain': `${chevrotainPackage}lib/chevrotain.mjs` },
  format: ['esm'],
  target: 'es2022',
  platform: 'neutral',
  splitting: false,
  sourcemap: false,
  clean: false,
  minify: true,
  treeshake: false,
  noExternal: [/.*/],
  async onSuccess() {
    copyFileSync(`${chevrotainPackage}LICENSE.txt`, fileURLToPath(new URL('./dist/vendor/chevrotain.LICENSE.txt', import.meta.url)));
  },
};

// The two builds run at the same time into dist/, and tsup's `clean` would let one wipe the other's
// files (its declaration step removes every .d.ts of the folder): dist/ is emptied here, once.
rmSync(fileURLToPath(new URL('./dist', import.meta.url)), { recursive: true, force: true });

export default defineConfig([node, browser, vendor]);
