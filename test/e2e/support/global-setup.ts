import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'electron-vite';
import { REPO_ROOT } from './paths.ts';

/**
 * The browser tests run against the renderer as built now, never a stale build, and in a directory of this run's
 * own (passed to the workers through the environment), which it removes at the end.
 */
export default async function globalSetup(): Promise<() => void> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-e2e-renderer-'));
  process.env.ARRIVALS_RENDERER_OUT_DIR = outDir;
  await build({ root: REPO_ROOT, logLevel: 'error' });
  process.env.ARRIVALS_E2E_KIOSK_DIR = outDir;
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}
