import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { writeCameraFeedOfPicture } from './camera-from-image.ts';
import { CHROMIUM_FLAGS, fakeCameraFlags, requireChromium } from './chromium.ts';

/**
 * A kiosk in a second Chromium whose camera shows `picture` (a PNG screenshot of a phone's screen), as a person
 * holds their phone up to it. The kiosk's own screen: landscape, English, in UTC like the tests' server.
 */
export interface KioskWithCamera {
  page: Page;
  close(): Promise<void>;
}

export async function openKioskWithCamera(baseURL: string, picture: Buffer): Promise<KioskWithCamera> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-ticket-camera-'));
  const feed = path.join(dir, 'camera.y4m');
  writeCameraFeedOfPicture(feed, picture);
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({
      executablePath: requireChromium(),
      args: [...CHROMIUM_FLAGS, ...fakeCameraFlags(feed)],
    });
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
      timezoneId: 'UTC',
      baseURL,
    });
    const page = await context.newPage();
    const opened = browser;
    return {
      page,
      close: async () => {
        await opened.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser?.close();
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
