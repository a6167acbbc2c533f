import { checkInOpensAt } from '../events/event.rules.ts';
import type { EventRecord } from '../events/event.types.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { varying } from '../platform/refusals.ts';
import { formatHumanDateTime } from '../platform/time.ts';
import type {
  CancelRefusal,
  NoShowRefusal,
  SelfCheckInRefusal,
  StaffCheckInRefusal,
} from './attendee.rules.ts';
import { presentUsedTicket } from './attendee.presenters.ts';
import type { AttendeeRecord } from './attendee.types.ts';
import type { BulkNoShowFailure } from './bulk-no-show.service.ts';
import type { ScanVia } from '../contract/vocabulary.ts';
import type { RegistrationOutcome } from './registration.service.ts';

/**
 * How each refusal of the attendee rules reads on the wire, in one place for the public endpoints, the token API
 * and the desk: the interface's status and message (server/README.md lists the ones it leaves to us). Beside each
 * function, the same refusals as the routes declare them (platform/refusals.ts), for the document.
 */

/** How a check-in time reads in a 409 (platform/time.ts), for the document's example. */
const EXAMPLE_TIME = 'Nov 21, 2026 10:42 AM';

const checkedInAt = (attendee: AttendeeRecord, event: EventRecord) =>
  formatHumanDateTime(attendee.checkedInAt!, event.timezone);

/** Registering oneself (the public endpoint and the kiosk's). */
export function registrationRefusal(outcome: Extract<RegistrationOutcome, { ok: false }>): HttpError {
  switch (outcome.reason) {
    case 'registration_closed':
      return new HttpError(403, messages.registrationClosed);
    case 'invalid':
      return new ValidationError(outcome.errors, messages.validationFailed);
    case 'already_registered':
      return new HttpError(409, messages.alreadyRegistered);
  }
}

export const registrationRefusals = {
  403: [messages.registrationClosed],
  409: [messages.alreadyRegistered],
  422: [messages.validationFailed],
} as const;

/** The 201's message: a registration awaiting approval says so. */
export const registeredMessage = (attendee: Pick<AttendeeRecord, 'status'>) =>
  attendee.status === 'pending' ? messages.registeredPendingApproval : messages.registered;

/** Self check-in at a kiosk. */
export function selfCheckInRefusal(
  reason: SelfCheckInRefusal,
  attendee: AttendeeRecord | null,
  event: EventRecord,
): HttpError {
  switch (reason) {
    case 'checkin_not_available':
      return new HttpError(403, messages.checkInNotAvailable);
    case 'self_checkin_disabled':
      return new HttpError(403, messages.selfCheckInDisabled);
    case 'not_registered':
      return new HttpError(404, messages.notRegistered);
    case 'registration_canceled':
      return new HttpError(403, messages.checkInCanceled);
    case 'approval_pending':
      return new HttpError(403, messages.checkInPendingApproval);
    case 'already_checked_in':
      return new HttpError(409, messages.alreadyCheckedInAt(checkedInAt(attendee!, event)));
  }
}

export const selfCheckInRefusals = {
  403: [
    messages.checkInNotAvailable,
    messages.selfCheckInDisabled,
    messages.checkInCanceled,
    messages.checkInPendingApproval,
  ],
  404: [messages.notRegistered],
  409: [varying(messages.alreadyCheckedInAt, EXAMPLE_TIME)],
} as const;

/** What a kiosk's scan found beside its refusal, for the kiosk to say what it saw (issue 39). */
export interface ScanFindings {
  /** A ticket of another event of the same organization: that event. */
  ticketEvent: EventRecord | null;
  /** A ticket of this event used before: where its check-in was made. */
  usedAt: { via: ScanVia | null; device: string | null } | null;
}

/**
 * Checking in by a scanned code at a kiosk (`/kiosk/api/.../scan`): self check-in's answers, with beside the same
 * message what the kiosk shows in its own words and zone: before check-in opens, when it does (`opens_at`, the
 * stored UTC time: "Check-in opens at 18:30"); for a ticket of another event of the organization, that event
 * (`other_event`); for a ticket used before, whose and when and where (`checked_in`). The public check-in keeps the
 * interface's bare answer.
 */
export function scanRefusal(
  reason: SelfCheckInRefusal,
  attendee: AttendeeRecord | null,
  event: EventRecord,
  now: Date,
  found: ScanFindings = { ticketEvent: null, usedAt: null },
): HttpError {
  const refusal = selfCheckInRefusal(reason, attendee, event);
  const opensAt = reason === 'checkin_not_available' ? checkInOpensAt(event, now) : null;
  const extra =
    opensAt !== null
      ? { opens_at: opensAt }
      : reason === 'not_registered' && found.ticketEvent
        ? { other_event: { name: found.ticketEvent.name } }
        : reason === 'already_checked_in' && found.usedAt
          ? { checked_in: presentUsedTicket(attendee!, found.usedAt) }
          : null;
  return extra === null ? refusal : new HttpError(refusal.statusCode, refusal.message, undefined, extra);
}

