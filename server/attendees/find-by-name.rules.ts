import { createHash } from 'node:crypto';
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

/** What the masks put in place of hidden characters. */
const HIDDEN = '•••';

/**
 * Domains most attendees' addresses are at: the decoys beside a person's own domain, so that a webmail address
 * does not stand out among company domains, nor the reverse (the event's shared domains join them).
 */
export const COMMON_EMAIL_DOMAINS = [
  'gmail.com',
  'outlook.com',
  'hotmail.com',
  'yahoo.com',
  'icloud.com',
  'live.com',
  'proton.me',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'sfr.fr',
  'wanadoo.fr',
  'gmx.de',
  'web.de',
  'yahoo.fr',
  'hotmail.fr',
] as const;

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

/**
 * The domains the confirm step offers for one registration, in alphabetical order: its own and decoys. The decoys
 * are drawn from `pool` (common domains and the event's shared ones) by a ranking seeded with the registration's
 * secret check-in code, so every search shows the same choices for the same person: a stranger searching again and
 * again cannot find the real domain as the one that always comes back. (A domain joining the pool displaces a
 * decoy only when it outranks it.)
 */
export function domainChoices(
  attendee: Pick<AttendeeRecord, 'email' | 'checkinCode'>,
  pool: readonly string[],
): string[] {
  const own = emailDomain(attendee.email);
  const rank = (domain: string) =>
    createHash('sha256').update(`${attendee.checkinCode}\n${domain}`).digest('hex');
  const decoys = [...new Set(pool.map((domain) => domain.toLowerCase()))]
    .filter((domain) => domain !== own)
    .map((domain) => ({ domain, rank: rank(domain) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : 1))
    .slice(0, FIND_DOMAIN_CHOICES - 1)
    .map(({ domain }) => domain);
  return [own, ...decoys].sort();
}
