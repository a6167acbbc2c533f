import fs from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * Flags for Chromium on a headless, offline machine as root. Without the background-networking ones Chromium keeps
 * calling home over a closed network. Playwright gives every launch a fresh temporary profile (user-data dir).
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A fake camera: Chromium plays the y4m file in a loop, or its own test pattern when no file is given. Without
 * `allowed` the permission prompt is left to answer itself, which headless Chromium does with a denial.
 */
export function fakeCameraFlags(videoFile: string | null, allowed = true): string[] {
  return [
    ...(allowed ? ['--use-fake-ui-for-media-stream'] : []),
    '--use-fake-device-for-media-stream',
    ...(videoFile ? [`--use-file-for-fake-video-capture=${videoFile}`] : []),
  ];
}

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export interface FoundChromium {
  executablePath: string;
  source: 'CHROMIUM_PATH' | 'system' | 'playwright';
}

/**
 * The Chromium the browser tests run in: $CHROMIUM_PATH when set (and then only that), else the system's (Debian's
 * package), else one Playwright downloaded. Null when there is none.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): FoundChromium | null {
  const configured = env.CHROMIUM_PATH;
  if (configured)
    return isExecutable(configured) ? { executablePath: configured, source: 'CHROMIUM_PATH' } : null;
  const system = SYSTEM_CHROMIUMS.find(isExecutable);
  if (system) return { executablePath: system, source: 'system' };
  const downloaded = chromium.executablePath();
  return isExecutable(downloaded) ? { executablePath: downloaded, source: 'playwright' } : null;
}

/** For playwright.config.ts: the browser tests fail loudly without a Chromium, never skip. */
export function requireChromium(): string {
  const found = findChromium();
  if (!found) {
    throw new Error(
      process.env.CHROMIUM_PATH
        ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file.`
        : 'No Chromium for the browser tests. Run `node --import tsx test/e2e/support/ensure-chromium.ts` ' +
            '(npm test does) or set CHROMIUM_PATH.',
    );
  }
  return found.executablePath;
}
