import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    // Property tests against real engines take a while on a 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One fresh PGlite cluster dumped once, loaded by every test that wants one (test/support/pglite.ts).
    globalSetup: ['test/support/pglite-global-setup.ts'],
  },
});
