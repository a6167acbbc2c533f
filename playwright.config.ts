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
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
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
