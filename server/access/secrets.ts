import { hash, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { base62Fixed, randomBase62 } from '../platform/random.ts';

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

/**
 * Only this hash is stored; the token itself is shown once. One-shot `hash` rather than a `createHash` object:
 * every token and staff-session request runs this, and it is about four times cheaper.
 */
export function hashApiToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/**
 * Equality of two hashes in constant time: every character is compared, whatever the first difference, and nothing
 * is allocated (this runs on every token-authenticated request). Lengths are public: every hash is 64 hex digits.
 */
export function sameHash(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * The one-time setup code: 12 random digits (about 40 bits) shown as `1234-5678-9012`. Digits, because it is read off
 * a console or the kiosk's staff screen and typed on whatever device is at hand, phones included; guessing it is
 * held back by the per-IP sign-in limit, which allows 10 tries a minute.
 */
export function generateSetupCode(): string {
  let digits = '';
  for (let i = 0; i < 12; i++) digits += String(randomInt(10));
  return `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8)}`;
}

/**
 * Whether a typed setup code is `code`, whatever spaces or dashes were typed between the digits. Both sides are
 * hashed to the same length first, so the comparison takes the same time wherever they differ.
 */
export function setupCodeMatches(typed: string, code: string): boolean {
  const digitsOf = (value: string) => value.replace(/[\s-]/g, '');
  return sameHash(hashApiToken(digitsOf(typed)), hashApiToken(digitsOf(code)));
}
