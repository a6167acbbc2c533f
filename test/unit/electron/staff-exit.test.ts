import { describe, expect, it } from 'vitest';
import {
  decideStaffExit,
  FIRST_LOCKOUT_MS,
  FREE_FAILURES,
  hashPin,
  isValidNewPin,
  lockoutAfter,
  MAX_LOCKOUT_MS,
  NO_ATTEMPTS,
  UNREADABLE_PIN_HASH,
  verifyPin,
  type PinAttempts,
} from '../../../electron/main/staff-exit.ts';
import { legacyHash } from './legacy-pin.ts';

const MINUTE = 60_000;

describe('staff PIN', () => {
  it.each(['246801', '000000', '123456789012'])('accepts %s as a new PIN', (pin) =>
    expect(isValidNewPin(pin)).toBe(true),
  );
  it.each(['', '123', '1234', '12345', '1234567890123', '12a456', ' 123456', '123456\n', '١٢٣٤٥٦', '12.456'])(
    'refuses %o as a new PIN',
    (pin) => expect(isValidNewPin(pin)).toBe(false),
  );

  it('stores an scrypt hash, salted, never the PIN', async () => {
    const first = await hashPin('246801');
    const second = await hashPin('246801');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toContain('246801');
    expect(first).not.toBe(second);
    expect(await verifyPin('246801', first)).toBe(true);
    expect(await verifyPin('246802', first)).toBe(false);
    expect(await verifyPin('2468010', first)).toBe(false);
  });

  it('refuses to hash a PIN shorter than 6 digits', async () => {
    await expect(hashPin('12345')).rejects.toThrow('A staff PIN is 6 to 12 digits.');
  });

  it('still verifies a 4-digit PIN set before 6 digits were the minimum', async () => {
    const old = legacyHash('2468');
    expect(await verifyPin('2468', old)).toBe(true);
    expect(await verifyPin('2469', old)).toBe(false);
  });

  it('verifies nothing against a malformed or tampered hash, without throwing', async () => {
    const good = await hashPin('246801');
    const [, , r, p, salt, key] = good.split('$');
    for (const stored of [
      '',
      '246801',
      'scrypt$',
      UNREADABLE_PIN_HASH,
      good.replace('scrypt', 'bcrypt'),
      `scrypt$1$${r}$${p}$${salt}$${key}`, // N too small
      `scrypt$${2 ** 30}$${r}$${p}$${salt}$${key}`, // N that would eat gigabytes
      `scrypt$30000$${r}$${p}$${salt}$${key}`, // N not a power of two
      `scrypt$32768$99$${p}$${salt}$${key}`,
      `scrypt$32768$${r}$${p}$${salt}$${key!.slice(0, 20)}`, // short key
      `scrypt$32768$${r}$${p}$${salt}$${'A'.repeat(43)}`, // wrong key
    ]) {
      expect(await verifyPin('246801', stored), stored).toBe(false);
    }
  });
});

describe('the lockout', () => {
  it('allows four typos, then locks 1 minute and doubles with each wrong PIN, up to an hour', () => {
    expect([1, 2, 3, 4].map(lockoutAfter)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 11, 12, 50, 5000].map((n) => lockoutAfter(n) / MINUTE)).toEqual([
      1, 2, 4, 8, 16, 32, 60, 60, 60, 60,
    ]);
    expect(FREE_FAILURES).toBe(5);
    expect(FIRST_LOCKOUT_MS).toBe(MINUTE);
    expect(MAX_LOCKOUT_MS).toBe(60 * MINUTE);
  });

  /** Guesses a patient attacker gets in `ms`, trying again the moment each lockout ends. */
  async function guessesWithin(ms: number): Promise<number> {
    // Any set PIN that the guesses miss; one that verifies nothing keeps 150 guesses from costing 150 scrypts.
    const hash = 'scrypt$not-a-hash';
    let attempts: PinAttempts = NO_ATTEMPTS;
    let now = 0;
    let guesses = 0;
    while (now <= ms) {
      const decision = await decideStaffExit('000000', hash, attempts, now);
      if (decision.outcome === 'locked' && decision.attempts.failures === attempts.failures) {
        now += decision.retryInMs;
        continue;
      }
      guesses += 1;
      attempts = decision.attempts;
    }
    return guesses;
  }

  it('leaves 10 guesses in the 43 minutes that used to allow 200, and 24 a day after the first hours', async () => {
    expect(await guessesWithin(43 * MINUTE)).toBe(10);
    const day = 24 * 60 * MINUTE;
    expect((await guessesWithin(3 * day)) - (await guessesWithin(2 * day))).toBe(24);
  });
});

describe('decideStaffExit', () => {
  it('opens nothing with no PIN set yet (a new install): staff choose one first', async () => {
    for (const pin of ['', '0000', '246801']) {
      expect(await decideStaffExit(pin, null, NO_ATTEMPTS, 0)).toEqual({
        outcome: 'no-pin',
        attempts: NO_ATTEMPTS,
      });
    }
  });

  it('opens nothing, for any PIN, when the PIN could not be read from the settings file', async () => {
    for (const pin of ['', '0000', '246801', '123456789012']) {
      expect(await decideStaffExit(pin, UNREADABLE_PIN_HASH, NO_ATTEMPTS, 0)).toEqual({
        outcome: 'unreadable',
        attempts: NO_ATTEMPTS,
      });
    }
  });

  it('locks after the fifth wrong PIN, keeps counting, and lets staff in once it has passed', async () => {
    const hash = await hashPin('246801');
    let attempts: PinAttempts = NO_ATTEMPTS;
    let now = 1_000_000;
    for (let i = 1; i < FREE_FAILURES; i++) {
      const decision = await decideStaffExit('000000', hash, attempts, now);
      expect(decision).toEqual({ outcome: 'wrong-pin', attempts: { failures: i, lockedUntil: 0 } });
      attempts = decision.attempts;
    }
    const fifth = await decideStaffExit('000000', hash, attempts, now);
    expect(fifth).toEqual({
      outcome: 'locked',
      retryInMs: MINUTE,
      attempts: { failures: 5, lockedUntil: now + MINUTE },
    });
    attempts = fifth.attempts;

    // Even the right PIN waits out the lockout, and a try during it counts for nothing.
    now += MINUTE - 1;
    expect(await decideStaffExit('246801', hash, attempts, now)).toMatchObject({
      outcome: 'locked',
      retryInMs: 1,
      attempts,
    });
    now += 1;
    const sixth = await decideStaffExit('000000', hash, attempts, now);
    expect(sixth).toMatchObject({ outcome: 'locked', retryInMs: 2 * MINUTE, attempts: { failures: 6 } });
    now += 2 * MINUTE;
    expect(await decideStaffExit('246801', hash, sixth.attempts, now)).toEqual({
      outcome: 'open',
      attempts: NO_ATTEMPTS,
      shortPin: false,
    });
  });

  it('flags a PIN from before the 6-digit minimum when it opens', async () => {
    expect(await decideStaffExit('24680', legacyHash('24680'), NO_ATTEMPTS, 0)).toMatchObject({
      outcome: 'open',
      shortPin: true,
    });
  });

  it('never waits longer than the longest lockout, whatever the stored end (a clock set back)', async () => {
    const hash = await hashPin('246801');
    const now = 5_000_000;
    const decision = await decideStaffExit('246801', hash, { failures: 12, lockedUntil: now + 1e12 }, now);
    expect(decision).toEqual({
      outcome: 'locked',
      retryInMs: MAX_LOCKOUT_MS,
      attempts: { failures: 12, lockedUntil: now + MAX_LOCKOUT_MS },
    });
  });
});
