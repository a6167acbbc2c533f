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

/**
 * The offline credential's cost: a kiosk verifies it only when staff sign in while its hub is away, so it may cost
 * twice the sign-in's (p=2: the same 128 MiB, ~200 ms), and guessing a password from a stolen kiosk's copy costs
 * twice as much as from the hub's own hash.
 */
const OFFLINE_PARAMS = { N: 2 ** 17, r: 8, p: 2, maxmem: PARAMS.maxmem } as const;

async function hashWith(password: string, params: typeof PARAMS | typeof OFFLINE_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** `scrypt$N$r$p$salt$hash`, base64: self-describing, so the cost can rise later without breaking old hashes. */
export function hashPassword(password: string): Promise<string> {
  return hashWith(password, PARAMS);
}

/**
 * The credential a device verifies staff by while its hub is away (docs/sync.md, "Signing in on a kiosk"): a hash
 * of the same password with a salt and cost of its own, so the hub's own hash never leaves the hub.
 */
export function hashOfflinePassword(password: string): Promise<string> {
  return hashWith(password, OFFLINE_PARAMS);
}

/**
 * What a device stores as the password hash of an account its hub's feed made: no password verifies it. The
 * account signs in there with its offline credential, or through the hub.
 */
export const NO_PASSWORD_HERE = '!';

/** Whether a stored hash is one of ours, rather than `NO_PASSWORD_HERE` (or anything else that verifies nothing). */
export const isPasswordHash = (stored: string | null): stored is string =>
  stored !== null && stored.startsWith('scrypt$');

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  // A hash that came over the network (a device's offline credential) must not make us spin or allocate at will.
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  if (!(N >= 2 ** 14 && N <= 2 ** 20 && (N & (N - 1)) === 0 && R >= 1 && R <= 16 && P >= 1 && P <= 4)) {
    return false;
  }
  const expected = Buffer.from(hash, 'base64');
  try {
    const key = await derive(password, Buffer.from(salt, 'base64'), { N, r: R, p: P, maxmem: PARAMS.maxmem });
    return key.length === expected.length && timingSafeEqual(key, expected);
  } catch {
    // Parameters beyond the memory allowed (maxmem): verifies nothing.
    return false;
  }
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
