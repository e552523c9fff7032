import { defineConfig } from 'tsup';

// The service is one ES module bundle; catq stays external (the built root package), so the
// server runs the very library users import. TypeBox (only its schema builder is used) is bundled:
// as a package it is about 700 ES module files, and loading them was a third of the service's
// start-up (about 0.35 s of `npm start`); bundled, it is a few kilobytes of the one file.
export default defineConfig({
  entry: { cli: 'src/cli.ts', demo: 'src/demo.ts', index: 'src/index.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  target: 'node20',
  platform: 'node',
  splitting: false,
  sourcemap: true,
  clean: true,
  external: ['catq', /^catq\//, 'fastify', /^@fastify\//, 'pg', /^@electric-sql\//, 'prom-client'],
  noExternal: ['typebox'],
});
