import os from 'node:os';
import path from 'node:path';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../access/rate-limits.ts';

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '0.0.0.0';

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

/** Flag or environment variable for each rate limit (requests per minute). */
export const RATE_LIMIT_SETTINGS: Record<keyof RateLimits, { flag: string; env: string }> = {
  publicEvents: { flag: 'rate-limit-public-events', env: 'ARRIVALS_RATE_LIMIT_PUBLIC_EVENTS' },
  profile: { flag: 'rate-limit-profile', env: 'ARRIVALS_RATE_LIMIT_PROFILE' },
  publicOther: { flag: 'rate-limit-public', env: 'ARRIVALS_RATE_LIMIT_PUBLIC' },
  token: { flag: 'rate-limit-token', env: 'ARRIVALS_RATE_LIMIT_TOKEN' },
  signIn: { flag: 'rate-limit-sign-in', env: 'ARRIVALS_RATE_LIMIT_SIGN_IN' },
  signInAccount: { flag: 'rate-limit-sign-in-account', env: 'ARRIVALS_RATE_LIMIT_SIGN_IN_ACCOUNT' },
};

export class ConfigError extends Error {}

function positiveInteger(value: string, name: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < 1) {
    throw new ConfigError(`${name} must be a whole number of at least 1 (got "${value}").`);
  }
  return number;
}

/** Rate limits from flags, then environment, then the interface's defaults. */
export function resolveRateLimits(
  flags: Record<string, string | undefined>,
  env: NodeJS.ProcessEnv = process.env,
): RateLimits {
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const [group, { flag, env: variable }] of Object.entries(RATE_LIMIT_SETTINGS)) {
    const fromFlag = flags[flag];
    const value = fromFlag ?? env[variable];
    if (value !== undefined && value !== '') {
      limits[group as keyof RateLimits] = positiveInteger(
        value,
        fromFlag !== undefined ? `--${flag}` : variable,
      );
    }
  }
  return limits;
}

export function resolvePort(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535)
    throw new ConfigError(`--port must be between 0 and 65535 (got "${value}").`);
  return port;
}
