import { createHmac } from 'node:crypto';
import type { RegistrationField } from '../contract/vocabulary.ts';
import { foldForSearch } from '../platform/search-text.ts';
import type { AttendeeRecord } from './attendee.types.ts';

/**
 * Finding oneself by name at a kiosk, after an email that found nobody (a typo): which registrations a name finds,
 * how much of them a stranger reading the screen may see, and what proves a match is one's own. The service that
 * applies them is find-by-name.service.ts; server/README.md says why these and not others.
 */

/** Letters a name query needs, folded: "Li" and "Ng" are last names. */
export const FIND_NAME_MIN_LENGTH = 2;
export const FIND_NAME_MAX_LENGTH = 100;
/** More matches than this are not listed at all: the person adds their first name, or sees staff. */
export const FIND_MAX_MATCHES = 5;
/** How many email domains the confirm step offers, the person's own among them. */
export const FIND_DOMAIN_CHOICES = 4;
/** How long a match's handle may be confirmed. */
export const FIND_HANDLE_TTL_MS = 5 * 60_000;
/** After a wrong domain, how long the name path refuses that registration: the person sees staff. */
export const FIND_LOCK_MS = 15 * 60_000;
/**
 * Wrong domains one kiosk (one client address) may choose within `FIND_LOCK_MS` before its name path pauses for
 * the rest of that time: enough for a person who mistapped, not for a stranger trying one registration after
 * another (each wrong answer locks only its own registration).
 */
export const FIND_WRONG_GUESSES_PER_KIOSK = 3;

/**
 * Until when a kiosk's name path is paused, from the times of its wrong domains (oldest first): null when fewer
 * than `FIND_WRONG_GUESSES_PER_KIOSK` fall within the last `FIND_LOCK_MS`.
 */
export function kioskPausedUntil(wrongAt: readonly number[], now: number): number | null {
  const recent = wrongAt.filter((at) => at > now - FIND_LOCK_MS);
  if (recent.length < FIND_WRONG_GUESSES_PER_KIOSK) return null;
  return recent[recent.length - FIND_WRONG_GUESSES_PER_KIOSK]! + FIND_LOCK_MS;
}

/** What the masks put in place of hidden characters. */
const HIDDEN = '•••';

/**
 * Consumer mail providers: an address at one of these is a person's own mailbox, not an employer's. A domain is of
 * one of two kinds, webmail (this list) or an organisation's (anything else), and a person's decoys are of their
 * own domain's kind (`domainChoices`). The list is public; that is no help to a stranger, since every choice shown
 * is of the same kind.
 */
export const COMMON_EMAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'outlook.fr',
  'hotmail.com',
  'hotmail.fr',
  'live.com',
  'live.fr',
  'msn.com',
  'yahoo.com',
  'yahoo.fr',
  'ymail.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  't-online.de',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'sfr.fr',
  'wanadoo.fr',
  'mail.com',
] as const;

const WEBMAIL: ReadonlySet<string> = new Set(COMMON_EMAIL_DOMAINS);

