import { createHash, randomBytes } from 'node:crypto';
import type {
  AttendeeStatus,
  MailKind,
  MailState,
  MailStatus,
  RegistrationDoor,
  SmtpSecurity,
  TestMailHint,
} from '../contract/vocabulary.ts';
import { emailKey } from '../platform/email.ts';

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

/** The longest part of a person's name a mail quotes, in characters (code points). */
export const GREETING_NAME_MAX = 60;

/** What reads as a link or an address: a scheme, `www.`, an `@`, a slash, or a dot before a domain's ending. */
const LINK_LIKE = /:\/\/|www\.|@|\/|\\|\.\p{L}{2,}/iu;

/**
 * The name a mail greets a person by, or null to greet them without one. Whoever registers writes the name, and
 * the mail goes out from the organization's own server, so the name is quoted only in a bounded form: the first
 * name (the whole name where the event asks no first name), at most `GREETING_NAME_MAX` characters of it, and
 * nothing that reads as a link or an address (`verify at evil.example`), which no name needs.
 */
export function greetingName(person: { name: string; answers: Record<string, string> }): string | null {
  const first = person.answers.first_name?.trim() || person.name.trim();
  const bounded = [...first].slice(0, GREETING_NAME_MAX).join('').trim();
  return bounded === '' || LINK_LIKE.test(bounded) ? null : bounded;
}

/**
 * The security settings take when they name none: TLS from the start on 465 (SMTPS), else a required STARTTLS
 * upgrade, never plain text. The dashboard's form follows the port the same way (dashboard/mail/mail-draft.ts
 * `securityForPort`), and offers `none` for a relay on 25 that a person picks.
 */
export const usualSecurity = (port: number): SmtpSecurity => (port === 465 ? 'tls' : 'starttls');

/** Where and as whom a stored SMTP password is sent. */
export interface MailAccount {
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string | null;
}

/**
 * Which password new settings keep. A password belongs to the server, port, security and user it was given for:
 * settings left without one keep the stored one only while all four stay (host names compare without case), else
 * it is dropped, so moving the host never sends the stored password to the new one (whoever moves it must know the
 * password). `none` keeps none: nothing signs in over plain text. Renderer's copy: dashboard/mail/mail-draft.ts,
 * `dropsPassword`, which warns before saving.
 */
export function passwordKept(
  stored: (MailAccount & { password: string | null }) | null,
  next: MailAccount & { password?: string | null },
): string | null {
  if (next.username === null || next.security === 'none') return null;
  if (next.password !== undefined) return next.password;
  if (stored === null) return null;
  const sameAccount =
    stored.host.toLowerCase() === next.host.toLowerCase() &&
    stored.port === next.port &&
    stored.security === next.security &&
    stored.username === next.username;
  return sameAccount ? stored.password : null;
}

/** How many mails one address may get about one event: an hour and a day (an owner may raise both per event). */
export interface RecipientCaps {
  perHour: number;
  perDay: number;
}

export const DEFAULT_RECIPIENT_CAPS: RecipientCaps = { perHour: 3, perDay: 10 };

/** The most an owner may raise them to: still a limit, for an event that mails people often. */
export const MAX_RECIPIENT_CAPS: RecipientCaps = { perHour: 50, perDay: 200 };

/** Mails an address was sent about an event (and test emails to it) in the last hour and the last day. */
export interface RecipientCounts {
  hour: number;
  day: number;
}

/**
 * Why a mail is not sent to its address now, or null when it may be: the address already had `caps` of mails about
 * the event in the last hour or day, counting every kind (ticket, awaiting approval, cancellation, resend) and the
 * organization's test emails to it. Someone who registers a stranger's address and cancels it again and again (the
 * interface lets anyone cancel by email) would otherwise mail them from the organization's own server without end.
 * Such a mail is recorded as suppressed with this reason, never sent later: a late ticket would only puzzle.
 */
