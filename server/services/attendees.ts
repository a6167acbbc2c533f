import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import {
  decideApprove,
  decideCancel,
  decideNoShow,
  decideSelfCheckIn,
  decideStaffCheckIn,
  decideUndoCheckIn,
  type CancelRefusal,
  type NoShowRefusal,
  type SelfCheckInRefusal,
  type StaffCheckInRefusal,
} from '../domain/attendee-rules.ts';
import { emailKey } from '../domain/email.ts';
import { initialStatus, isRegistrationOpen, redirectUrlFor } from '../domain/event-rules.ts';
import { attendeeName, validateRegistration } from '../domain/registration.ts';
import { toTimestamp } from '../domain/time.ts';
import type { AttendeeRecord, AttendeeStatus, EventRecord } from '../domain/types.ts';
import { fieldMessage, type FieldErrors } from '../domain/validation-messages.ts';
import type { RegisterResult } from '../repositories/attendees.ts';
import type { Repositories } from '../repositories/index.ts';

export type RegistrationOutcome =
  | { ok: true; attendee: AttendeeRecord; isGuest: boolean; redirectUrl: string | null }
  | { ok: false; reason: 'registration_closed' }
  | { ok: false; reason: 'invalid'; errors: FieldErrors }
  | { ok: false; reason: 'already_registered' };

export type CheckInOutcome =
  | { ok: true; attendee: AttendeeRecord }
  | { ok: false; reason: SelfCheckInRefusal; attendee: AttendeeRecord | null };

export type CancelOutcome = { ok: true } | { ok: false; reason: CancelRefusal };
export type NoShowOutcome = { ok: true; attendee: AttendeeRecord } | { ok: false; reason: NoShowRefusal };

export type StaffCheckInOutcome =
  | { ok: true; attendee: AttendeeRecord }
  | { ok: false; reason: StaffCheckInRefusal; attendee: AttendeeRecord };

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

export type BulkNoShowFailure = { id: string; reason: 'not_found' | NoShowRefusal };
export interface BulkNoShowOutcome {
  successCount: number;
  failed: BulkNoShowFailure[];
}

/**
 * What can happen to an attendee, as operations shared by the public endpoints, the token API and the staff
 * dashboard. Each reads the time once, asks the domain rules, and writes through the repositories.
 */
