import { createHash, hash, randomBytes, randomInt } from 'node:crypto';
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

/** Profile codes: random, case-sensitive, alphanumeric; 12 characters is 71 bits, beyond guessing at 60/min. */
export function generateProfileCode(): string {
  return randomBase62(12);
}

/**
 * Webhook signing secrets, in the Standard Webhooks form: `whsec_` + base64 of 32 random bytes (the key the
 * receiver's library decodes). Stored as is, since signing needs the secret itself; shown once.
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_SECRET_BYTES = 32;

export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(WEBHOOK_SECRET_BYTES).toString('base64');
}

/** The key of one change's notifications: 128 random bits, stored with the change. */
export function generateNotificationKey(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The `webhook-id` of the `index`-th notification of a change: `msg_` + 132 bits derived from the change's key, so
 * that expanding the change again (after a crash lost the first expansion) gives the ids receivers dedupe on.
 */
export function webhookMessageId(notificationKey: string, index: number): string {
  return 'msg_' + createHash('sha256').update(`${notificationKey}:${index}`).digest('base64url').slice(0, 22);
}