export function recipientCapReached(counts: RecipientCounts, caps: RecipientCaps): string | null {
  const over = (count: number, cap: number, window: string) =>
    `Not sent: this address already got ${count} ${count === 1 ? 'email' : 'emails'} about this event in the last ` +
    `${window}, the most it may get (an owner can raise the limit in the event’s email settings).`;
  if (counts.hour >= caps.perHour) return over(counts.hour, caps.perHour, 'hour');
  if (counts.day >= caps.perDay) return over(counts.day, caps.perDay, 'day');
  return null;
}

/** Test emails an organization may send in an hour (the settings page and `arrivals mail test`). */
export const TEST_MAILS_PER_HOUR = 10;

/** Times the desk may resend one person's ticket in an hour. */
export const RESENDS_PER_HOUR = 3;

/** One hour and one day, in ms: the windows every mail limit counts in. */
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * Whether `count` things in the last hour, the oldest at `oldestAt` (Unix ms), leave room for one more under
 * `limit`; when not, how many seconds until the oldest leaves the hour (the 429's Retry-After).
 */
export function hourlyAllowance(
  count: number,
  oldestAt: number | null,
  limit: number,
  now: number,
): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
  if (count < limit) return { allowed: true };
  const leaves = (oldestAt ?? now) + HOUR_MS;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((leaves - now) / 1000)) };
}

/** How soon after a registration its cancellation by email alone is not mailed. */
export const QUIET_CANCELLATION_MS = 10 * 60 * 1000;

/**
 * Whether a cancellation is mailed, given whether an earlier mail told the person of the registration. A
 * cancellation made with nothing but the email (the interface's public cancel: anyone can make it) within
 * `QUIET_CANCELLATION_MS` of the registration is not: register-and-cancel loops would mail a stranger two messages a
 * round, and whoever registered minutes ago and cancelled on the spot knows. The ticket link, the desk and the API
 * are the person's or the organization's own: their cancellations are always mailed.
 */
export function cancellationMailed(
  told: boolean,
  cancellation: { byEmailAlone: boolean; registeredAt: string; now: Date },
): boolean {
  if (!told) return false;
  if (!cancellation.byEmailAlone) return true;
  return cancellation.now.getTime() - Date.parse(cancellation.registeredAt) >= QUIET_CANCELLATION_MS;
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

/**
 * Where a person's mail stands, from their newest mail that was not skipped (null: none) and their address now: a
 * failure that refused that very address is `bounced` (another address is worth a try). The SQL copy, for filtering
 * and counting, is mail-outbox.repository.ts's `personMailState`.
 */
export function mailStateOf(
  newest: { status: MailStatus; refusedAddress: string | null } | null,
  email: string,
): MailState {
  if (newest === null || newest.status === 'skipped') return 'none';
  if (newest.status === 'failed' && newest.refusedAddress === emailKey(email)) return 'bounced';
  return newest.status;
}

/**
 * What a registrant's ticket page says of the mail that carries their ticket (or "awaiting approval"), from the
 * registration's mails, newest first: `delayed` while the newest waits after a failed try (the server was
 * unreachable, or refused for now), `failed` when it failed and none of them was ever sent; else nothing to say.
 * Resends over the caps (suppressed) and mails no longer wanted (skipped) are not the ticket's delivery.
 */
export function ticketMailDelivery(
  mails: readonly { kind: MailKind; status: MailStatus; attempts: number }[],
): 'delayed' | 'failed' | null {
  const tickets = mails.filter(
    (mail) => mail.kind !== 'cancellation' && mail.status !== 'skipped' && mail.status !== 'suppressed',
  );
  const newest = tickets[0];
  if (!newest) return null;
  if (newest.status === 'queued') return newest.attempts > 0 ? 'delayed' : null;
  if (newest.status === 'failed') return tickets.some((mail) => mail.status === 'sent') ? null : 'failed';
  return null;
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

/** What a far end that does not greet as SMTP is said to be, with nothing of what it sent (smtp-transport.ts). */
export const NOT_SMTP = 'What answered at this host and port is not an SMTP server.';

/** Why no connection was made to a mail server's address (webhooks/destination.rules.ts). */
export const DESTINATION_REFUSED =
  'The mail server’s address is link-local or cloud metadata, which mail is never sent to.';

export type SmtpVerdict =
  /** Try again later. `unreachable`: no server answered; `slowDown`: the server asked us to (421, a rate limit). */
  | { outcome: 'retry'; unreachable: boolean; slowDown: boolean; reason: string }
  /**
   * The server refused this mail for good (5xx to its recipient or content): failed, with its reason.
   * `addressRefused`: the refusal was of the recipient's address (RCPT TO), which no retry of it will change.
   */
  | { outcome: 'failed'; reason: string; addressRefused: boolean };

/** What a 4xx reply says when it is about our pace rather than this mail (relays word their limits so). */
const SLOW_DOWN_WORDS = /rate|too many|limit|throttl|slow down/i;

/** Codes of a connection that never carried an answer: the server is down or unreachable. */
const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'EPROXY']);

