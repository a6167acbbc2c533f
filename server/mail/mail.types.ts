import type { MailKind, MailState, MailStatus, SmtpSecurity } from '../contract/vocabulary.ts';

/** An organization's SMTP server and what it mails; this node's own, never synced. */
export interface MailSettingsRecord {
  organizationId: number;
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string | null;
  /** Write-only: nothing presents it. */
  password: string | null;
  fromAddress: string;
  fromName: string | null;
  replyTo: string | null;
  /** The address people's phones reach this server at: the ticket links in the mails. */
  publicUrl: string;
  /** Whether a registration at a kiosk is mailed its ticket (the event page, the public API and walk-ins always are). */
  mailKioskRegistrations: boolean;
  /** Whether an import mails every imported person their ticket at once (else the desk's "Send tickets" does). */
  mailImports: boolean;
  /** The most mails a minute the server takes; null: as fast as it answers. */
  maxPerMinute: number | null;
  updatedAt: string;
}

/** What an owner sets; `password` undefined keeps the one stored (it is never shown, so never sent back). */
export interface MailSettingsInput {
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string | null;
  password?: string | null;
  fromAddress: string;
  fromName: string | null;
  replyTo: string | null;
  publicUrl: string;
  mailKioskRegistrations: boolean;
  mailImports: boolean;
  maxPerMinute: number | null;
}

/** One mail of the outbox and what became of it. */
export interface MailRecord {
  id: number;
  organizationId: number;
  eventId: number;
  /** The registration it is about; the row it is shown as is looked up when it goes. */
  registrationUuid: string;
  kind: MailKind;
  messageId: string;
  status: MailStatus;
  jobId: number | null;
  attempts: number;
  refusals: number;
  /** Unix ms. */
  nextAttemptAt: number;
  lastUnreachable: boolean;
  /** The SMTP server's last reply: its acceptance once sent, its refusal while waiting or failed. */
  smtpReply: string | null;
  /** Why it waits, failed or was skipped, in words. */
  error: string | null;
  createdAt: string;
  sentAt: string | null;
  updatedAt: string;
  /** The address (as registrations.email_key writes it) the server refused for good; null otherwise. */
  refusedAddress: string | null;
}

/** A "send tickets" job and how far its mails have got. */
export interface MailJobRecord {
  id: number;
  eventId: number;
  total: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  suppressed: number;
  createdAt: string;
  /** When its last mail left the queue; null while some wait. */
  finishedAt: string | null;
}

/** The mails of one event, counted. */
export interface EventMailCounts {
  queued: number;
  sent: number;
  failed: number;
  /** Not sent: over the per-address cap (mail.rules.ts, `recipientCapReached`). */
  suppressed: number;
  /** Confirmed registrations with no ticket sent or on its way: what "Send tickets" would mail. */
  notSent: number;
}

/** The people of one event by where their mail stands (contract/vocabulary.ts, `MAIL_STATES`). */
export type PeopleByMailState = Record<MailState, number>;
