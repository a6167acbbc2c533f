import { createHash, randomBytes } from 'node:crypto';

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
