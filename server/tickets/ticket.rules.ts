import type { AttendeeStatus, Language } from '../contract/vocabulary.ts';
import { LANGUAGES } from '../contract/vocabulary.ts';

/**
 * Tickets as pure rules: what a ticket secret looks like, the addresses built from it, the language a registration
 * is made in, and what a ticket lets its holder do.
 */

/**
 * A ticket secret is 22 random base62 characters: 131 bits, drawn with a CSPRNG by the node that registers
 * (attendee.repository.ts, import.repository.ts, sync/replay.repository.ts). It is stored as is, like the check-in
 * code, and travels with the registration's op and in the feed: server/README.md says why it is not hashed.
 */
export const TICKET_SECRET_LENGTH = 22;

const SECRET_PATTERN = /^[0-9A-Za-z]{22}$/;

/** Whether a path segment could be a secret; anything else is answered as an unknown secret is, unread. */
export const isWellFormedTicketSecret = (text: string): boolean => SECRET_PATTERN.test(text);

/** The ticket page of a secret, on the server that answers (the register answer's `Location`). */
export const ticketPagePath = (secret: string): string => `/t/${secret}`;

/** The ticket page as a mail links it: under the organization's public address (its mail settings). */
export function ticketPageUrl(publicUrl: string, secret: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${ticketPagePath(secret)}`;
}

/** The calendar file of a ticket, as the ticket API serves it. */
export const ticketCalendarPath = (secret: string): string => `/public/tickets/${secret}/event.ics`;

/**
 * Every path that carries a ticket secret: the page and the API. Logs show them without it (its copy:
 * platform/logging.ts, `SECRET_PATH`, which may not import a feature).
 */
export const TICKET_PATH = /^(\/t\/|\/public\/tickets\/)[^/?#]*/;

/**
 * The language a registration is made in, from the request's Accept-Language (the event page and the kiosk send
 * the language their visitor chose; a browser sends its own): the supported language the caller prefers most
 * (highest q, then first listed), by primary subtag (`fr-CA` is French). Null when the header names none of ours.
 */
export function languageOf(acceptLanguage: string | undefined): Language | null {
  if (!acceptLanguage) return null;
  let best: { language: Language; q: number } | null = null;
  for (const part of acceptLanguage.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0]!;
    if (!(LANGUAGES as readonly string[]).includes(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language: primary as Language, q };
  }
  return best?.language ?? null;
}

/** Which language a registration's mail and ticket are in: its own, else English. */
export const languageFor = (language: Language | null | undefined): Language => language ?? 'en';

/**
 * What the ticket shows of the registration's status: the public side never shows `no_show` (server/README.md),
 * so a no-show shows the status it had.
 */
export function ticketStatus(
  status: AttendeeStatus,
  statusBeforeNoShow: 'pending' | 'confirmed' | null,
): 'pending' | 'confirmed' | 'canceled' {
  if (status === 'no_show') return statusBeforeNoShow ?? 'confirmed';
  return status;
}

/**
 * The QR code is shown only while it can check the holder in: a confirmed registration, or a no-show that was
 * confirmed (a no-show who turns up is checked in). Not while pending, not once cancelled.
 */
export const ticketShowsCode = (
  status: AttendeeStatus,
  statusBeforeNoShow: 'pending' | 'confirmed' | null,
): boolean => status === 'confirmed' || (status === 'no_show' && statusBeforeNoShow !== 'pending');

/** A ticket can be cancelled while its registration is live and not checked in (the rules of public cancel). */
export const ticketCanCancel = (status: AttendeeStatus, checkedInAt: string | null): boolean =>
  status !== 'canceled' && checkedInAt === null;

/**
 * How long after registering the holder may correct their ticket's email address on the ticket page (issue 39): a
 * day. Long enough to notice that the ticket did not arrive (the mail goes within seconds; a busy inbox is read
 * that evening), short enough that a link forwarded later cannot send the ticket elsewhere. Staff correct it any
 * time at the desk.
 */
export const EMAIL_CORRECTION_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Until when the holder may correct the address: null once cancelled (nothing to send), else a day on. */
export function emailCorrectableUntil(registeredAt: string, status: AttendeeStatus): Date | null {
  if (status === 'canceled') return null;
  return new Date(Date.parse(registeredAt) + EMAIL_CORRECTION_WINDOW_MS);
}
