import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * The staff PIN: digits only (a kiosk may have nothing but the on-screen number pad), stored as an scrypt hash in
 * the settings file, never as the PIN. Wrong guesses lock the staff exit for a while, so a curious attendee who
 * found the chord cannot try all 10,000 four-digit PINs.
 */

export const PIN_RULE = /^\d{4,12}$/;

export function isValidPin(pin: string): boolean {
  return PIN_RULE.test(pin);
}

// N=2^15 costs ~50 ms here: unnoticeable once per staff exit, slow for anyone with a copy of the settings file.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 32, maxmem: 64 * 1024 * 1024 };

function derive(pin: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, SCRYPT.keyLength, { ...params, maxmem: SCRYPT.maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url): the parameters travel with the hash, so they can be raised later. */
export async function hashPin(pin: string): Promise<string> {
  if (!isValidPin(pin)) throw new Error('A staff PIN is 4 to 12 digits.');
  const salt = randomBytes(16);
  const key = await derive(pin, salt, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

const HASH_FORMAT = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/** Constant-time comparison; a malformed or tampered hash verifies nothing rather than throwing. */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const match = HASH_FORMAT.exec(stored);
  if (!match || !isValidPin(pin)) return false;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Bounds keep a tampered file from making us allocate gigabytes or spin for minutes.
  if (N < 2 ** 10 || N > 2 ** 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const expected = Buffer.from(match[5]!, 'base64url');
  if (expected.length !== SCRYPT.keyLength) return false;
  try {
    const key = await derive(pin, Buffer.from(match[4]!, 'base64url'), { N, r, p });
    return timingSafeEqual(key, expected);
  } catch {
    return false;
  }
}

/** Failed PIN entries: after `MAX_FAILURES` in a row, the staff exit waits `LOCKOUT_MS` before the next try. */
export const MAX_FAILURES = 5;
export const LOCKOUT_MS = 60_000;

export interface PinAttempts {
  failures: number;
  lockedUntil: number;
}

export const NO_ATTEMPTS: PinAttempts = { failures: 0, lockedUntil: 0 };

export type StaffExitDecision =
  | { outcome: 'open' }
  | { outcome: 'wrong-pin'; attempts: PinAttempts }
  | { outcome: 'locked'; retryInMs: number; attempts: PinAttempts };

/**
 * Decides a staff-exit attempt. No PIN set yet (a new install) opens the staff screen, where the first thing
 * staff do is set one; otherwise the PIN must verify and the lockout must have passed.
 */
export async function decideStaffExit(
  pin: string,
  pinHash: string | null,
  attempts: PinAttempts,
  now: number,
): Promise<StaffExitDecision> {
  if (now < attempts.lockedUntil) {
    return { outcome: 'locked', retryInMs: attempts.lockedUntil - now, attempts };
  }
  if (pinHash === null || (await verifyPin(pin, pinHash))) return { outcome: 'open' };
  const failures = attempts.failures + 1;
  if (failures >= MAX_FAILURES) {
    const locked = { failures: 0, lockedUntil: now + LOCKOUT_MS };
    return { outcome: 'locked', retryInMs: LOCKOUT_MS, attempts: locked };
  }
  return { outcome: 'wrong-pin', attempts: { failures, lockedUntil: 0 } };
}
