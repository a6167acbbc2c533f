import type { EventRecord } from '../events/event.types.ts';
import { initialStatus, isRegistrationOpen, redirectUrlFor } from '../events/event.rules.ts';
import { emailKey } from '../platform/email.ts';
import { fieldMessage, type FieldErrors } from '../platform/field-errors.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import type { ChangeJournal } from '../sync/journal.ts';
import { newOpId } from '../sync/journal.ts';
import type { ChangeNotifier } from '../webhooks/notifier.ts';
import type { AttendeeStatus } from '../contract/vocabulary.ts';
import type { RegisterResult } from './attendee.repository.ts';
import type { AttendeeRecord } from './attendee.types.ts';
import { attendeeName, validateRegistration } from './registration.rules.ts';

export type RegistrationOutcome =
  | { ok: true; attendee: AttendeeRecord; isGuest: boolean; redirectUrl: string | null }
  | { ok: false; reason: 'registration_closed' }
  | { ok: false; reason: 'invalid'; errors: FieldErrors }
  | { ok: false; reason: 'already_registered' };

export type WalkInOutcome =
  | { ok: true; attendee: AttendeeRecord }
  | { ok: false; reason: 'invalid'; errors: FieldErrors }
  | { ok: false; reason: 'already_registered' | 'event_full' };

/** Errors of one CSV row; `row` counts data rows from 1. */
export interface ImportRowError {
  row: number;
  errors: FieldErrors;
}

export type ImportOutcome =
  | { ok: true; imported: number }
  | { ok: false; reason: 'invalid'; rows: ImportRowError[] }
  | { ok: false; reason: 'event_full'; available: number };

/**
 * How people come to be attendees: registering themselves (public), added at the desk as walk-ins, imported from
 * a spreadsheet. Each registration and its webhook notification are stored in one transaction.
 */
export function registrationService(store: Store, notify: ChangeNotifier, journal: ChangeJournal) {
  const { repos, clock } = store;

  /**
   * Stores validated answers as a registration, linked to the organization's user of that email if any, and tells
   * the journal (a replica sends it to its hub as an op of `kind`).
   */
  function insertRegistration(
    kind: 'register' | 'walk_in' | null,
    event: EventRecord,
    answers: Record<string, string>,
    status: AttendeeStatus,
    registeredAt: string,
  ): RegisterResult {
    const email = answers.email!;
    const user = repos.users.findByEmail(event.organizationId, email);
    const opId = newOpId();
    const result = repos.attendees.register({
      id: journal.nextAttendeeId(),
      opId,
      eventId: event.id,
      userId: user?.id ?? null,
      email,
      name: attendeeName(event.registrationFields, answers, email),
      answers,
      status,
      registeredAt,
    });
    if (result.ok && kind) {
      const { attendee } = result;
      journal.record(kind, opId, {
        event: event.uuid,
        attendee: {
          uuid: attendee.uuid,
          number: attendee.id,
          email: attendee.email,
          name: attendee.name,
          answers: attendee.answers,
          status: attendee.status,
          checkin_code: attendee.checkinCode,
        },
      });
    }
    return result;
  }

  /** Public registration: while registration is open, with valid answers, one live registration per email. */
  function registerAttendee(event: EventRecord, body: unknown): RegistrationOutcome {
    const now = clock.now();
    if (!isRegistrationOpen(event, now)) return { ok: false, reason: 'registration_closed' };
    const check = validateRegistration(event.registrationFields, body);
    if (!check.ok) return { ok: false, reason: 'invalid', errors: check.errors };

    const result = store.inTransaction(() => {
      const inserted = insertRegistration(
        'register',
        event,
        check.answers,
        initialStatus(event),
        toTimestamp(now),
      );
      if (inserted.ok) notify.attendeeChanged('attendee.registered', event, inserted.attendee);
      return inserted;
    });
    if (!result.ok) {
      // Seats filled between our read of the event and the insert: the same answer as a full event.
      return { ok: false, reason: result.reason === 'event_full' ? 'registration_closed' : result.reason };
    }
    return {
      ok: true,
      attendee: result.attendee,
      isGuest: result.attendee.userId === null,
      redirectUrl: redirectUrlFor(event, result.attendee.uuid),
    };
  }

  /**
   * A walk-in added by staff: the same field rules as self-registration, confirmed at once (staff are the
   * approval), outside the registration window but never beyond the seats.
   */
  function addWalkIn(event: EventRecord, body: unknown): WalkInOutcome {
    const check = validateRegistration(event.registrationFields, body);
    if (!check.ok) return { ok: false, reason: 'invalid', errors: check.errors };
    const result = store.inTransaction(() => {
      const inserted = insertRegistration(
        'walk_in',
        event,
        check.answers,
        'confirmed',
        toTimestamp(clock.now()),
      );
      if (inserted.ok) notify.attendeeChanged('attendee.registered', event, inserted.attendee);
      return inserted;
    });
    return result.ok ? { ok: true, attendee: result.attendee } : { ok: false, reason: result.reason };
  }

  /**
   * Imports rows (already mapped to field keys) all or nothing: every row is checked first, against the field
   * rules, the other rows and the live registrations; then all are written in one transaction.
   */
  function importAttendees(event: EventRecord, rows: readonly unknown[]): ImportOutcome {
    const registeredAt = toTimestamp(clock.now());
    return store.inTransaction((): ImportOutcome => {
      const rowErrors: ImportRowError[] = [];
      const accepted: { answers: Record<string, string> }[] = [];
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        const check = validateRegistration(event.registrationFields, row);
        if (!check.ok) {
          rowErrors.push({ row: index + 1, errors: check.errors });
          return;
        }
        const email = check.answers.email!;
        const key = emailKey(email);
        const existing = repos.attendees.findForEmail(event.id, email);
        if (seen.has(key) || (existing && existing.status !== 'canceled')) {
          rowErrors.push({ row: index + 1, errors: { email: [fieldMessage.taken('email')] } });
          return;
        }
        seen.add(key);
        accepted.push({ answers: check.answers });
      });
      if (rowErrors.length > 0) return { ok: false, reason: 'invalid', rows: rowErrors };

      const current = repos.events.findById(event.id)!;
      if (current.seats !== null && current.attendeesCount + accepted.length > current.seats) {
        return {
          ok: false,
          reason: 'event_full',
          available: Math.max(0, current.seats - current.attendeesCount),
        };
      }
      const imported = accepted.map(({ answers }) => {
        // An import is a hub's own (a replica forwards it), so it is no op of its own.
        const result = insertRegistration(null, event, answers, 'confirmed', registeredAt);
        // Checked above inside this IMMEDIATE transaction, so nobody else could have taken the email or seat.
        if (!result.ok) throw new Error(`import row refused by the store: ${result.reason}`);
        return result.attendee;
      });
      notify.attendeesChanged('attendee.registered', event, () => imported);
      return { ok: true, imported: imported.length };
    });
  }

  return { registerAttendee, addWalkIn, importAttendees };
}

export type RegistrationService = ReturnType<typeof registrationService>;