/**
 * The likely fix of a failed test email, from how it failed and the settings it was sent with, so an owner setting
 * up mail reads what to change rather than only the server's words: "500 command not recognized" to STARTTLS means
 * the server has none; a TLS handshake that meets plain text ("wrong version number") means the port wants
 * STARTTLS; a greeting that never comes is what a TLS port does to a client waiting in plain text. Null: nothing
 * better to say than the reply.
 */
export function testMailHint(failure: SmtpFailure, security: SmtpSecurity): TestMailHint | null {
  const command = failure.command ?? '';
  const { code, message } = failure;
  if (/^STARTTLS/i.test(command)) return 'no_starttls';
  if (/certificate|self[- ]signed|unable to verify|CERT_/i.test(message)) return 'certificate';
  if (/wrong version number|packet length too long|unknown protocol|ssl3_get_record|EPROTO/i.test(message)) {
    return security === 'tls' ? 'use_starttls' : null;
  }
  if (code === 'EAUTH' || /^AUTH/i.test(command)) return 'credentials';
  if (/^MAIL FROM/i.test(command) && failure.responseCode !== null) {
    return failure.responseCode === 530 ? 'sign_in' : 'sender';
  }
  if (code === 'EDNS') return 'host_not_found';
  if (code === 'ECONNECTION' && /ECONNREFUSED/.test(message)) return 'port_closed';
  if (code === 'ETIMEDOUT' && /greeting/i.test(message) && security !== 'tls') return 'use_tls';
  if (code === 'ETIMEDOUT' || code === 'ECONNECTION') return 'unreachable';
  return null;
}

/** The likely fixes in the CLI's words (the dashboard has its own, in each of its languages). */
export const TEST_MAIL_HINT_TEXT: Record<TestMailHint, string> = {
  no_starttls:
    'This server does not offer STARTTLS: try port 465 with security tls, or security none for a relay on your network.',
  use_starttls: 'This port starts in plain text: choose security starttls (usually port 587), not tls.',
  use_tls: 'The server never greeted: a port that starts with TLS (usually 465) needs security tls.',
  credentials:
    'The server refused the user name or password: check both (some providers want an app password).',
  sign_in: 'The server wants a sign-in: fill in the user name and password.',
  sender: 'The server refused the from address: use an address this account may send from.',
  certificate: 'The server’s certificate is not trusted: check the host name, or ask for its certificate.',
  port_closed: 'Nothing listens at this host and port: check the port (587, 465 or 25).',
  host_not_found: 'No such host name: check its spelling.',
  unreachable: 'Nothing answered: check the host, the port, and that this machine’s network reaches it.',
};

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
    return {
      outcome: 'failed',
      reason: reply ?? `The mail server refused the mail (${code}).`,
      addressRefused: /^RCPT/i.test(failure.command ?? ''),
    };
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
const HOUR = HOUR_MS;

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
