import { randomBytes, scryptSync } from 'node:crypto';

/** A hash as earlier versions stored it for a 4- or 5-digit PIN (hashPin now refuses to make one). */
export function legacyHash(pin: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(pin, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', 2 ** 15, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}