/** Name words as a query and a stored name are compared: folded, split at spaces, hyphens, apostrophes, dots. */
const words = (text: string): string[] =>
  foldForSearch(text)
    .split(/[\s\-'’.,]+/u)
    .filter(Boolean);

/** The letters and digits of a folded text alone: "O'Brien" and "obrien" meet here. */
const squeezed = (text: string): string => foldForSearch(text).replace(/[^\p{L}\p{N}]/gu, '');

/** The words a query holds, or null when it has too few letters to look anyone up by. */
export function nameQuery(query: string): string[] | null {
  return squeezed(query).length >= FIND_NAME_MIN_LENGTH ? words(query) : null;
}

const hasField = (fields: readonly RegistrationField[], key: string) => fields.some((f) => f.key === key);

/** The parts of an attendee's name a search meets: their last name, and every name they gave. */
function nameParts(
  attendee: Pick<AttendeeRecord, 'name' | 'answers'>,
  fields: readonly RegistrationField[],
): { last: string; all: string } {
  if (hasField(fields, 'last_name')) {
    const last = attendee.answers.last_name ?? '';
    return { last, all: `${attendee.answers.first_name ?? ''} ${last}` };
  }
  // An event that asks for one name field (or none: then the name is the email) is searched within that.
  return { last: attendee.name, all: attendee.name };
}

/**
 * Does `query` (from `nameQuery`) find this attendee? Where the event asks for a last name, the query must name it
 * (a whole word of it, or all of it written together, "obrien" for O'Brien): a first name alone finds nobody, so a
 * stranger cannot list the event's Maries. Every other word must be a word of the first or last name.
 */
export function matchesName(
  query: readonly string[],
  attendee: Pick<AttendeeRecord, 'name' | 'answers'>,
  fields: readonly RegistrationField[],
): boolean {
  const { last, all } = nameParts(attendee, fields);
  const lastWords = words(last);
  const allWords = new Set(words(all));
  const lastSqueezed = squeezed(last);
  if (lastSqueezed && query.join('') === lastSqueezed) return true;
  return query.some((word) => lastWords.includes(word)) && query.every((word) => allWords.has(word));
}

/** What a match shows of a name: the first name and the last name's initial, "Hélène F.". */
export function shortName(
  attendee: Pick<AttendeeRecord, 'name' | 'email' | 'answers'>,
  fields: readonly RegistrationField[],
): string {
  const initial = (text: string) => (text.trim() ? `${[...text.trim()][0]!.toUpperCase()}.` : '');
  if (hasField(fields, 'last_name')) {
    const first = (attendee.answers.first_name ?? '').trim();
    return [first, initial(attendee.answers.last_name ?? '')].filter(Boolean).join(' ');
  }
  // An event without a name field names people by their email, which must not show here.
  if (attendee.name === attendee.email) return maskEmail(attendee.email);
  const parts = attendee.name.trim().split(/\s+/);
  return parts.length > 1 ? `${parts[0]} ${initial(parts.at(-1)!)}` : initial(parts[0]!);
}

/**
 * What a match shows of an email: its first character only, "h•••@•••". The domain stays hidden, since choosing it
 * is what the confirm step asks (`domainChoices`).
 */
export function maskEmail(email: string): string {
  return `${[...email][0] ?? ''}${HIDDEN}@${HIDDEN}`;
}

/** An email's domain, as compared in the confirm step (case does not matter in a domain). */
export const emailDomain = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** How many addresses of an event's registrations and its organization's people are at a domain. */
export interface DomainCount {
  domain: string;
  count: number;
}

/**
 * A number in (0, 1) for this domain and this registration: an HMAC keyed with the registration's secret check-in
 * code, so it is the same at every search (and on every node) and nobody without the code can work it out.
 */
function uniformFor(checkinCode: string, domain: string): number {
  const digest = createHmac('sha256', checkinCode).update(domain).digest();
  return (digest.readUIntBE(0, 6) + 0.5) / 2 ** 48;
}

/**
 * The domains the confirm step offers for one registration, in alphabetical order: its own and three decoys, or
 * null when its domain has too few of its kind to hide among (the match is then shown with no choice: staff check
 * it in). server/README.md says why it is done this way; in short:
 *
 * - Decoys are of the same kind as the true domain (webmail, or an organisation's), so that none is the odd one
 *   out by what it is: a company domain nobody else has gets other companies' domains.
 * - They are drawn from where true domains come from: the event's registrations and the organization's people
 *   (`pool`), each domain weighted by how many addresses it holds (webmail providers get one more, so that a small
 *   event still has decoys of that kind). So every domain of the pool is shown as someone's decoy about as often as
 *   it is someone's own, a domain shown is as likely a decoy as the truth, and the real domains an attacker might
 *   look up all exist.
 * - The draw is weighted sampling without replacement (Efraimidis-Spirakis: the three smallest -ln(u)/weight),
 *   with u keyed by the registration's secret check-in code, so every search shows the same choices for the same
 *   person (searching again reveals nothing), and a domain joining the pool displaces a decoy only when it
 *   outranks it.
 */
export function domainChoices(
  attendee: Pick<AttendeeRecord, 'email' | 'checkinCode'>,
  pool: readonly DomainCount[],
): string[] | null {
  const own = emailDomain(attendee.email);
  const webmail = WEBMAIL.has(own);
  const counts = new Map<string, number>();
  if (webmail) for (const domain of COMMON_EMAIL_DOMAINS) counts.set(domain, 1);
  for (const { domain, count } of pool) {
    const key = domain.toLowerCase();
    if (WEBMAIL.has(key) === webmail) counts.set(key, (counts.get(key) ?? 0) + count);
  }
  counts.delete(own);
  const decoys = [...counts]
    .filter(([, weight]) => weight > 0)
    .map(([domain, weight]) => ({
      domain,
      key: -Math.log(uniformFor(attendee.checkinCode, domain)) / weight,
    }))
    .sort((a, b) => a.key - b.key || (a.domain < b.domain ? -1 : 1))
    .slice(0, FIND_DOMAIN_CHOICES - 1)
    .map(({ domain }) => domain);
  if (decoys.length < FIND_DOMAIN_CHOICES - 1) return null;
  return [own, ...decoys].sort();
}
