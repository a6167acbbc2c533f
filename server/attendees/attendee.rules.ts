import { isCheckInAllowed } from '../events/event.rules.ts';
import type { AttendeeRecord } from './attendee.types.ts';
import type { EventSettings } from '../events/event.types.ts';

/**
 * The attendee transitions of the interface, as decisions. Each returns `ok` or the reason it refuses; routes turn
 * a reason into the interface's status and message.
 */
export type Decision<Reason extends string> = { ok: true } | { ok: false; reason: Reason };

const ok = { ok: true } as const;
const refuse = <R extends string>(reason: R) => ({ ok: false, reason }) as const;

/** What the public endpoints show of a status: the interface lists no_show for the authenticated lookup only. */
export const PUBLIC_ATTENDEE_STATUSES = ['pending', 'confirmed', 'canceled'] as const;
export type PublicAttendeeStatus = (typeof PUBLIC_ATTENDEE_STATUSES)[number];

/** A no-show shows the status it had before it was marked. */
export function publicStatus(
  attendee: Pick<AttendeeRecord, 'status' | 'statusBeforeNoShow'>,
): PublicAttendeeStatus {
  return attendee.status === 'no_show' ? (attendee.statusBeforeNoShow ?? 'confirmed') : attendee.status;
}

export type SelfCheckInRefusal =
  | 'checkin_not_available'
  | 'self_checkin_disabled'
  | 'not_registered'
  | 'registration_canceled'
  | 'approval_pending'
  | 'already_checked_in';

/**
 * An attendee checking themselves in at a kiosk. `attendee` is the email's live registration, or its latest
 * cancelled one when there is no live one, or null. Event-level refusals come first, so a closed kiosk tells nobody
 * who is registered.
 */
export function decideSelfCheckIn(
  event: EventSettings,
  attendee: AttendeeRecord | null,
  now: Date,
): Decision<SelfCheckInRefusal> {
  const atEvent = decideSelfCheckInAtEvent(event, now);
  if (!atEvent.ok) return atEvent;
  if (!attendee) return refuse('not_registered');
  if (attendee.status === 'canceled') return refuse('registration_canceled');
  if (attendee.status === 'pending') return refuse('approval_pending');
  if (attendee.checkedInAt) return refuse('already_checked_in');
  return ok;
}

/** The event's part of self check-in: is a kiosk taking check-ins at all right now? */
export function decideSelfCheckInAtEvent(
  event: EventSettings,
  now: Date,
): Decision<'checkin_not_available' | 'self_checkin_disabled'> {
  if (!isCheckInAllowed(event, now)) return refuse('checkin_not_available');
  if (!event.allowSelfCheckin) return refuse('self_checkin_disabled');
  return ok;
}

export type CancelRefusal = 'not_registered' | 'already_checked_in' | 'already_canceled';

/** Cancelling, by the attendee (public) or by the organization (token): never after check-in, never twice. */
export function decideCancel(
  attendee: Pick<AttendeeRecord, 'status' | 'checkedInAt'> | null,
): Decision<CancelRefusal> {
  if (!attendee) return refuse('not_registered');
  if (attendee.status === 'canceled') return refuse('already_canceled');
  if (attendee.checkedInAt) return refuse('already_checked_in');
  return ok;
}

export type NoShowRefusal = 'already_checked_in' | 'registration_canceled';

/**
 * Marking someone who never arrived. Repeating it on a no-show is harmless and succeeds.
 *
 * Its SQL copy: `MARKED_BY_NO_SHOW` in ledger.repository.ts (a bulk no-show) marks only where this allows (not
 * cancelled, not checked in), and also skips no-shows, which this counts as successes unchanged.
 */
export function decideNoShow(
  attendee: Pick<AttendeeRecord, 'status' | 'checkedInAt'>,
): Decision<NoShowRefusal> {
  if (attendee.checkedInAt) return refuse('already_checked_in');
  if (attendee.status === 'canceled') return refuse('registration_canceled');
  return ok;
}

export type StaffCheckInRefusal =
  'checkin_not_available' | 'registration_canceled' | 'approval_pending' | 'already_checked_in';

/**
 * Staff checking someone in at the desk: the check-in period still applies, but self check-in being off does not
 * (that setting is exactly what sends people to the desk).
 */
export function decideStaffCheckIn(
  event: EventSettings,
  attendee: Pick<AttendeeRecord, 'status' | 'checkedInAt'>,
  now: Date,
): Decision<StaffCheckInRefusal> {
  if (!isCheckInAllowed(event, now)) return refuse('checkin_not_available');
  if (attendee.status === 'canceled') return refuse('registration_canceled');
  if (attendee.status === 'pending') return refuse('approval_pending');
  if (attendee.checkedInAt) return refuse('already_checked_in');
  return ok;
}

/** Undoing a check-in made by mistake. */
export function decideUndoCheckIn(attendee: Pick<AttendeeRecord, 'checkedInAt'>): Decision<'not_checked_in'> {
  return attendee.checkedInAt ? ok : refuse('not_checked_in');
}

/** Approval moves a pending registration to confirmed; nothing else is approvable. */
export function decideApprove(attendee: Pick<AttendeeRecord, 'status'>): Decision<'not_pending'> {
  return attendee.status === 'pending' ? ok : refuse('not_pending');
}

/** The largest bulk no-show request: a whole venue of 10,000 in one call. */
export const MAX_BULK_ATTENDEE_IDS = 10_000;

/** A bulk request's ids as they are decided: compared case-insensitively (ours are stored lower-case), once each. */
export function uniqueAttendeeIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

/**
 * Still expected at the door: registered (pending or confirmed) and not checked in. The desk's "mark everyone
 * still expected as no-show" takes exactly these. Its SQL copy: `stillExpected` in attendee.repository.ts.
 */
export function isStillExpected(attendee: Pick<AttendeeRecord, 'status' | 'checkedInAt'>): boolean {
  return (attendee.status === 'pending' || attendee.status === 'confirmed') && attendee.checkedInAt === null;
}

/**
 * How long after a check-in the code it was made with still gets a badge at a kiosk: the check-in's own screen
 * prints with it (and prints again from there), while a screenshot of the code passed on and shown later gets no
 * badge (issue 39). A badge after that is the desk's.
 */
export const BADGE_BY_CODE_MS = 5 * 60_000;

export function isBadgeByCodeDue(checkedInAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(checkedInAt) <= BADGE_BY_CODE_MS;
}

/**
 * The first name a kiosk shows of a ticket used before: the `first_name` answer, else the first word of a `name`
 * answer; null when the event asks neither, never a part of the email.
 */
export function firstNameOf(answers: Readonly<Record<string, string>>): string | null {
  const first = answers.first_name?.trim() || answers.name?.trim().split(/\s+/)[0];
  return first || null;
}
