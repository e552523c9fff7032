import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    // Property tests against real engines take a while on a 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one file fewer than the cores: one at a time on a 2-core machine. Most
    // suites spend their time waiting on PostgreSQL, MariaDB, a child process or a browser, so two
    // at a time on 2 cores ran the whole suite in 442-444 s instead of 703 s (two runs each way, all green).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // One fresh PGlite cluster dumped once, loaded by every test that wants one (test/support/pglite.ts).
    globalSetup: ['test/support/pglite-global-setup.ts'],
  },
});
