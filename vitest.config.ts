import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/api/**/*.test.ts', 'test/cli/**/*.test.ts'],
    // Each API test opens its own SQLite file; forks keep native handles apart.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
