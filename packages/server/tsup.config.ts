import { defineConfig } from 'tsup';

// The service is one ES module bundle; catq stays external (the built root package), so the
// server runs the very library users import.
export default defineConfig({
  entry: { cli: 'src/cli.ts', demo: 'src/demo.ts', index: 'src/index.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  target: 'node20',
  platform: 'node',
  splitting: false,
  sourcemap: true,
  clean: true,
  external: ['catq', /^catq\//, 'fastify', /^@fastify\//, 'pg', /^@electric-sql\//, 'typebox', 'prom-client'],
});
