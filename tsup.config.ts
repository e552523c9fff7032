import { defineConfig } from 'tsup';

// One entry per public face; ESM shares chunks between entries, CJS bundles each entry.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    wire: 'src/wire/index.ts',
    syntax: 'src/syntax/index.ts',
    eval: 'src/eval/index.ts',
    sql: 'src/sql/index.ts',
    mongo: 'src/mongo/index.ts',
    cli: 'src/cli/main.ts',
  },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts', wire: 'src/wire/index.ts', syntax: 'src/syntax/index.ts', eval: 'src/eval/index.ts', sql: 'src/sql/index.ts', mongo: 'src/mongo/index.ts' } },
  target: 'node20',
  platform: 'node',
  splitting: true,
  shims: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
});
