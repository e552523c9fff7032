import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';
import type { Plugin } from 'esbuild';

// The three packages catq loads lazily in Node (Chevrotain; jsonc-parser and fastest-levenshtein
// on error paths) come through two loader modules with two versions each: src/**/load-*.ts
// (createRequire on first use: Node keeps its cheap start) and src/**/load-*.browser.ts (static
// imports: a browser or worker has no require). The published entries import the loaders
// through the package's `imports` map, which picks the version by condition (`node` -> lazy,
// anything else -> static); see package.json and docs/api.md.
const LOADERS = /(?:^|\/)load-(chevrotain|helpers)\.js$/;

/** Node build: the loaders stay outside the entry bundles, as `#catq/load-...` imports. */
const loadersByCondition: Plugin = {
  name: 'catq-loaders-by-condition',
  setup(b) {
    b.onResolve({ filter: LOADERS }, (args) => ({ path: `#catq/load-${LOADERS.exec(args.path)?.[1] ?? ''}`, external: true }));
  },
};

/** Browser-only build (`catq/codemirror`): the static loaders, bundled in. */
const staticLoaders: Plugin = {
  name: 'catq-static-loaders',
  setup(b) {
    b.onResolve({ filter: LOADERS }, (args) => ({ path: fileURLToPath(new URL(args.path.replace(/\.js$/, '.browser.ts'), `file://${args.resolveDir}/`)) }));
  },
};

/**
 * A cold-start patch of Chevrotain's lexer. Every first lexer of a process fills a table of 65,536
 * numbers (`charCodeToOptimizedIdxMap`, the bucket of each UTF-16 code unit above U+00FF for the
 * lexer's first-character optimisation) one element at a time: 8-15 ms on this project's machines,
 * a third of what building catq's grammar costs the first `lint` or `complete` of a process. The
 * patch computes the same bucket where the table was read (`255 + ~~(code / 255)`, the table's own
 * formula, for code units at or above 256 only, so ASCII text never takes it). The build fails if
 * Chevrotain's code no longer has the expected shape (a new release): drop or redo the patch then.
 */
const CHEVROTAIN_LEXER = /chevrotain[\\/]lib[\\/](?:chevrotain\.mjs|src[\\/]scan[\\/]lexer\.js)$/;
const chevrotainColdStart: Plugin = {
  name: 'catq-chevrotain-cold-start',
  setup(b) {
    b.onLoad({ filter: CHEVROTAIN_LEXER }, (args) => {
      const before = readFileSync(args.path, 'utf8');
      const read = /:\s*charCodeToOptimizedIdxMap\[charCode\]/g;
      const init = /function initCharCodeToOptimizedIndexMap\(\) \{\s*if \(charCodeToOptimizedIdxMap\.length === 0\) \{\s*charCodeToOptimizedIdxMap = new Array\(65536\);\s*for \(let i = 0; i < 65536; i\+\+\) \{\s*charCodeToOptimizedIdxMap\[i\] = i > 255 \? 255 \+ ~~\(i \/ 255\) : i;\s*\}\s*\}\s*\}/g;
      const found = [before.match(read)?.length ?? 0, before.match(init)?.length ?? 0];
      if (found[0] !== 1 || found[1] !== 1) {
        throw new Error(`${args.path}: Chevrotain's lexer table is not written as catq's build expects (found ${found.join(' and ')} of 1 and 1); see chevrotainColdStart in tsup.config.ts`);
      }
      const after = before.replace(read, ': 255 + ~~(charCode / 255)').replace(init, 'function initCharCodeToOptimizedIndexMap() {}');
      return { contents: after, loader: 'js' };
    });
  },
};

// One entry per public face, each bundled into one self-contained file (ESM and CJS alike).
// Code splitting would share chunks between entries, but Node then loads a dozen files to
// import the root (about +19 ms against +11 ms measured by bench/startup.bench.mjs). Classes
// that users test with instanceof (QueryError) recognise copies from other entries.
const node: Options = {
  entry: {
    index: 'src/index.ts',
    wire: 'src/wire/index.ts',
    syntax: 'src/editor/syntax-entry.ts',
    eval: 'src/eval/index.ts',
    sql: 'src/sql/index.ts',
    mongo: 'src/mongo/index.ts',
    listing: 'src/listing/index.ts',
    builder: 'src/builder/index.ts',
    client: 'src/client/index.ts',
    'client/check': 'src/client/check-entry.ts',
    cli: 'src/cli/main.ts',
    lsp: 'src/lsp/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts', wire: 'src/wire/index.ts', syntax: 'src/editor/syntax-entry.ts', eval: 'src/eval/index.ts', sql: 'src/sql/index.ts', mongo: 'src/mongo/index.ts', listing: 'src/listing/index.ts', builder: 'src/builder/index.ts', client: 'src/client/index.ts', 'client/check': 'src/client/check-entry.ts', lsp: 'src/lsp/index.ts' } },
  target: 'node20',
  platform: 'node',
  splitting: false,
  shims: true,
  sourcemap: true,
  clean: false, // see the end of the file
  treeshake: true,
  esbuildPlugins: [loadersByCondition],
  // `shims` is for the CommonJS build (import.meta.url); in ES modules tsup would also inject a
  // __dirname/__filename shim that nothing uses, which rollup then reports as an unused import.
  esbuildOptions(o, { format }) {
    if (format === 'esm' && o.inject) o.inject = o.inject.filter((file) => !/esm_shims\.js$/.test(file));
  },
};

// The loaders themselves, one file per version and format, under dist/load/.
const versions: { platform: 'node' | 'browser'; target: string; suffix: string; file: string }[] = [
  { platform: 'node', target: 'node20', suffix: '.node', file: '' },
  { platform: 'browser', target: 'es2022', suffix: '', file: '.browser' },
];
// jsonc-parser's ES module of its parser (the browser loader imports only `visit` from it, see
// load-helpers.browser.ts) is bundled in: its own imports have no file extension, which only a
// bundler resolves, and a CommonJS file cannot require it.
const JSONC_PARSER_MODULE = /^jsonc-parser\/lib\//;
const loaders: Options[] = versions.map(({ platform, target, suffix, file }) => ({
  entry: { [`load/chevrotain${suffix}`]: `src/syntax/load-chevrotain${file}.ts`, [`load/helpers${suffix}`]: `src/wire/load-helpers${file}.ts` },
  format: ['esm', 'cjs'],
  target,
  platform,
  splitting: false,
  shims: platform === 'node',
  sourcemap: true,
  clean: false,
  treeshake: true,
  removeNodeProtocol: false,
  noExternal: [JSONC_PARSER_MODULE],
  esbuildPlugins: [chevrotainColdStart],
}));

// `catq/codemirror` runs in browsers only: the static loaders are bundled in. CodeMirror and Lezer
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
  noExternal: [JSONC_PARSER_MODULE],
  removeNodeProtocol: false,
  esbuildPlugins: [staticLoaders, chevrotainColdStart],
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
  esbuildPlugins: [chevrotainColdStart],
  async onSuccess() {
    copyFileSync(`${chevrotainPackage}LICENSE.txt`, fileURLToPath(new URL('./dist/vendor/chevrotain.LICENSE.txt', import.meta.url)));
  },
};

// The two builds run at the same time into dist/, and tsup's `clean` would let one wipe the other's
// files (its declaration step removes every .d.ts of the folder): dist/ is emptied here, once.
rmSync(fileURLToPath(new URL('./dist', import.meta.url)), { recursive: true, force: true });

export default defineConfig([node, browser, ...loaders, vendor]);
