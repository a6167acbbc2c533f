import fs from 'node:fs';
import path from 'node:path';

export type ElectronBinary = { found: true; binary: string } | { found: false; reason: string };

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile() || process.platform === 'darwin';
  } catch {
    return false;
  }
}

/**
 * Where the Electron binary is, found the way the electron package's own index.js finds it (path.txt, dist/,
 * ELECTRON_OVERRIDE_DIST_PATH) but without its side effect: requiring `electron` downloads the binary when it is
 * missing, which hangs or fails on a machine without internet. Never touches the network.
 */
export function findElectronBinary(
  electronDir: string | null,
  env: NodeJS.ProcessEnv = process.env,
): ElectronBinary {
  if (!electronDir) return { found: false, reason: 'the electron package is not installed' };
  let executable: string | null = null;
  try {
    executable = fs.readFileSync(path.join(electronDir, 'path.txt'), 'utf8').trim();
  } catch {
    // No path.txt: the binary was never downloaded (npm installs electron 45 without it).
  }
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const binary = path.join(override, executable || 'electron');
    return isExecutable(binary)
      ? { found: true, binary }
      : { found: false, reason: `ELECTRON_OVERRIDE_DIST_PATH has no executable ${binary}` };
  }
  if (!executable) return { found: false, reason: "Electron's binary is not installed" };
  const binary = path.join(electronDir, 'dist', executable);
  return isExecutable(binary)
    ? { found: true, binary }
    : { found: false, reason: `Electron's binary is missing from ${path.dirname(binary)}` };
}