/** A search by name at a kiosk: only the event's refusals of self check-in, so a closed kiosk lists nobody. */
export const findByNameRefusals = {
  403: [messages.checkInNotAvailable, messages.selfCheckInDisabled],
} as const;

/** Checking in as a match found by name: a spent or stale handle, a wrong domain, then self check-in's answers. */
export function findCheckInRefusal(
  reason: SelfCheckInRefusal | 'handle_unknown' | 'not_confirmed',
  attendee: AttendeeRecord | null,
  event: EventRecord,
): HttpError {
  switch (reason) {
    case 'handle_unknown':
      return new HttpError(404, messages.findExpired);
    case 'not_confirmed':
      return new HttpError(403, messages.findNotConfirmed);
    default:
      return selfCheckInRefusal(reason, attendee, event);
  }
}

export const findCheckInRefusals = {
  403: [...selfCheckInRefusals[403], messages.findNotConfirmed],
  // A handle names a registration that exists (rows are never deleted): never `notRegistered`.
  404: [messages.findExpired],
  409: selfCheckInRefusals[409],
} as const;

/** A code scanned at the desk that no registration of the event carries. */
export const deskCodeNotFound = () => new HttpError(404, messages.codeNotFound);

/** Check-in by staff at the desk. */
export function deskCheckInRefusal(
  reason: StaffCheckInRefusal,
  attendee: AttendeeRecord,
  event: EventRecord,
): HttpError {
  switch (reason) {
    case 'checkin_not_available':
      return new HttpError(403, messages.checkInNotAvailable);
    case 'registration_canceled':
      return new HttpError(422, messages.checkInCanceledStaff);
    case 'approval_pending':
      return new HttpError(422, messages.checkInPendingStaff);
    case 'already_checked_in':
      return new HttpError(409, messages.alreadyCheckedInStaff(checkedInAt(attendee, event)));
  }
}

export const deskCheckInRefusals = {
  403: [messages.checkInNotAvailable],
  422: [messages.checkInCanceledStaff, messages.checkInPendingStaff],
  409: [varying(messages.alreadyCheckedInStaff, EXAMPLE_TIME)],
} as const;

/** The attendee cancelling their own registration (public). */
export function ownCancelRefusal(reason: CancelRefusal): HttpError {
  switch (reason) {
    case 'not_registered':
      return new HttpError(404, messages.notRegistered);
    case 'already_checked_in':
      return new HttpError(422, messages.cannotCancelAfterCheckIn);
    case 'already_canceled':
      return new HttpError(422, messages.alreadyCancelled);
  }
}

export const ownCancelRefusals = {
  404: [messages.notRegistered],
  422: [messages.cannotCancelAfterCheckIn, messages.alreadyCancelled],
} as const;

/** The organization cancelling an attendee (token API and desk). */
export function staffCancelRefusal(reason: CancelRefusal): HttpError {
  switch (reason) {
    case 'not_registered':
      return new HttpError(404, messages.attendeeNotFound);
    case 'already_checked_in':
      return new HttpError(422, messages.staffCannotCancel);
    case 'already_canceled':
      return new HttpError(422, messages.alreadyCancelled);
  }
}

export const staffCancelRefusals = {
  404: [messages.attendeeNotFound],
  422: [messages.staffCannotCancel, messages.alreadyCancelled],
} as const;

const noShowRefusalMessage: Record<NoShowRefusal, string> = {
  already_checked_in: messages.cannotMarkNoShow,
  registration_canceled: messages.cannotMarkCancelledNoShow,
};

export const noShowRefusal = (reason: NoShowRefusal) => new HttpError(422, noShowRefusalMessage[reason]);

export const noShowRefusals = { 422: Object.values(noShowRefusalMessage) } as const;

const bulkReasonMessage: Record<BulkNoShowFailure['reason'], string> = {
  not_found: messages.bulkReasonNotFound,
  already_checked_in: messages.bulkReasonCheckedIn,
  registration_canceled: messages.bulkReasonCancelled,
};

/** A bulk no-show's failures as the interface lists them: the id and a reason to read. */
export function presentBulkFailures(failed: readonly BulkNoShowFailure[]) {
  return failed.map((failure) => ({ id: failure.id, reason: bulkReasonMessage[failure.reason] }));
}
