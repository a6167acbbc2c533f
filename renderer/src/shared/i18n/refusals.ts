import type { ApiError } from '../api/client.ts';
import { en } from './en.ts';
import { format, t } from './index.ts';

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

/** An earlier check-in's time as the server wrote it, and the same time in the language on screen. */
export interface CheckInTime {
  said: string;
  local: string;
}

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
  return t.refusals.other(message, status);
}

export const describeRefusal = (error: ApiError): string => refusalText(error.status, error.message);

/** What a 422 says is wrong with one field (server/platform/field-errors.ts words each rule one way). */
export type ServerFieldProblem =
  | { kind: 'required' }
  | { kind: 'too_long'; max: number }
  | { kind: 'email' }
  | { kind: 'date' }
  | { kind: 'select' }
  | { kind: 'taken' }
  | { kind: 'invalid' };

export function serverFieldProblem(message: string): ServerFieldProblem {
  if (/ field is required\.$/.test(message)) return { kind: 'required' };
  const tooLong = / field must not be greater than (\d+) characters\.$/.exec(message);
  if (tooLong) return { kind: 'too_long', max: Number(tooLong[1]) };
  if (/ field must be a valid email address\.$/.test(message)) return { kind: 'email' };
  if (/ field must be a valid date\.$/.test(message)) return { kind: 'date' };
  if (/^The selected .+ is invalid\.$/.test(message)) return { kind: 'select' };
  if (/ has already been taken\.$/.test(message)) return { kind: 'taken' };
  return { kind: 'invalid' };
}

/** A field's 422 message in the language on screen; `label` is the field's, when the form has that field. */
export function fieldRefusalText(message: string, label: string | null): string {
  return t.refusals.field(message, serverFieldProblem(message), label);
}
