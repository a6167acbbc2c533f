import type { EventRecord } from '../events/event.types.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import { newOpId, type ChangeJournal } from '../sync/journal.ts';
import { checkInRecordsOf, liveCheckIns, withUndo } from '../sync/conflict.rules.ts';
import type { ChangeNotifier } from '../webhooks/notifier.ts';
import type { AttendeeFilter } from './attendee.repository.ts';
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
import type { AttendeeRecord } from './attendee.types.ts';
import type { ScannedCode } from './checkin-code.rules.ts';
import { CHART_WINDOW_MS, liveStats, type LiveStats } from './live-stats.rules.ts';
import { searchTerms } from './search.rules.ts';

/** A list's filters as asked: `q` is the words typed (search.rules.ts). */
export type AttendeeListFilter = Omit<AttendeeFilter, 'search'> & { q?: string };

export type CheckInOutcome =
  | { ok: true; attendee: AttendeeRecord }
  | { ok: false; reason: SelfCheckInRefusal; attendee: AttendeeRecord | null };

export type StaffCheckInOutcome =
  | { ok: true; attendee: AttendeeRecord }
  | { ok: false; reason: StaffCheckInRefusal; attendee: AttendeeRecord };

/** A code scanned at the desk: staff check-in, or no registration of the event carries that code. */
export type DeskScanOutcome = StaffCheckInOutcome | { ok: false; reason: 'code_not_found' };

export type CancelOutcome = { ok: true } | { ok: false; reason: CancelRefusal };
export type NoShowOutcome = { ok: true; attendee: AttendeeRecord } | { ok: false; reason: NoShowRefusal };
export type UndoCheckInOutcome =
  { ok: true; attendee: AttendeeRecord } | { ok: false; reason: 'not_checked_in' };
export type ApproveOutcome = { ok: true; attendee: AttendeeRecord } | { ok: false; reason: 'not_pending' };

/**
 * What happens to an attendee once registered, for the public endpoints, the token API and the desk alike: found,
 * checked in (or undone), approved, cancelled, marked a no-show. Each operation reads the time once, asks the
 * rules (attendee.rules.ts), and stores the change with its webhook notification in one IMMEDIATE transaction.
 */
