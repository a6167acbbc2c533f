import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, requireChromium } from './test/e2e/support/chromium.ts';

/**
 * Browser tests of the kiosk in real Chromium (Debian's, or $CHROMIUM_PATH), each against its own server and temp
 * database started inside the test (test/e2e/support/fixtures.ts). Run by `npm test` after the unit and API tests.
 */
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // Camera tests hold a second Chromium each: two workers keep a 2-core machine responsive.
  workers: 2,
  // A retry would hide a test that fails now and then: every failure is a bug to fix, in CI as anywhere.
  retries: 0,
  // Both limits only say when to give up on a page that is stuck; a passing test never waits for them. On a 2-core
  // machine that is busy with other work, one step (a render, an axe scan, a full-cost scrypt at sign-in) can take
  // seconds and a dashboard journey over a minute (`npm run test:stress` runs the suite that way).
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: requireChromium(), args: CHROMIUM_FLAGS },
    // A landscape kiosk screen; times are shown in UTC, the test server's zone, so they can be asserted.
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
