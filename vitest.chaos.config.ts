import { defineConfig } from 'vitest/config';

/**
 * The chaos tests (test/chaos/README.md): the short seeded run and the reproductions of issue 30, each with an online
 * server, a hub and three kiosks as real processes. `npm test` runs them on their own after the other vitest files
 * (`npm run test:chaos:short`), one venue at a time, so that no other process-heavy file shares the machine with
 * them.
 */
export default defineConfig({
  test: {
    include: ['test/chaos/**/*.chaos.test.ts'],
    pool: 'forks',
    // One venue at a time: five processes each on a two-core machine.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
