import { defineConfig } from 'vitest/config';

// `npm run fuzz`: the full hostile-input run (long; not part of `npm test`, which runs a
// fixed-seed share of it from test/hostile/fuzz.test.ts).
export default defineConfig({
  test: {
    include: ['fuzz/**/*.test.ts'],
    testTimeout: 3_600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
