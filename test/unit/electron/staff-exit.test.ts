import { describe, expect, it } from 'vitest';
import {
  decideStaffExit,
  hashPin,
  isValidPin,
  LOCKOUT_MS,
  MAX_FAILURES,
  NO_ATTEMPTS,
  verifyPin,
  type PinAttempts,
} from '../../../electron/main/staff-exit.ts';

describe('staff PIN', () => {
  it.each(['1234', '000000', '123456789012'])('accepts %s as a PIN', (pin) =>
    expect(isValidPin(pin)).toBe(true),
  );
  it.each(['', '123', '1234567890123', '12a4', ' 1234', '1234\n', '١٢٣٤', '12.4'])(
    'refuses %o as a PIN',
    (pin) => expect(isValidPin(pin)).toBe(false),
  );

  it('stores an scrypt hash, salted, never the PIN', async () => {
    const first = await hashPin('2468');
    const second = await hashPin('2468');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toContain('2468');
    expect(first).not.toBe(second);
    expect(await verifyPin('2468', first)).toBe(true);
    expect(await verifyPin('2469', first)).toBe(false);
    expect(await verifyPin('24680', first)).toBe(false);
  });

  it('refuses to hash an invalid PIN', async () => {
    await expect(hashPin('12')).rejects.toThrow('A staff PIN is 4 to 12 digits.');
  });

  it('verifies nothing against a malformed or tampered hash, without throwing', async () => {
    const good = await hashPin('2468');
    const [, , r, p, salt, key] = good.split('$');
    for (const stored of [
      '',
      '2468',
      'scrypt$',
      good.replace('scrypt', 'bcrypt'),
      `scrypt$1$${r}$${p}$${salt}$${key}`, // N too small
      `scrypt$${2 ** 30}$${r}$${p}$${salt}$${key}`, // N that would eat gigabytes
      `scrypt$30000$${r}$${p}$${salt}$${key}`, // N not a power of two
      `scrypt$32768$99$${p}$${salt}$${key}`,
      `scrypt$32768$${r}$${p}$${salt}$${key!.slice(0, 20)}`, // short key
      `scrypt$32768$${r}$${p}$${salt}$${'A'.repeat(43)}`, // wrong key
    ]) {
      expect(await verifyPin('2468', stored), stored).toBe(false);
    }
  });
});

describe('decideStaffExit', () => {
  it('opens the staff screen with no PIN set yet (a new install)', async () => {
    expect(await decideStaffExit('', null, NO_ATTEMPTS, 0)).toEqual({ outcome: 'open' });
  });

  it(`locks for ${LOCKOUT_MS / 1000} s after ${MAX_FAILURES} wrong PINs, then lets staff in`, async () => {
    const hash = await hashPin('2468');
    let attempts: PinAttempts = NO_ATTEMPTS;
    let now = 1_000_000;
    for (let i = 1; i < MAX_FAILURES; i++) {
      const decision = await decideStaffExit('0000', hash, attempts, now);
      expect(decision.outcome).toBe('wrong-pin');
      if (decision.outcome !== 'open') attempts = decision.attempts;
    }
    const fifth = await decideStaffExit('0000', hash, attempts, now);
    expect(fifth).toMatchObject({ outcome: 'locked', retryInMs: LOCKOUT_MS });
    if (fifth.outcome !== 'open') attempts = fifth.attempts;

    // Even the right PIN waits out the lockout.
    now += LOCKOUT_MS - 1;
    expect(await decideStaffExit('2468', hash, attempts, now)).toMatchObject({
      outcome: 'locked',
      retryInMs: 1,
    });
    now += 1;
    expect(await decideStaffExit('2468', hash, attempts, now)).toEqual({ outcome: 'open' });
  });
});
