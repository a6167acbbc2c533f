import { createHmac } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from './webhook.secrets.ts';

/**
 * Webhook rules as pure functions: what an endpoint may subscribe to, how a notification is signed (Standard
 * Webhooks), when a failed delivery is tried again, and what an answer means.
 */

export { WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGE_TYPES, WEBHOOK_TEST_TYPE } from '../contract/vocabulary.ts';
export type { WebhookEventType, WebhookMessageType } from '../contract/vocabulary.ts';

/** Bounds the fan-out of every change: each endpoint is one more delivery row per notification. */
export const MAX_ENDPOINTS_PER_ORGANIZATION = 20;

/** After a rotation the old secret keeps signing beside the new one for a day, so receivers can switch over. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

export type WebhookUrlProblem = 'invalid' | 'scheme' | 'credentials';

/**
 * Only absolute http and https URLs. Credentials in the URL are refused: the URL is listed in the dashboard, and the
 * signature is how a receiver authenticates us. Where the URL may point (LAN and loopback addresses only when an
 * owner allowed them) is destination.rules.ts's to say.
 */
export function webhookUrlProblem(value: string): WebhookUrlProblem | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  if (url.hostname === '') return 'invalid';
  if (url.username !== '' || url.password !== '') return 'credentials';
  return null;
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the base64-decoded part of a `whsec_` secret. */
export function signWebhook(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The `webhook-signature` header: one signature per valid secret, space-separated, as the standard allows. */
export function signatureHeader(
  secrets: readonly string[],
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  return secrets.map((secret) => signWebhook(secret, messageId, timestampSeconds, body)).join(' ');
}

/** The secrets that sign at `now`: the current one, and the previous one during its grace period. */
export function signingSecrets(
  endpoint: { secret: string; previousSecret: string | null; previousSecretExpiresAt: number | null },
  now: number,
): string[] {
  const { secret, previousSecret, previousSecretExpiresAt } = endpoint;
  return previousSecret && previousSecretExpiresAt !== null && now < previousSecretExpiresAt
    ? [secret, previousSecret]
    : [secret];
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait before each attempt of a delivery: at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 24 h. */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  24 * HOUR,
];
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length;

/** Each wait is stretched or shrunk by up to 10%, so receivers coming back are not hit by every sender at once. */
export const RETRY_JITTER = 0.1;

/** A receiver's Retry-After can push the next attempt later than the schedule, but not beyond a day. */
export const MAX_RETRY_AFTER_MS = 24 * HOUR;

/** A number in [0, 1), like `Math.random`. */
export type RandomSource = () => number;

/** The wait after `attemptsMade` failed attempts, jittered; null when the schedule is used up. */
export function retryDelayMs(attemptsMade: number, random: RandomSource): number | null {
  const base = RETRY_SCHEDULE_MS[attemptsMade];
  if (base === undefined) return null;
  return Math.round(base * (1 + RETRY_JITTER * (2 * random() - 1)));
}

/**
 * When to try again after `attemptsMade` failed attempts: the later of the schedule and the receiver's Retry-After
 * (capped). Null: give up.
 */
export function nextAttemptAt(
  now: number,
  attemptsMade: number,
  retryAfterMs: number | null,
  random: RandomSource,
): number | null {
  const delay = retryDelayMs(attemptsMade, random);
  if (delay === null) return null;
  return now + Math.max(delay, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
}

/** Retry-After as a wait in ms: delay-seconds or an HTTP date. Null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * SECOND;
  // An HTTP date always names its weekday and the GMT zone: `Wed, 21 Oct 2026 07:28:00 GMT`.
  if (!/^[A-Za-z]{3}, .+ GMT$/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export type DeliveryVerdict =
  | { outcome: 'delivered' }
  /** 410 Gone: the receiver asks us to stop; the endpoint is disabled. */
  | { outcome: 'gone' }
  /** Try again later. `unreachable`: no answer (or a gateway's), so the endpoint is down rather than refusing. */
  | { outcome: 'retry'; unreachable: boolean }
  /**
   * Not sent: the destination is a non-public address the organization has not allowed. Failed at once, since
   * trying again would change nothing until an owner allows the host (then it can be redelivered).
   */
  | { outcome: 'refused' };

/** What an attempt's answer means. `statusCode` is null when no answer came (refused, reset, timed out). */
export function judgeAttempt(statusCode: number | null): DeliveryVerdict {
  if (statusCode === null) return { outcome: 'retry', unreachable: true };
  if (statusCode >= 200 && statusCode < 300) return { outcome: 'delivered' };
  if (statusCode === 410) return { outcome: 'gone' };
  // Redirects are failures too: following them would send signed data where nobody subscribed.
  return { outcome: 'retry', unreachable: statusCode === 502 || statusCode === 503 || statusCode === 504 };
}

/** How much of a response body is kept for the delivery log. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/** The first `maxBytes` of a body as text, cut before a character that would not fit whole. */
export function responseExcerpt(body: Uint8Array, maxBytes = RESPONSE_EXCERPT_BYTES): string {
  let end = Math.min(body.length, maxBytes);
  // UTF-8 continuation bytes look like 10xxxxxx: step back to the start of the character that was cut.
  if (end < body.length) while (end > 0 && (body[end]! & 0xc0) === 0x80) end--;
  return Buffer.from(body.buffer, body.byteOffset, end).toString('utf8');
}
