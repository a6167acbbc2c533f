import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** At least this many characters; no other composition rules (they push people to worse passwords). */
export const MIN_PASSWORD_LENGTH = 12;

// OWASP's scrypt floor: N=2^17, r=8, p=1. About 100 ms and 128 MiB here, once per sign-in.
const PARAMS = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash`, base64: self-describing, so the cost can rise later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let decoy: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash, so that an unknown email costs the same time as a wrong password. Made on
 * first use, not at start-up.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  await verifyPassword(password, await (decoy ??= hashPassword('decoy password never used')));
  return false;
}
