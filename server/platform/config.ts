import os from 'node:os';
import path from 'node:path';

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '0.0.0.0';
/** A headless satellite's default: its kiosk runs on the same machine, like the desktop app's. */
export const SATELLITE_HOST = '127.0.0.1';

/**
 * The per-user app-data directory, the same one the desktop shell's `app.getPath('userData')` uses, so the CLI
 * and the kiosk app share one database.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const home = os.homedir();
  if (platform === 'win32')
    return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Arrivals');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Arrivals');
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'Arrivals');
}

export class ConfigError extends Error {}

/** A whole number of at least 1 from a flag or variable named `name`. */
export function positiveInteger(value: string, name: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < 1) {
    throw new ConfigError(`${name} must be a whole number of at least 1 (got "${value}").`);
  }
  return number;
}

export function resolvePort(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535)
    throw new ConfigError(`--port must be between 0 and 65535 (got "${value}").`);
  return port;
}
