import { createHash, randomBytes } from 'node:crypto';
import type { AttendeeStatus, MailKind, RegistrationDoor } from '../contract/vocabulary.ts';

/**
 * Mail as pure rules: which registrations are mailed, which mail is still wanted when its turn comes, what an SMTP
 * server's answer means, when to try again, and how fast to send.
 */

/**
 * Whether a registration that came in through `door` is mailed. The event page, the public API and walk-ins
 * always are; a kiosk's registrations and imports as the organization chooses (its mail settings): at a kiosk the
 * person is usually checked in on the spot, and an import is usually followed by the desk's "Send tickets" once the
 * list is right. A registration from before doors were recorded counts as public.
 */
export function mailsRegistrationsFrom(
  door: RegistrationDoor | null,
  settings: { mailKioskRegistrations: boolean; mailImports: boolean },
): boolean {
  if (door === 'kiosk') return settings.mailKioskRegistrations;
  if (door === 'import') return settings.mailImports;
  return true;
}

/** The mail a registration's status calls for when it is made: its ticket, or "received, awaiting approval". */
export function registrationMailKind(status: AttendeeStatus): MailKind | null {
  if (status === 'confirmed') return 'confirmation';
  if (status === 'pending') return 'pending';
  return null;
}

export type MailWanted = { wanted: true } | { wanted: false; reason: string };

/** Why a mail was skipped, as the desk shows it. */
export const SKIP_REASONS = {
  gone: 'The registration no longer exists.',
  cancelled: 'The registration was cancelled before the mail went out.',
  approved: 'The registration was approved before the mail went out; its ticket follows.',
  stillPending: 'The registration is awaiting approval: its ticket goes out once it is approved.',
  notCancelled: 'The registration is no longer cancelled.',
  neverMailed: 'No mail had told this person of the registration.',
  over: 'The event is over.',
  addressChanged: 'The address was corrected before the mail went out: the new address gets its own.',
} as const;

/**
 * Whether a mail still makes sense when its turn comes, from what the registration is then: a ticket for a
 * registration cancelled meanwhile, or a cancellation for someone who was never mailed about it, is skipped. Nothing
 * about an event that is over is sent.
 */
export function mailStillWanted(
  kind: MailKind,
  attendee: { status: AttendeeStatus } | null,
  event: { startsAt: string | null; endsAt: string | null },
  now: Date,
  earlierMailSent: boolean,
): MailWanted {
  if (!attendee) return { wanted: false, reason: SKIP_REASONS.gone };
  const endsAt = event.endsAt ?? event.startsAt;
  if (endsAt !== null && Date.parse(endsAt) < now.getTime())
    return { wanted: false, reason: SKIP_REASONS.over };
  const { status } = attendee;
  switch (kind) {
    case 'confirmation':
      if (status === 'canceled') return { wanted: false, reason: SKIP_REASONS.cancelled };
      if (status === 'pending') return { wanted: false, reason: SKIP_REASONS.stillPending };
      return { wanted: true };
    case 'pending':
      if (status === 'canceled') return { wanted: false, reason: SKIP_REASONS.cancelled };
      if (status !== 'pending') return { wanted: false, reason: SKIP_REASONS.approved };
      return { wanted: true };
    case 'cancellation':
      if (status !== 'canceled') return { wanted: false, reason: SKIP_REASONS.notCancelled };
      if (!earlierMailSent) return { wanted: false, reason: SKIP_REASONS.neverMailed };
      return { wanted: true };
  }
}

/** What nodemailer tells of a failed send (its error's fields). */
export interface SmtpFailure {
  /** nodemailer's code: ECONNECTION, ESOCKET, ETIMEDOUT, EDNS, ETLS, EAUTH, EENVELOPE, EMESSAGE, ... */
  code: string | null;
  /** The server's reply code, when it answered. */
  responseCode: number | null;
  /** The command it answered: CONN, EHLO, AUTH PLAIN, MAIL FROM, RCPT TO, DATA... */
  command: string | null;
  /** The server's whole reply line(s). */
  response: string | null;
  message: string;
}

export type SmtpVerdict =
  /** Try again later. `unreachable`: no server answered; `slowDown`: the server asked us to (421, a rate limit). */
  | { outcome: 'retry'; unreachable: boolean; slowDown: boolean; reason: string }
  /** The server refused this mail for good (5xx to its recipient or content): failed, with its reason. */
  | { outcome: 'failed'; reason: string };

/** What a 4xx reply says when it is about our pace rather than this mail (relays word their limits so). */
const SLOW_DOWN_WORDS = /rate|too many|limit|throttl|slow down/i;