export function attendeeService(store: Store, notify: ChangeNotifier, journal: ChangeJournal) {
  const { repos, clock } = store;

  /**
   * Any attendee by UUID, of any event; the caller checks it may see that event. The UUID of a registration merged
   * into another (docs/sync.md) finds the one it was merged into: a kiosk handed it out in a 201.
   */
  function findAttendee(uuid: string): AttendeeRecord | null {
    return repos.attendees.findByUuid(uuid) ?? repos.attendees.findMergedInto(uuid);
  }

  /** The attendee `uuid` of `event`; an attendee of another event is null here. */
  function findAttendeeInEvent(event: EventRecord, uuid: string): AttendeeRecord | null {
    const attendee = repos.attendees.findByUuid(uuid);
    return attendee?.eventId === event.id ? attendee : null;
  }

  /** The email's live registration for the event, else its latest cancelled one, else null. */
  function findRegistration(event: EventRecord, email: string): AttendeeRecord | null {
    return repos.attendees.findForEmail(event.id, email);
  }

  /** One page of the event's attendees matching `filter`, in the order they registered, and how many match. */
  function listAttendees(
    event: EventRecord,
    { q, ...filter }: AttendeeListFilter,
    page: { limit: number; offset: number },
  ): { items: AttendeeRecord[]; total: number } {
    const search = q ? searchTerms(q, event.registrationFields) : undefined;
    return repos.attendees.list(event.id, { ...filter, search }, page);
  }

  /** Counts by status and the arrivals of the last hours, for the desk. */
  function liveStatsOf(event: EventRecord): LiveStats {
    const now = clock.now();
    const since = toTimestamp(new Date(now.getTime() - CHART_WINDOW_MS));
    return liveStats(
      repos.attendees.countsByStatus(event.id),
      repos.attendees.checkInTimesSince(event.id, since),
      now,
    );
  }

  /**
   * The registration of `event` that a scanned code names: the registration whose check-in code it is, or the
   * event's registration for the email of the organization's person whose profile code it is (the live one, else
   * the latest cancelled one, as a check-in by that email finds). A code of another event or organization is null.
   */
  function findByScannedCode(event: EventRecord, scanned: ScannedCode): AttendeeRecord | null {
    if (scanned.kind !== 'profile') {
      const attendee = repos.attendees.findByCheckinCode(scanned.code);
      if (attendee) return attendee.eventId === event.id ? attendee : null;
      if (scanned.kind === 'checkin') return null;
    }
    const person = repos.users.findByProfileCode(scanned.code);
    if (!person || person.organizationId !== event.organizationId) return null;
    return repos.attendees.findForEmail(event.id, person.email);
  }

  /**
   * The checked-in registration of `event` that an email or a scanned code names, for the badge a kiosk prints
   * (after a check-in, or again after "already checked in"); anyone else is null: no badge before the door.
   * `showsCode` says whether the badge may carry the check-in code: not when asked by email for a registration
   * checked in by name, which a stranger who guessed the email's domain may have done (issue 32, row 5).
   */
  function findCheckedIn(
    event: EventRecord,
    by: { email: string } | { scanned: ScannedCode },
  ): { attendee: AttendeeRecord; showsCode: boolean } | null {
    const attendee =
      'email' in by ? repos.attendees.findForEmail(event.id, by.email) : findByScannedCode(event, by.scanned);
    if (!attendee?.checkedInAt || attendee.status === 'canceled') return null;
    return { attendee, showsCode: !('email' in by) || !repos.attendees.wasCheckedInByName(attendee.id) };
  }

  /** An attendee checking themselves in at a kiosk with the email they registered with. */
  function selfCheckIn(event: EventRecord, email: string): CheckInOutcome {
    return selfCheckInOf(event, 'self', () => repos.attendees.findForEmail(event.id, email));
  }

  /**
   * An attendee checking themselves in at a kiosk by scanning their check-in code or profile QR code: the same
   * rules and outcomes as with their email.
   */
  function checkInByCode(event: EventRecord, scanned: ScannedCode): CheckInOutcome {
    return selfCheckInOf(event, 'scan', () => findByScannedCode(event, scanned));
  }

  /**
   * An attendee checking themselves in at a kiosk after finding themselves by name and proving it
   * (find-by-name.service.ts): the same rules and outcomes as with their email. A registration merged into another
   * meanwhile (docs/sync.md) is checked in as the one it became.
   */
  function selfCheckInByUuid(event: EventRecord, uuid: string): CheckInOutcome {
    return selfCheckInOf(
      event,
      'self',
      () => {
        const attendee = findAttendee(uuid);
        return attendee?.eventId === event.id ? attendee : null;
      },
      { byName: true },
    );
  }

  /**
   * Self check-in of the registration `find` reads, inside the transaction that writes it. `byName`: found by name
   * at a kiosk (kept on this node, migration 029; the op says `self`, as hubs of every version read it).
   */
  function selfCheckInOf(
    event: EventRecord,
    via: 'self' | 'scan',
    find: () => AttendeeRecord | null,
    { byName = false }: { byName?: boolean } = {},
  ): CheckInOutcome {
    const now = clock.now();
    return store.inTransaction((): CheckInOutcome => {
      const attendee = find();
      const decision = decideSelfCheckIn(event, attendee, now);
      if (!decision.ok) return { ok: false, reason: decision.reason, attendee };
      const opId = newOpId();
      const checkedIn = repos.attendees.checkIn(attendee!.id, toTimestamp(now), opId, byName);
      // Read, decided and written under one write lock: no other kiosk can have checked them in meanwhile.
      if (!checkedIn) throw new Error('check-in refused by the store after the rules allowed it');
      notify.attendeeChanged('attendee.checked_in', event, checkedIn);
      journal.record('check_in', opId, { event: event.uuid, attendee: checkedIn.uuid, via });
      return { ok: true, attendee: checkedIn };
    });
  }

  /** Check-in at the staff desk; also when self check-in is off. */
  function checkInAtDesk(event: EventRecord, attendee: AttendeeRecord): StaffCheckInOutcome {
    const now = clock.now();
    const decision = decideStaffCheckIn(event, attendee, now);
    if (!decision.ok) return { ok: false, reason: decision.reason, attendee };
    return store.inTransaction((): StaffCheckInOutcome => {
      const opId = newOpId();
      const checkedIn = repos.attendees.checkIn(attendee.id, toTimestamp(now), opId);
      if (checkedIn) {
        notify.attendeeChanged('attendee.checked_in', event, checkedIn);
        journal.record('check_in', opId, { event: event.uuid, attendee: checkedIn.uuid, via: 'desk' });
        return { ok: true, attendee: checkedIn };
      }
      const current = repos.attendees.findByUuid(attendee.uuid)!;
      const again = decideStaffCheckIn(event, current, now);
      return { ok: false, reason: again.ok ? 'already_checked_in' : again.reason, attendee: current };
    });
  }

  /** Staff scanning a code at the desk: the desk's check-in of the registration it names. */
  function checkInByCodeAtDesk(event: EventRecord, scanned: ScannedCode): DeskScanOutcome {
    const attendee = findByScannedCode(event, scanned);
    if (!attendee) return { ok: false, reason: 'code_not_found' };
    return checkInAtDesk(event, attendee);
  }

  function undoCheckIn(event: EventRecord, attendee: AttendeeRecord): UndoCheckInOutcome {
    const decision = decideUndoCheckIn(attendee);
    if (!decision.ok) return decision;
    const undone = store.inTransaction(() => {
      const current = repos.attendees.findByUuid(attendee.uuid);
      if (!current) return null;
      // Staff who undo mean the person is not in: every check-in this node knows of is undone, duplicate scans
      // from other kiosks included (sync/conflict.rules.ts).
      const records = checkInRecordsOf({
        checkInMarks: repos.attendees.checkInMarks(current.id),
        checkedInAt: current.checkedInAt,
        checkinOpId: current.checkinOpId,
      });
      const others = liveCheckIns(records)
        .map((record) => record.op)
        .filter((op): op is string => op !== null && op !== current.checkinOpId);
      const marks = withUndo(records, [current.checkinOpId, ...others]);
      const row = repos.attendees.undoCheckIn(current.id, marks, toTimestamp(clock.now()));
      if (row) {
        notify.attendeeChanged('attendee.check_in_undone', event, row);
        // A no-show or cancellation the check-in had overridden takes effect (sync/conflict.rules.ts).
        if (row.status === 'no_show') notify.attendeeChanged('attendee.no_show', event, row);
        if (row.status === 'canceled') notify.attendeeChanged('attendee.canceled', event, row);
        journal.record('undo_check_in', newOpId(), {
          event: event.uuid,
          attendee: row.uuid,
          check_in: current.checkinOpId,
          ...(others.length > 0 ? { also: others } : {}),
        });
      }
      return row;
    });
    return undone ? { ok: true, attendee: undone } : { ok: false, reason: 'not_checked_in' };
  }

  function approveRegistration(event: EventRecord, attendee: AttendeeRecord): ApproveOutcome {
    const decision = decideApprove(attendee);
    if (!decision.ok) return decision;
    const approved = store.inTransaction(() => {
      const row = repos.attendees.approve(attendee.id, toTimestamp(clock.now()));
      if (row) {
        notify.attendeeChanged('attendee.approved', event, row);
        journal.record('approve', newOpId(), { event: event.uuid, attendee: row.uuid });
      }
      return row;
    });
    return approved ? { ok: true, attendee: approved } : { ok: false, reason: 'not_pending' };
  }

  /** The organization cancelling an attendee of `event` (token API, desk). */
  function cancelRegistration(event: EventRecord, attendee: AttendeeRecord): CancelOutcome {
    const decision = decideCancel(attendee);
    if (!decision.ok) return decision;
    return store.inTransaction((): CancelOutcome => {
      const canceled = repos.attendees.cancel(attendee.id, toTimestamp(clock.now()));
      if (canceled) {
        notify.attendeeChanged('attendee.canceled', event, canceled);
        journal.record('cancel', newOpId(), {
          event: event.uuid,
          attendee: canceled.uuid,
          merged: repos.attendees.mergedUuids(canceled.id),
        });
        return { ok: true };
      }
      return decideCancel(repos.attendees.findByUuid(attendee.uuid)) as CancelOutcome;
    });
  }

  /** An attendee cancelling their own registration by email (public). */
  function cancelOwnRegistration(event: EventRecord, email: string): CancelOutcome {
    const attendee = repos.attendees.findForEmail(event.id, email);
    if (!attendee) return { ok: false, reason: 'not_registered' };
    return cancelRegistration(event, attendee);
  }

  function markNoShow(event: EventRecord, attendee: AttendeeRecord): NoShowOutcome {
    const decision = decideNoShow(attendee);
    if (!decision.ok) return decision;
    return store.inTransaction((): NoShowOutcome => {
      const marked = repos.attendees.markNoShow(attendee.id, toTimestamp(clock.now()));
      if (marked) {
        // Marking a no-show again succeeds, but nothing changed, so nobody is told.
        if (attendee.status !== 'no_show') {
          notify.attendeeChanged('attendee.no_show', event, marked);
          journal.record('no_show', newOpId(), {
            event: event.uuid,
            attendee: marked.uuid,
            merged: repos.attendees.mergedUuids(marked.id),
          });
        }
        return { ok: true, attendee: marked };
      }
      const current = repos.attendees.findByUuid(attendee.uuid)!;
      const again = decideNoShow(current);
      return again.ok ? { ok: true, attendee: current } : again;
    });
  }

  return {
    findAttendee,
    findAttendeeInEvent,
    findRegistration,
    findCheckedIn,
    listAttendees,
    liveStatsOf,
    selfCheckIn,
    checkInByCode,
    selfCheckInByUuid,
    checkInAtDesk,
    checkInByCodeAtDesk,
    undoCheckIn,
    approveRegistration,
    cancelRegistration,
    cancelOwnRegistration,
    markNoShow,
  };
}

export type AttendeeService = ReturnType<typeof attendeeService>;