export function attendeeService(db: Db, repos: Repositories, clock: Clock) {
  /** Stores validated answers as a registration, linked to the organization's user of that email if any. */
  function insertRegistration(
    event: EventRecord,
    answers: Record<string, string>,
    status: AttendeeStatus,
    registeredAt: string,
  ): RegisterResult {
    const email = answers.email!;
    const user = repos.users.findByEmail(event.organizationId, email);
    return repos.attendees.register({
      eventId: event.id,
      userId: user?.id ?? null,
      email,
      name: attendeeName(event.registrationFields, answers, email),
      answers,
      status,
      registeredAt,
    });
  }

  return {
    register(event: EventRecord, body: unknown): RegistrationOutcome {
      const now = clock.now();
      if (!isRegistrationOpen(event, now)) return { ok: false, reason: 'registration_closed' };
      const check = validateRegistration(event.registrationFields, body);
      if (!check.ok) return { ok: false, reason: 'invalid', errors: check.errors };

      const result = insertRegistration(event, check.answers, initialStatus(event), toTimestamp(now));
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
    },

    selfCheckIn(event: EventRecord, email: string): CheckInOutcome {
      const now = clock.now();
      const attendee = repos.attendees.findForEmail(event.id, email);
      const decision = decideSelfCheckIn(event, attendee, now);
      if (!decision.ok) return { ok: false, reason: decision.reason, attendee };
      const checkedIn = repos.attendees.checkIn(attendee!.id, toTimestamp(now));
      if (checkedIn) return { ok: true, attendee: checkedIn };
      // Another kiosk checked the same person in a moment ago: answer from what is stored now.
      const current = repos.attendees.findForEmail(event.id, email);
      const again = decideSelfCheckIn(event, current, now);
      return { ok: false, reason: again.ok ? 'already_checked_in' : again.reason, attendee: current };
    },

    cancel(attendee: AttendeeRecord | null): CancelOutcome {
      const decision = decideCancel(attendee);
      if (!decision.ok) return decision;
      if (repos.attendees.cancel(attendee!.id, toTimestamp(clock.now()))) return { ok: true };
      return decideCancel(repos.attendees.findByUuid(attendee!.uuid)) as CancelOutcome;
    },

    markNoShow(attendee: AttendeeRecord): NoShowOutcome {
      const decision = decideNoShow(attendee);
      if (!decision.ok) return decision;
      if (repos.attendees.markNoShow(attendee.id, toTimestamp(clock.now()))) {
        return { ok: true, attendee: { ...attendee, status: 'no_show' } };
      }
      const current = repos.attendees.findByUuid(attendee.uuid)!;
      const again = decideNoShow(current);
      return again.ok ? { ok: true, attendee: current } : again;
    },

    /** Check-in at the staff desk; also when self check-in is off. */
    staffCheckIn(event: EventRecord, attendee: AttendeeRecord): StaffCheckInOutcome {
      const now = clock.now();
      const decision = decideStaffCheckIn(event, attendee, now);
      if (!decision.ok) return { ok: false, reason: decision.reason, attendee };
      const checkedIn = repos.attendees.checkIn(attendee.id, toTimestamp(now));
      if (checkedIn) return { ok: true, attendee: checkedIn };
      const current = repos.attendees.findByUuid(attendee.uuid)!;
      const again = decideStaffCheckIn(event, current, now);
      return { ok: false, reason: again.ok ? 'already_checked_in' : again.reason, attendee: current };
    },

    undoCheckIn(
      attendee: AttendeeRecord,
    ): { ok: true; attendee: AttendeeRecord } | { ok: false; reason: 'not_checked_in' } {
      const decision = decideUndoCheckIn(attendee);
      if (!decision.ok) return decision;
      const undone = repos.attendees.undoCheckIn(attendee.id, toTimestamp(clock.now()));
      return undone ? { ok: true, attendee: undone } : { ok: false, reason: 'not_checked_in' };
    },

    approve(
      attendee: AttendeeRecord,
    ): { ok: true; attendee: AttendeeRecord } | { ok: false; reason: 'not_pending' } {
      const decision = decideApprove(attendee);
      if (!decision.ok) return decision;
      const approved = repos.attendees.approve(attendee.id, toTimestamp(clock.now()));
      return approved ? { ok: true, attendee: approved } : { ok: false, reason: 'not_pending' };
    },

    /**
     * A walk-in added by staff: the same field rules as self-registration, confirmed at once (staff are the
     * approval), outside the registration window but never beyond the seats.
     */
    addWalkIn(event: EventRecord, body: unknown): WalkInOutcome {
      const check = validateRegistration(event.registrationFields, body);
      if (!check.ok) return { ok: false, reason: 'invalid', errors: check.errors };
      const result = insertRegistration(event, check.answers, 'confirmed', toTimestamp(clock.now()));
      return result.ok ? { ok: true, attendee: result.attendee } : { ok: false, reason: result.reason };
    },

    /**
     * Imports rows (already mapped to field keys) all or nothing: every row is checked first, against the field
     * rules, the other rows and the live registrations; then all are written in one transaction.
     */
    importAttendees(event: EventRecord, rows: readonly unknown[]): ImportOutcome {
      const registeredAt = toTimestamp(clock.now());
      const run = db.transaction((): ImportOutcome => {
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
        for (const { answers } of accepted) {
          const result = insertRegistration(event, answers, 'confirmed', registeredAt);
          // Checked above inside this IMMEDIATE transaction, so nobody else could have taken the email or seat.
          if (!result.ok) throw new Error(`import row refused by the store: ${result.reason}`);
        }
        return { ok: true, imported: accepted.length };
      });
      return run.immediate();
    },

    /** Decides and writes in one IMMEDIATE transaction, so no check-in can slip between the two. */
    bulkMarkNoShow(event: EventRecord, attendeeUuids: readonly string[]): BulkNoShowOutcome {
      const at = toTimestamp(clock.now());
      const unique = [...new Set(attendeeUuids)];
      const run = db.transaction((): BulkNoShowOutcome => {
        const states = new Map(repos.attendees.statesInEvent(event.id, unique).map((s) => [s.uuid, s]));
        const eligible: string[] = [];
        const failed: BulkNoShowFailure[] = [];
        for (const id of unique) {
          const state = states.get(id);
          if (!state) {
            failed.push({ id, reason: 'not_found' });
            continue;
          }
          const decision = decideNoShow(state);
          if (decision.ok) eligible.push(id);
          else failed.push({ id, reason: decision.reason });
        }
        if (eligible.length > 0) repos.attendees.markManyNoShow(event.id, eligible, at);
        return { successCount: eligible.length, failed };
      });
      return run.immediate();
    },
  };
}

export type AttendeeService = ReturnType<typeof attendeeService>;