/** Codes of a connection that never carried an answer: the server is down or unreachable. */
const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'EPROXY']);

/** The server's reply as kept: one line, its code first, at most 500 characters. */
export function replyText(response: string | null, responseCode: number | null): string | null {
  const text = (response ?? '').replace(/\s+/g, ' ').trim();
  if (text === '') return responseCode === null ? null : String(responseCode);
  return (/^\d{3}/.test(text) || responseCode === null ? text : `${responseCode} ${text}`).slice(0, 500);
}

/**
 * What a failed send means. A 5xx reply to the recipient or the message is the server's final word on this mail
 * (RFC 5321: permanent); 503 (bad sequence) is not about the mail. A refusal of the sign-in or of the sender is the
 * organization's settings, not the mail: it waits, retried, for an owner to fix them. 4xx replies are temporary;
 * 421 (closing the connection) and a 4xx that speaks of a rate or a limit also ask us to slow down. No reply
 * at all means no server to talk to.
 */
export function judgeSmtpFailure(failure: SmtpFailure): SmtpVerdict {
  const reply = replyText(failure.response, failure.responseCode);
  const code = failure.responseCode;
  if (code === null) {
    const unreachable = failure.code !== null && UNREACHABLE_CODES.has(failure.code);
    const reason = unreachable
      ? `The mail server could not be reached (${failure.message}).`
      : `The mail could not be sent (${failure.message}).`;
    return { outcome: 'retry', unreachable, slowDown: false, reason };
  }
  const settingsProblem =
    failure.code === 'EAUTH' || /^(AUTH|MAIL FROM|EHLO|HELO|STARTTLS)/i.test(failure.command ?? '');
  if (code >= 500 && code !== 503 && !settingsProblem) {
    return { outcome: 'failed', reason: reply ?? `The mail server refused the mail (${code}).` };
  }
  return {
    outcome: 'retry',
    unreachable: false,
    slowDown: code === 421 || (code >= 400 && code < 500 && SLOW_DOWN_WORDS.test(reply ?? '')),
    reason: reply ?? `The mail server answered ${code}.`,
  };
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait before each try of a mail the server refused for now: 30 s, 2 min, 10 min, 30 min, then hours. */
export const MAIL_RETRY_SCHEDULE_MS: readonly number[] = [
  30 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  12 * HOUR,
  24 * HOUR,
];

/** While no server answers, a mail is tried again at least this often: sent within minutes of the link's return. */
export const UNREACHABLE_RETRY_CAP_MS = 5 * MINUTE;

/** How long an organization's mails wait after its server asked us to slow down. */
export const SLOW_DOWN_PAUSE_MS = MINUTE;

/**
 * When to try again after a failed attempt: on the schedule by the server's refusals so far (null: they are used
 * up, the mail has failed), or, when no server answered, on the schedule by attempts but at most 5 minutes apart
 * and never giving up (a venue offline for a day still mails its tickets once it is back). Jittered by up to 10%.
 */
export function nextMailAttemptAt(
  now: number,
  verdict: { unreachable: boolean },
  counts: { attempts: number; refusals: number },
  random: () => number,
): number | null {
  const jitter = (ms: number) => Math.round(ms * (1 + 0.1 * (2 * random() - 1)));
  if (verdict.unreachable) {
    const step = MAIL_RETRY_SCHEDULE_MS[Math.min(counts.attempts, MAIL_RETRY_SCHEDULE_MS.length) - 1] ?? 0;
    return now + jitter(Math.min(step, UNREACHABLE_RETRY_CAP_MS));
  }
  const wait = MAIL_RETRY_SCHEDULE_MS[counts.refusals - 1];
  return wait === undefined ? null : now + jitter(wait);
}

/** The least time between two mails of an organization whose server takes at most `maxPerMinute`. */
export const sendIntervalMs = (maxPerMinute: number | null): number =>
  maxPerMinute === null ? 0 : Math.ceil(MINUTE / maxPerMinute);

/**
 * A mail's Message-ID, fixed when it is queued so that every attempt carries it: `<key@domain>`, the domain of the
 * sender's address. A mail queued while applying an op takes its key from the op's id (`keyed`, the n-th of that
 * op), so the same op applied again, on any node, would name the same mail.
 */
export function mailMessageId(fromAddress: string, key: { op: string; index: number } | null): string {
  const local = key
    ? createHash('sha256').update(`${key.op}:mail:${key.index}`).digest('hex').slice(0, 32)
    : randomBytes(16).toString('hex');
  const domain = fromAddress.slice(fromAddress.lastIndexOf('@') + 1).toLowerCase() || 'arrivals.invalid';
  return `<${local}@${domain}>`;
}
