import { defineConfig } from 'tsup';

// One entry per public face, each bundled into one self-contained file (ESM and CJS alike).
// Code splitting would share chunks between entries, but Node then loads a dozen files to
// import the root (about +19 ms against +11 ms measured by bench/startup.bench.mjs). Classes
// that users test with instanceof (QueryError) recognise copies from other entries.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    wire: 'src/wire/index.ts',
    syntax: 'src/syntax/index.ts',
    eval: 'src/eval/index.ts',
    sql: 'src/sql/index.ts',
    mongo: 'src/mongo/index.ts',
    cli: 'src/cli/main.ts',
    lsp: 'src/lsp/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts', wire: 'src/wire/index.ts', syntax: 'src/syntax/index.ts', eval: 'src/eval/index.ts', sql: 'src/sql/index.ts', mongo: 'src/mongo/index.ts', lsp: 'src/lsp/index.ts' } },
  target: 'node20',
  platform: 'node',
  splitting: false,
  shims: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
});
