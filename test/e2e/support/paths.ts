import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The renderer build the tests' servers serve: global-setup.ts's own, else the checkout's out/renderer. */
export const KIOSK_DIR =
  process.env.ARRIVALS_E2E_KIOSK_DIR ?? fileURLToPath(new URL('../../../out/renderer/', import.meta.url));
