import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * The staff PIN: digits only (a kiosk may have nothing but the on-screen number pad), stored as an scrypt hash in
 * the settings file, never as the PIN. Wrong guesses lock the staff exit for longer and longer, and the count
 * lives in the settings file beside the hash, so neither closing the staff screen nor a power cycle wins guesses.
 */

/** A new PIN: at least six digits, a million possibilities against the lockout below. */
export const NEW_PIN_RULE = /^\d{6,12}$/;
export const NEW_PIN_MESSAGE = 'A staff PIN is 6 to 12 digits.';
export const MIN_NEW_PIN_DIGITS = 6;

/**
 * What the prompt checks: also the 4- and 5-digit PINs set before six was the minimum. They keep working, so an
 * upgrade never locks staff out of a kiosk at the venue, and the staff screen asks for a longer one once opened.
 */
const ENTERED_PIN_RULE = /^\d{4,12}$/;

export function isValidNewPin(pin: string): boolean {
  return NEW_PIN_RULE.test(pin);
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
  if (!isValidNewPin(pin)) throw new Error(NEW_PIN_MESSAGE);
  const salt = randomBytes(16);
  const key = await derive(pin, salt, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

/** What `hashPin` writes; the settings file's PIN hash must have this shape to be read at all. */
export const PIN_HASH_FORMAT = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/** Constant-time comparison; a malformed or tampered hash verifies nothing rather than throwing. */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const match = PIN_HASH_FORMAT.exec(stored);
  if (!match || !ENTERED_PIN_RULE.test(pin)) return false;
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

/**
 * Stands for a PIN hash that the settings file should hold but did not give back (unreadable, not JSON, a field
 * that fails its check): a PIN may have been set, so nothing opens the staff exit until the PIN is reset
 * (`Arrivals --reset-staff-pin`, electron/README.md). Never a valid scrypt hash, so it also verifies nothing.
 */
export const UNREADABLE_PIN_HASH = 'unreadable';

/** Wrong PINs so far (reset by the right one) and when the staff exit opens again (ms since the epoch, 0: open). */
export interface PinAttempts {
  failures: number;
  lockedUntil: number;
}

export const NO_ATTEMPTS: PinAttempts = { failures: 0, lockedUntil: 0 };

/** Wrong PINs allowed before the first lockout: enough for typos. */
export const FREE_FAILURES = 5;
export const FIRST_LOCKOUT_MS = 60_000;
export const MAX_LOCKOUT_MS = 60 * 60_000;

/**
 * How long the staff exit stays locked after the `failures`-th wrong PIN in a row: nothing for the first four,
 * then 1 minute, and twice as long for each further wrong PIN, at most an hour. An attacker gets about ten guesses
 * in the first hour and 24 a day after that.
 */
export function lockoutAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_LOCKOUT_MS * 2 ** (failures - FREE_FAILURES), MAX_LOCKOUT_MS);
}

/** The failure count a damaged record resumes from: the next wrong PIN locks for the longest time. */
export const FAILURES_AT_MAX_LOCKOUT =
  FREE_FAILURES + Math.ceil(Math.log2(MAX_LOCKOUT_MS / FIRST_LOCKOUT_MS));

export type StaffExitDecision =
  | { outcome: 'open'; attempts: PinAttempts; shortPin: boolean }
  /** No PIN yet: nothing opens until staff choose one (the controller's `setPin` takes the first without a PIN). */
  | { outcome: 'no-pin'; attempts: PinAttempts }
  | { outcome: 'wrong-pin'; attempts: PinAttempts }
  | { outcome: 'locked'; retryInMs: number; attempts: PinAttempts }
  | { outcome: 'unreadable'; attempts: PinAttempts };

/**
 * Decides a staff-exit attempt. No PIN set yet (a new install, or a PIN reset) opens nothing: a kiosk stands in a
 * public hall, and its staff screen holds the mode, the pairing and the setup code, so the first PIN must be chosen
 * before anything else (the shell asks for it at once). A PIN that could not be read opens nothing either;
 * otherwise the lockout must have passed and the PIN must verify. `shortPin` flags a PIN from before the six-digit
 * minimum. The returned attempts are to be kept.
 */
export async function decideStaffExit(
  pin: string,
  pinHash: string | null,
  attempts: PinAttempts,
  now: number,
): Promise<StaffExitDecision> {
  if (pinHash === UNREADABLE_PIN_HASH) return { outcome: 'unreadable', attempts };
  if (pinHash === null) return { outcome: 'no-pin', attempts: NO_ATTEMPTS };
  // A clock set back (or a tampered file) cannot stretch a lockout beyond the longest one.
  const lockedUntil = Math.min(attempts.lockedUntil, now + MAX_LOCKOUT_MS);
  if (now < lockedUntil) {
    return { outcome: 'locked', retryInMs: lockedUntil - now, attempts: { ...attempts, lockedUntil } };
  }
  if (await verifyPin(pin, pinHash)) {
    return { outcome: 'open', attempts: NO_ATTEMPTS, shortPin: pin.length < MIN_NEW_PIN_DIGITS };
  }
  const failures = attempts.failures + 1;
  const lockout = lockoutAfter(failures);
  if (lockout === 0) return { outcome: 'wrong-pin', attempts: { failures, lockedUntil: 0 } };
  return { outcome: 'locked', retryInMs: lockout, attempts: { failures, lockedUntil: now + lockout } };
}
