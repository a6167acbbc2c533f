import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/database.ts';
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
} from './attendee.rules.ts';
import { emailKey } from '../platform/email.ts';
import { initialStatus, isRegistrationOpen, redirectUrlFor } from '../events/event.rules.ts';
import { attendeeName, validateRegistration } from './registration.rules.ts';
import { toTimestamp } from '../platform/time.ts';
import type { AttendeeRecord, AttendeeStatus, AttendeeSummary, EventRecord } from '../platform/types.ts';
import { fieldMessage, type FieldErrors } from '../platform/field-errors.ts';
import type { WebhookEventType } from '../webhooks/webhook.rules.ts';
import type { RegisterResult } from './attendee.repository.ts';
import type { Repositories } from '../store.ts';
import { presentAttendee, presentAttendeeEvent, presentAttendeeOwnFields } from './attendee.schemas.ts';
import type { WebhookOutbox } from '../webhooks/webhook.service.ts';

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
 * dashboard. Each reads the time once, asks the domain rules, and writes through the repositories; the change and
 * its webhook notification are stored in one transaction.
 */
export function attendeeService(db: Db, repos: Repositories, clock: Clock, outbox: WebhookOutbox) {
  /** IMMEDIATE: these transactions read before they write, and must not lose the write lock to another process. */
  const inTransaction = <T>(work: () => T): T => db.transaction(work).immediate();

  /** Notifications carry the attendee as the authenticated lookup shows it. */
  const notify = (type: WebhookEventType, event: EventRecord, attendee: AttendeeSummary) =>
    outbox.enqueue(event.organizationId, type, presentAttendee(attendee, event));

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

      const result = inTransaction(() => {
        const inserted = insertRegistration(event, check.answers, initialStatus(event), toTimestamp(now));
        if (inserted.ok) notify('attendee.registered', event, inserted.attendee);
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
    },

    selfCheckIn(event: EventRecord, email: string): CheckInOutcome {
      const now = clock.now();
      return inTransaction((): CheckInOutcome => {
        const attendee = repos.attendees.findForEmail(event.id, email);
        const decision = decideSelfCheckIn(event, attendee, now);
        if (!decision.ok) return { ok: false, reason: decision.reason, attendee };
        const checkedIn = repos.attendees.checkIn(attendee!.id, toTimestamp(now));
        // Read, decided and written under one write lock: no other kiosk can have checked them in meanwhile.
        if (!checkedIn) throw new Error('check-in refused by the store after the rules allowed it');
        notify('attendee.checked_in', event, checkedIn);
        return { ok: true, attendee: checkedIn };
      });
    },

    /** `attendee` is one of `event`'s, or null when the caller found none. */
    cancel(event: EventRecord, attendee: AttendeeRecord | null): CancelOutcome {
      const decision = decideCancel(attendee);
      if (!decision.ok) return decision;
      return inTransaction((): CancelOutcome => {
        const canceled = repos.attendees.cancel(attendee!.id, toTimestamp(clock.now()));
        if (canceled) {
          notify('attendee.canceled', event, canceled);
          return { ok: true };
        }
        return decideCancel(repos.attendees.findByUuid(attendee!.uuid)) as CancelOutcome;
      });
    },

    markNoShow(event: EventRecord, attendee: AttendeeRecord): NoShowOutcome {
      const decision = decideNoShow(attendee);
      if (!decision.ok) return decision;
      return inTransaction((): NoShowOutcome => {
        const marked = repos.attendees.markNoShow(attendee.id, toTimestamp(clock.now()));
        if (marked) {
          // Marking a no-show again succeeds, but nothing changed, so nobody is told.
          if (attendee.status !== 'no_show') notify('attendee.no_show', event, marked);
          return { ok: true, attendee: marked };
        }
        const current = repos.attendees.findByUuid(attendee.uuid)!;
        const again = decideNoShow(current);
        return again.ok ? { ok: true, attendee: current } : again;
      });
    },

    /** Check-in at the staff desk; also when self check-in is off. */
    staffCheckIn(event: EventRecord, attendee: AttendeeRecord): StaffCheckInOutcome {
      const now = clock.now();
      const decision = decideStaffCheckIn(event, attendee, now);
      if (!decision.ok) return { ok: false, reason: decision.reason, attendee };
      return inTransaction((): StaffCheckInOutcome => {
        const checkedIn = repos.attendees.checkIn(attendee.id, toTimestamp(now));
        if (checkedIn) {
          notify('attendee.checked_in', event, checkedIn);
          return { ok: true, attendee: checkedIn };
        }
        const current = repos.attendees.findByUuid(attendee.uuid)!;
        const again = decideStaffCheckIn(event, current, now);
        return { ok: false, reason: again.ok ? 'already_checked_in' : again.reason, attendee: current };
      });
    },

    undoCheckIn(
      event: EventRecord,
      attendee: AttendeeRecord,
    ): { ok: true; attendee: AttendeeRecord } | { ok: false; reason: 'not_checked_in' } {
      const decision = decideUndoCheckIn(attendee);
      if (!decision.ok) return decision;
      const undone = inTransaction(() => {
        const row = repos.attendees.undoCheckIn(attendee.id, toTimestamp(clock.now()));
        if (row) notify('attendee.check_in_undone', event, row);
        return row;
      });
      return undone ? { ok: true, attendee: undone } : { ok: false, reason: 'not_checked_in' };
    },

    approve(
      event: EventRecord,
      attendee: AttendeeRecord,
    ): { ok: true; attendee: AttendeeRecord } | { ok: false; reason: 'not_pending' } {
      const decision = decideApprove(attendee);
      if (!decision.ok) return decision;
      const approved = inTransaction(() => {
        const row = repos.attendees.approve(attendee.id, toTimestamp(clock.now()));
        if (row) notify('attendee.approved', event, row);
        return row;
      });
      return approved ? { ok: true, attendee: approved } : { ok: false, reason: 'not_pending' };
    },

    /**
     * A walk-in added by staff: the same field rules as self-registration, confirmed at once (staff are the
     * approval), outside the registration window but never beyond the seats.
     */
    addWalkIn(event: EventRecord, body: unknown): WalkInOutcome {
      const check = validateRegistration(event.registrationFields, body);
      if (!check.ok) return { ok: false, reason: 'invalid', errors: check.errors };
      const result = inTransaction(() => {
        const inserted = insertRegistration(event, check.answers, 'confirmed', toTimestamp(clock.now()));
        if (inserted.ok) notify('attendee.registered', event, inserted.attendee);
        return inserted;
      });
      return result.ok ? { ok: true, attendee: result.attendee } : { ok: false, reason: result.reason };
    },

    /**
     * Imports rows (already mapped to field keys) all or nothing: every row is checked first, against the field
     * rules, the other rows and the live registrations; then all are written in one transaction.
     */
    importAttendees(event: EventRecord, rows: readonly unknown[]): ImportOutcome {
      const registeredAt = toTimestamp(clock.now());
      return inTransaction((): ImportOutcome => {
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
          const result = insertRegistration(event, answers, 'confirmed', registeredAt);
          // Checked above inside this IMMEDIATE transaction, so nobody else could have taken the email or seat.
          if (!result.ok) throw new Error(`import row refused by the store: ${result.reason}`);
          return result.attendee;
        });
        outbox.enqueueMany(event.organizationId, 'attendee.registered', () =>
          imported.map((attendee) => presentAttendee(attendee, event)),
        );
        return { ok: true, imported: imported.length };
      });
    },

    /** Decides and writes in one IMMEDIATE transaction, so no check-in can slip between the two. */
    bulkMarkNoShow(event: EventRecord, attendeeUuids: readonly string[]): BulkNoShowOutcome {
      const at = toTimestamp(clock.now());
      // UUIDs compare case-insensitively (ours are stored lower-case); an id given twice counts once.
      const unique = [...new Set(attendeeUuids.map((id) => id.toLowerCase()))];
      return inTransaction((): BulkNoShowOutcome => {
        // One UPDATE marks everyone whose status a no-show changes. With a webhook endpoint listening it also
        // returns what the notifications carry.
        const marked = outbox.listens(event.organizationId, 'attendee.no_show')
          ? repos.attendees.markManyNoShowReturningSummaries(event.id, unique, at)
          : null;
        const markedCount = marked ? marked.length : repos.attendees.markManyNoShow(event.id, unique, at);
        // The common case: every id was marked, and there is nothing left to decide. Otherwise the ids not known
        // to be marked are decided on their rows as the UPDATE left them: one it marked reads as a no-show, like
        // one marked before (both successes); a cancelled or checked-in attendee is refused, and an id not in the
        // event is not found.
        const markedIds = new Set(marked?.map((attendee) => attendee.uuid));
        const undecided = markedCount === unique.length ? [] : unique.filter((id) => !markedIds.has(id));
        const failed: BulkNoShowFailure[] = [];
        let successCount = unique.length - undecided.length;
        if (undecided.length > 0) {
          const states = new Map(
            repos.attendees.summariesInEvent(event.id, undecided).map((s) => [s.uuid, s]),
          );
          for (const id of undecided) {
            const state = states.get(id);
            const decision = state ? decideNoShow(state) : ({ ok: false, reason: 'not_found' } as const);
            if (decision.ok) successCount += 1;
            else failed.push({ id, reason: decision.reason });
          }
        }
        if (marked) {
          outbox.enqueueSharing(
            event.organizationId,
            'attendee.no_show',
            marked.map(presentAttendeeOwnFields),
            {
              event: presentAttendeeEvent(event),
            },
          );
        }
        return { successCount, failed };
      });
    },
  };
}

export type AttendeeService = ReturnType<typeof attendeeService>;
