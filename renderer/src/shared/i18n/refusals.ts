import type { ApiError } from '../api/client.ts';
import { en } from './en.ts';
import { format, t } from './index.ts';
import type { CheckInTime, ServerFieldProblem } from './refusal-types.ts';

export type { CheckInTime, ServerFieldProblem };

/**
 * The server's refusals in the language on screen. The interface fixes its messages in English, byte for byte; the
 * screens recognise each by its status and exact words (the English catalogue's `refusals`, which hold the
 * interface's messages) and show the catalogue's words for it. The English catalogue gives the message back as it
 * came; a refusal no catalogue knows reads as the catalogue's words for its status.
 */

type Words = typeof en.refusals;

/** The refusals whose message is fixed words, with no part that changes. */
type FixedRefusal = { [K in keyof Words]: Words[K] extends string ? K : never }[keyof Words];

/** The status each fixed message comes with: the same words under another status are not the same refusal. */
const STATUS: Record<FixedRefusal, number> = {
  registrationClosed: 403,
  alreadyRegistered: 409,
  eventFull: 403,
  eventNotAvailable: 404,
  eventNotFound: 404,
  organizationNotFound: 404,
  checkInNotAvailable: 403,
  selfCheckInDisabled: 403,
  notRegistered: 404,
  checkInPendingApproval: 403,
  checkInCanceled: 403,
  codeNotFound: 404,
  findExpired: 404,
  findNotConfirmed: 403,
  findKioskPaused: 429,
  profileNotFound: 404,
  profilePrivate: 403,
  validationFailed: 422,
  emailRequired: 422,
  tooManyAttempts: 429,
  tooManyProfileRequests: 429,
  serverError: 500,
  shuttingDown: 503,
  hubUnreachable: 503,
};

const FIXED = Object.keys(STATUS) as FixedRefusal[];

/** The 409's message around its time, taken from the English words themselves so they are written once. */
const [checkedInBefore, checkedInAfter] = en.refusals
  .alreadyCheckedInAt({ said: '\u0000', local: '' })
  .split('\u0000') as [string, string];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The server's human time (`Nov 21, 2026 10:00 AM`, in the event's zone: server/platform/time.ts,
 * `formatHumanDateTime`) in the language on screen, in that same zone; as written when it is not in that form.
 */
export function localCheckInTime(said: string): string {
  const match = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4}) (\d{1,2}):(\d{2})\s?(AM|PM)$/.exec(said);
  const month = match ? MONTHS.indexOf(match[1]!) : -1;
  if (!match || month < 0) return said;
  const hour = (Number(match[4]) % 12) + (match[6] === 'PM' ? 12 : 0);
  const wallClock = new Date(Date.UTC(Number(match[3]), month, Number(match[2]), hour, Number(match[5])));
  return format.wallClock(wallClock);
}

type ServerWords = typeof en.server;
type ServerKey = keyof ServerWords;
/** The server's words with a time in them, which the language on screen writes its own way. */
const WITH_TIME: ServerKey = 'alreadyCheckedInStaff';

/** The server's fixed words the dashboard shows, by their English text. */
const SERVER_FIXED = new Map<string, ServerKey>();
/** Those with a value: the English words before and after it. */
const SERVER_VARYING: [ServerKey, string, string][] = [];
for (const [key, words] of Object.entries(en.server) as [ServerKey, unknown][]) {
  if (typeof words === 'string') SERVER_FIXED.set(words, key);
  else {
    const value = key === WITH_TIME ? { said: '\u0000', local: '' } : '\u0000';
    const [before, after] = (words as (v: unknown) => string)(value).split('\u0000') as [string, string];
    SERVER_VARYING.push([key, before, after]);
  }
}

/**
 * One of the server's messages (a refusal's or a success's, `message` of any answer) in the language on screen, when
 * the catalogue knows it (`server`); else null. A time in it (`Already checked in at Nov 21,
 * 2026 10:00 AM.`) is written as the language writes it; in English, every message reads as it came.
 */
function knownServerText(message: string): string | null {
  const key = SERVER_FIXED.get(message);
  if (key) return t.server[key] as string;
  for (const [varying, before, after] of SERVER_VARYING) {
    if (
      message.length > before.length + after.length &&
      message.startsWith(before) &&
      message.endsWith(after)
    ) {
      const said = message.slice(before.length, message.length - after.length);
      const words = t.server[varying] as (v: unknown) => string;
      return words(varying === WITH_TIME ? { said, local: localCheckInTime(said) } : said);
    }
  }
  return null;
}

/** A success's message of the server (`Checked in.`) in the language on screen; as it came when unknown. */
export const serverText = (message: string): string => knownServerText(message) ?? message;

/** What a refusal says, in the language on screen (a message of the interface's, or the words for its status). */
export function refusalText(status: number, message: string): string {
  for (const key of FIXED) {
    if (STATUS[key] === status && en.refusals[key] === message) return t.refusals[key];
  }
  if (
    status === 409 &&
    message.startsWith(checkedInBefore) &&
    message.endsWith(checkedInAfter) &&
    message.length > checkedInBefore.length + checkedInAfter.length
  ) {
    const said = message.slice(checkedInBefore.length, message.length - checkedInAfter.length);
    return t.refusals.alreadyCheckedInAt({ said, local: localCheckInTime(said) });
  }
  return knownServerText(message) ?? t.refusals.other(message, status);
}

export const describeRefusal = (error: ApiError): string => refusalText(error.status, error.message);

export function serverFieldProblem(message: string): ServerFieldProblem {
  if (/ field is required\.$/.test(message)) return { kind: 'required' };
  const tooLong = / field must not be greater than (\d+) characters\.$/.exec(message);
  if (tooLong) return { kind: 'too_long', max: Number(tooLong[1]) };
  const tooShort = / field must be at least (\d+) characters\.$/.exec(message);
  if (tooShort) return { kind: 'too_short', min: Number(tooShort[1]) };
  if (/ field must be (a valid URL|an http or https URL)\.$/.test(message)) return { kind: 'url' };
  if (/ field must be a valid email address\.$/.test(message)) return { kind: 'email' };
  if (/ field must be a valid date\.$/.test(message)) return { kind: 'date' };
  if (/^The selected .+ is invalid\.$/.test(message)) return { kind: 'select' };
  if (/ has already been taken\.$/.test(message)) return { kind: 'taken' };
  // A check-in list's opening (server/lists/list.schemas.ts, list.rules.ts).
  if (/ field must be a wall-clock time such as /.test(message)) return { kind: 'wall_time' };
  if (message === 'The until field must be a time after from.') return { kind: 'until_after_from' };
  return { kind: 'invalid' };
}

/** A field's 422 message in the language on screen; `label` is the field's, when the form has that field. */
export function fieldRefusalText(message: string, label: string | null): string {
  return t.refusals.field(message, serverFieldProblem(message), label);
}

/** A field's 422 message as the dashboard shows it, under the field it is about, in the language on screen. */
export function dashboardFieldText(message: string): string {
  return knownServerText(message) ?? t.dashboard.fieldProblem(message, serverFieldProblem(message));
}
