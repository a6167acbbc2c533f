import { defineConfig } from 'vitest/config';
import { pageScript } from './electron/page-script.ts';

export default defineConfig({
  // The staff screen's script as the desktop shell's build serves it (electron/main/staff-screen.ts).
  plugins: [pageScript()],
  test: {
    include: ['test/unit/**/*.test.ts', 'test/api/**/*.test.ts', 'test/cli/**/*.test.ts'],
    // Each API test opens its own SQLite file; forks keep native handles apart.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
