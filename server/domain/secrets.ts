import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` characters drawn uniformly from [0-9A-Za-z] with a CSPRNG. */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

function base62Fixed(value: number, width: number): string {
  let out = '';
  for (let i = 0; i < width; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/**
 * API tokens read `arv_` + 32 random base62 characters (190 bits) + a 6-character CRC32 checksum. The prefix makes
 * a leaked token recognizable to secret scanners; the checksum rejects typos without touching the database.
 */
export const TOKEN_PREFIX = 'arv_';
const TOKEN_RANDOM_LENGTH = 32;
const TOKEN_CHECKSUM_LENGTH = 6;
const TOKEN_SHAPE = new RegExp(
  `^${TOKEN_PREFIX}[0-9A-Za-z]{${TOKEN_RANDOM_LENGTH + TOKEN_CHECKSUM_LENGTH}}$`,
);

export function generateApiToken(): string {
  const body = TOKEN_PREFIX + randomBase62(TOKEN_RANDOM_LENGTH);
  return body + base62Fixed(crc32(body), TOKEN_CHECKSUM_LENGTH);
}

export function hasValidTokenShape(token: string): boolean {
  if (!TOKEN_SHAPE.test(token)) return false;
  const body = token.slice(0, -TOKEN_CHECKSUM_LENGTH);
  return token.slice(-TOKEN_CHECKSUM_LENGTH) === base62Fixed(crc32(body), TOKEN_CHECKSUM_LENGTH);
}

/** Only this hash is stored; the token itself is shown once. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Profile codes: random, case-sensitive, alphanumeric; 12 characters is 71 bits, beyond guessing at 60/min. */
export function generateProfileCode(): string {
  return randomBase62(12);
}
