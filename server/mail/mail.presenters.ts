import type { z } from 'zod';
import type { deskMailSchema, mailJobSchema, mailSchema, mailSettingsSchema } from './mail.schemas.ts';
import { mailStateOf, type RecipientCaps } from './mail.rules.ts';
import type { MailJobRecord, MailRecord, MailSettingsRecord } from './mail.types.ts';
import { toTimestamp } from '../platform/time.ts';

/** The settings as an owner reads them: everything but the password, and what waits. */
export function presentMailSettings(
  settings: MailSettingsRecord,
  outbox: { queued: number; failed: number; lastError: string | null; lastErrorAt: string | null },
): z.input<typeof mailSettingsSchema> {
  return {
    host: settings.host,
    port: settings.port,
    security: settings.security,
    username: settings.username,
    has_password: settings.password !== null && settings.password !== '',
    from_address: settings.fromAddress,
    from_name: settings.fromName,
    reply_to: settings.replyTo,
    public_url: settings.publicUrl,
    mail_kiosk_registrations: settings.mailKioskRegistrations,
    mail_imports: settings.mailImports,
    max_per_minute: settings.maxPerMinute,
    updated_at: settings.updatedAt,
    outbox: {
      queued: outbox.queued,
      failed: outbox.failed,
      last_error: outbox.lastError,
      last_error_at: outbox.lastErrorAt,
    },
  };
}

export const presentMail = (mail: MailRecord): z.input<typeof mailSchema> => ({
  id: mail.id,
  kind: mail.kind,
  status: mail.status,
  queued_at: mail.createdAt,
  sent_at: mail.sentAt,
  attempts: mail.attempts,
  next_attempt_at: mail.status === 'queued' ? toTimestamp(new Date(mail.nextAttemptAt)) : null,
  error: mail.error,
  smtp_reply: mail.smtpReply,
  message_id: mail.messageId,
});

/** The newest mail of a desk row whose address is now `email`. */
export const presentDeskMail = (mail: MailRecord, email: string): z.input<typeof deskMailSchema> => ({
  kind: mail.kind,
  status: mail.status,
  ...(mailStateOf(mail, email) === 'bounced' ? { bounced: true as const } : {}),
  queued_at: mail.createdAt,
  sent_at: mail.sentAt,
  error: mail.error,
});

export const presentMailJob = (job: MailJobRecord): z.input<typeof mailJobSchema> => ({
  id: job.id,
  total: job.total,
  queued: job.queued,
  sent: job.sent,
  failed: job.failed,
  skipped: job.skipped,
  suppressed: job.suppressed,
  started_at: job.createdAt,
  finished_at: job.finishedAt,
});

export const presentRecipientCaps = (caps: RecipientCaps) => ({
  per_address_per_hour: caps.perHour,
  per_address_per_day: caps.perDay,
});
