import type { EventRecord } from '../events/event.types.ts';
import { deletionKeys } from '../platform/search-text.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import { checkInOpIdFor } from '../failover/failover.rules.ts';
import { newOpId, type ChangeJournal } from '../sync/journal.ts';
import type { ChangeCircumstances } from '../webhooks/notifier.ts';
import type { ScanVia } from '../contract/vocabulary.ts';
import type { CheckInPayload, CheckInVia, OpKind } from '../sync/sync.types.ts';
import { emailKey } from '../platform/email.ts';
import type { FieldErrors } from '../platform/field-errors.ts';
import { fieldMessage } from '../platform/field-errors.ts';
import { changedFields, validateEdit } from './registration.rules.ts';
import { checkInDetail } from '../lists/scan.rules.ts';
import type { AttendeeFilter } from './attendee.repository.ts';
import {
  decideApprove,
  decideCancel,
  decideNoShow,
  decideSelfCheckIn,
  decideStaffCheckIn,
  decideUndoCheckIn,
  isBadgeByCodeDue,
  type CancelRefusal,
  type NoShowRefusal,
  type SelfCheckInRefusal,
  type StaffCheckInRefusal,
} from './attendee.rules.ts';
import type { AttendeeRecord } from './attendee.types.ts';
import type { ScannedCode } from './checkin-code.rules.ts';
import type { LedgerService } from './ledger.service.ts';
import { liveCheckIns, type AttendeeFactKind, type EditDetail } from './ledger.rules.ts';
import { CHART_WINDOW_MS, liveStats, type LiveStats } from './live-stats.rules.ts';
import { searchTerms, withinOneEdit } from './search.rules.ts';

/** A list's filters as asked: `q` is the words typed (search.rules.ts). */
export type AttendeeListFilter = Omit<AttendeeFilter, 'search'> & { q?: string };

export type CheckInOutcome =
  | { ok: true; attendee: AttendeeRecord }
  | { ok: false; reason: SelfCheckInRefusal; attendee: AttendeeRecord | null };

export type StaffCheckInOutcome =
  | { ok: true; attendee: AttendeeRecord }
  | { ok: false; reason: StaffCheckInRefusal; attendee: AttendeeRecord };

/**
 * A client's idempotency key for a check-in (`Idempotency-Key`): the check-in's op id comes from it, the same on
 * every server (failover/failover.rules.ts), and asking again with it answers as the first time did.
 */
export interface CheckInRequest {
  idempotencyKey?: string | undefined;
}

/** A code scanned at the desk: staff check-in, or no registration of the event carries that code. */
export type DeskScanOutcome = StaffCheckInOutcome | { ok: false; reason: 'code_not_found' };

export type CancelOutcome = { ok: true } | { ok: false; reason: CancelRefusal };
export type NoShowOutcome = { ok: true; attendee: AttendeeRecord } | { ok: false; reason: NoShowRefusal };
export type UndoCheckInOutcome =
  { ok: true; attendee: AttendeeRecord } | { ok: false; reason: 'not_checked_in' };
export type EditOutcome =
  | { ok: true; attendee: AttendeeRecord; changed: readonly string[] }
  | { ok: false; reason: 'invalid'; errors: FieldErrors }
  | { ok: false; reason: 'canceled' };

/** Who edits: staff at the desk, an integration over the token API, or the person on their ticket page. */
export type EditBy = Pick<EditDetail, 'via' | 'staff'>;

export type ApproveOutcome = { ok: true; attendee: AttendeeRecord } | { ok: false; reason: 'not_pending' };

/**
 * What happens to an attendee once registered, for the public endpoints, the token API and the desk alike: found,
 * checked in (or undone), approved, cancelled, marked a no-show. Each operation reads the time once, asks the
 * rules (attendee.rules.ts), and records the change in the ledger (which writes the rows and tells webhooks) and
 * the journal (which sends it to the node this one follows), in one IMMEDIATE transaction.
 */
export function attendeeService(store: Store, ledger: LedgerService, journal: ChangeJournal) {
  const { repos, clock } = store;

  /**
   * Records a change made here to the attendee `subject` (the row staff or the person acted on), in the ledger and
   * the journal, under one op id; the row it leaves.
   */
  function record(
    event: EventRecord,
    kind: AttendeeFactKind,
    subject: AttendeeRecord,
    names: readonly string[],
    payload: Record<string, unknown> & { via?: CheckInVia | EditDetail['via'] },
    now: Date,
    /** A check-in asked with an idempotency key gets the op id derived from it (failover/failover.rules.ts). */
    opId: string = newOpId(),
    circumstances?: ChangeCircumstances,
    edit?: EditDetail,
  ): AttendeeRecord {
    const change = ledger.recordFact(
      event,
      {
        opId,
        kind,
        subject: subject.uuid,
        at: now.toISOString(),
        names,
        // A check-in is an entry on the event's default list (server/lists/): how it was made, as its op says.
        detail: kind === 'check_in' ? checkInDetail(payload as Pick<CheckInPayload, 'via'>) : (edit ?? null),
        device: journal.device(),
        pendingUpstream: journal.sendsUp(event.uuid),
      },
      { tell: true, circumstances },
    );
    journal.record(
      kind as OpKind,
      opId,
      { event: event.uuid, attendee: subject.uuid, ...payload },
      now.toISOString(),
    );
    return ledger.rowAfter(change, subject.uuid, subject)!;
  }

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
    const search = q
      ? searchTerms(q, event.registrationFields).map((term) => ({
          ...term,
          near: namesNear(event, term.typo),
        }))
      : undefined;
    return repos.attendees.list(event.id, { ...filter, search }, page);
  }

  /** The attendees of the event with a word of their name one edit from `word` (none when it takes no typo). */
  function namesNear(event: EventRecord, word: string | null): number[] {
    if (word === null) return [];
    const near = repos.attendees
      .nameWordsUnderKeys(deletionKeys(word))
      .filter((candidate) => withinOneEdit(word, candidate));
    return near.length === 0 ? [] : repos.attendees.attendeesNamed(event.id, near);
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
   * The other event of `event`'s organization whose registration a scanned check-in code is: a ticket brought to
   * the wrong event, which the kiosk names. Null for a code of this event, of no registration, or of another
   * organization's event (a code never tells of another organization).
   */
  function eventOfTicket(event: EventRecord, scanned: ScannedCode): EventRecord | null {
    if (scanned.kind === 'profile') return null;
    const attendee = repos.attendees.findByCheckinCode(scanned.code);
    if (!attendee || attendee.eventId === event.id) return null;
    const other = repos.events.findById(attendee.eventId);
    return other?.organizationId === event.organizationId ? other : null;
  }

  /**
   * Where the check-in that stands was made, as far as this node knows: its way (its detail's `via`; null for one
   * made before check-in lists) and the name of the paired kiosk that made it (null: this node itself, the hub, or a
   * device it cannot name). For a kiosk shown a ticket used before.
   */
  function placeOfCheckIn(attendee: AttendeeRecord): { via: ScanVia | null; device: string | null } {
    const fact = attendee.checkinOpId === null ? null : repos.ledger.factByOp(attendee.checkinOpId);
    return {
      via: fact?.detail && 'direction' in fact.detail ? fact.detail.via : null,
      device: fact?.device ? repos.failover.deviceName(fact.device) : null,
    };
  }

  /**
   * The checked-in registration of `event` that an email or a scanned code names, for the badge a kiosk prints
   * (after a check-in, or again after "already checked in" by email); anyone else is null: no badge before the
   * door. A code gets a badge only shortly after the check-in (`isBadgeByCodeDue`): a screenshot of it gets none.
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
    if ('scanned' in by && !isBadgeByCodeDue(attendee.checkedInAt, clock.now())) return null;
    const byName = attendee.checkinOpId !== null && repos.attendees.isCheckInByName(attendee.checkinOpId);
    return { attendee, showsCode: !('email' in by) || !byName };
  }

  /** An attendee checking themselves in at a kiosk with the email they registered with. */
  function selfCheckIn(event: EventRecord, email: string, asked: CheckInRequest = {}): CheckInOutcome {
    return selfCheckInOf(event, 'self', () => repos.attendees.findForEmail(event.id, email), asked);
  }

  /**
   * An attendee checking themselves in at a kiosk by scanning their check-in code or profile QR code: the same
   * rules and outcomes as with their email.
   */
  function checkInByCode(
    event: EventRecord,
    scanned: ScannedCode,
    asked: CheckInRequest = {},
  ): CheckInOutcome {
    return selfCheckInOf(event, 'scan', () => findByScannedCode(event, scanned), asked);
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
   * The op id a check-in of `attendee` gets (derived from the client's key, else random), and whether the attendee
   * already stands checked in by that very op: the same request again, answered as the first time.
   */
  function checkInOp(event: EventRecord, attendee: AttendeeRecord | null, asked: CheckInRequest) {
    const key = asked.idempotencyKey;
    const opId = key && attendee ? checkInOpIdFor(event.uuid, attendee.uuid, key) : newOpId();
    const repeated = key !== undefined && attendee?.checkedInAt != null && attendee.checkinOpId === opId;
    return { opId, repeated };
  }

  /**
   * Self check-in of the registration `find` reads, inside the transaction that writes it. `byName`: found by name
   * at a kiosk (kept on this node, migration 029; the op says `self`, as hubs of every version read it).
   */
  function selfCheckInOf(
    event: EventRecord,
    via: 'self' | 'scan',
    find: () => AttendeeRecord | null,
    { byName = false, ...asked }: CheckInRequest & { byName?: boolean } = {},
  ): CheckInOutcome {
    const now = clock.now();
    return store.inTransaction((): CheckInOutcome => {
      const attendee = find();
      const { opId, repeated } = checkInOp(event, attendee, asked);
      if (repeated) return { ok: true, attendee: attendee! };
      const decision = decideSelfCheckIn(event, attendee, now);
      if (!decision.ok) return { ok: false, reason: decision.reason, attendee };
      // Read, decided and written under one write lock: no other kiosk can have checked them in meanwhile.
      const checkedIn = record(event, 'check_in', attendee!, [], { via }, now, opId);
      // The check-in that now stands is this one: remembered as made by name, on this node (migration 029).
      if (byName && checkedIn.checkinOpId !== null) repos.attendees.markCheckInByName(checkedIn.checkinOpId);
      return { ok: true, attendee: checkedIn };
    });
  }

  /** Check-in at the staff desk; also when self check-in is off. */
  function checkInAtDesk(
    event: EventRecord,
    attendee: AttendeeRecord,
    asked: CheckInRequest = {},
  ): StaffCheckInOutcome {
    const now = clock.now();
    const { opId, repeated } = checkInOp(event, attendee, asked);
    if (repeated) return { ok: true, attendee };
    const decision = decideStaffCheckIn(event, attendee, now);
    if (!decision.ok) return { ok: false, reason: decision.reason, attendee };
    return store.inTransaction((): StaffCheckInOutcome => {
      // What the desk showed may have changed since: decided again on the row as it is now.
      const current = findAttendee(attendee.uuid) ?? attendee;
      const again = decideStaffCheckIn(event, current, now);
      if (!again.ok) return { ok: false, reason: again.reason, attendee: current };
      return { ok: true, attendee: record(event, 'check_in', current, [], { via: 'desk' }, now, opId) };
    });
  }

  /** Staff scanning a code at the desk: the desk's check-in of the registration it names. */
  function checkInByCodeAtDesk(
    event: EventRecord,
    scanned: ScannedCode,
    asked: CheckInRequest = {},
  ): DeskScanOutcome {
    const attendee = findByScannedCode(event, scanned);
    if (!attendee) return { ok: false, reason: 'code_not_found' };
    return checkInAtDesk(event, attendee, asked);
  }

  function undoCheckIn(event: EventRecord, attendee: AttendeeRecord): UndoCheckInOutcome {
    const decision = decideUndoCheckIn(attendee);
    if (!decision.ok) return decision;
    return store.inTransaction((): UndoCheckInOutcome => {
      const current = findAttendee(attendee.uuid);
      if (!current?.checkedInAt) return { ok: false, reason: 'not_checked_in' };
      // Staff who undo mean the person is not in: every check-in this node knows of is undone, duplicate scans
      // from other kiosks included (attendees/ledger.rules.ts).
      const facts = ledger.factsOfRow(current);
      const others = liveCheckIns(facts)
        .map((fact) => fact.opId)
        .filter((op) => op !== current.checkinOpId);
      const undone = record(
        event,
        'undo_check_in',
        current,
        [current.checkinOpId!, ...others],
        { check_in: current.checkinOpId, ...(others.length > 0 ? { also: others } : {}) },
        clock.now(),
      );
      return { ok: true, attendee: undone };
    });
  }

  function approveRegistration(event: EventRecord, attendee: AttendeeRecord): ApproveOutcome {
    const decision = decideApprove(attendee);
    if (!decision.ok) return decision;
    return store.inTransaction((): ApproveOutcome => {
      const current = findAttendee(attendee.uuid);
      if (!current || !decideApprove(current).ok) return { ok: false, reason: 'not_pending' };
      return { ok: true, attendee: record(event, 'approve', current, [], {}, clock.now()) };
    });
  }

  /**
   * A person's name, email or answers edited (issue 39): the fields the body names, checked as a registration is,
   * and the email kept one live registration's per event as registration keeps it. What changed is one fact, which
   * names the registrations this node knows are the person (an edit moves them all to a corrected email); nothing
   * changed records nothing. A cancelled registration is not edited: it can only be registered again.
   */
  function editAttendee(
    event: EventRecord,
    attendee: AttendeeRecord,
    body: unknown,
    by: EditBy,
  ): EditOutcome {
    if (attendee.status === 'canceled') return { ok: false, reason: 'canceled' };
    const check = validateEdit(event.registrationFields, body);
    if (!check.ok) return { ok: false, reason: 'invalid', errors: check.errors };
    return store.inTransaction((): EditOutcome => {
      const current = findAttendee(attendee.uuid);
      if (!current || current.status === 'canceled') return { ok: false, reason: 'canceled' };
      const fields = changedFields({ ...current.answers, email: current.email }, check.fields);
      if (Object.keys(fields).length === 0) return { ok: true, attendee: current, changed: [] };
      const email = fields.email;
      if (typeof email === 'string' && emailKey(email) !== emailKey(current.email)) {
        const holder = repos.attendees.findForEmail(event.id, email);
        if (holder && holder.status !== 'canceled') {
          return { ok: false, reason: 'invalid', errors: { email: [fieldMessage.taken('email')] } };
        }
      }
      const merged = repos.attendees.mergedUuids(current.id);
      const detail: EditDetail = { fields, via: by.via, staff: by.staff };
      const payload = { fields, merged, via: by.via, staff: by.staff };
      const edited = record(
        event,
        'edit',
        current,
        merged,
        payload,
        clock.now(),
        newOpId(),
        undefined,
        detail,
      );
      return { ok: true, attendee: edited, changed: Object.keys(fields) };
    });
  }

  /** The organization cancelling an attendee of `event` (token API, desk), or the person (ticket link, by email). */
  function cancelRegistration(
    event: EventRecord,
    attendee: AttendeeRecord,
    circumstances?: ChangeCircumstances,
  ): CancelOutcome {
    const decision = decideCancel(attendee);
    if (!decision.ok) return decision;
    return store.inTransaction((): CancelOutcome => {
      const current = findAttendee(attendee.uuid);
      const again = decideCancel(current);
      if (!again.ok) return again;
      // It names the registrations this node knows are the person (docs/sync.md): one made meanwhile elsewhere
      // stands.
      const merged = repos.attendees.mergedUuids(current!.id);
      record(event, 'cancel', current!, merged, { merged }, clock.now(), newOpId(), circumstances);
      return { ok: true };
    });
  }

  /**
   * An attendee cancelling their own registration by email (public): anyone can, for any address, so the mail
   * notifier is told it was by the email alone.
   */
  function cancelOwnRegistration(event: EventRecord, email: string): CancelOutcome {
    const attendee = repos.attendees.findForEmail(event.id, email);
    if (!attendee) return { ok: false, reason: 'not_registered' };
    return cancelRegistration(event, attendee, { byEmailAlone: true });
  }

  function markNoShow(event: EventRecord, attendee: AttendeeRecord): NoShowOutcome {
    const decision = decideNoShow(attendee);
    if (!decision.ok) return decision;
    return store.inTransaction((): NoShowOutcome => {
      const current = findAttendee(attendee.uuid)!;
      const again = decideNoShow(current);
      if (!again.ok) return again;
      // Marking a no-show again succeeds, but nothing changes, so nothing is recorded.
      if (current.status === 'no_show') return { ok: true, attendee: current };
      const merged = repos.attendees.mergedUuids(current.id);
      return { ok: true, attendee: record(event, 'no_show', current, merged, { merged }, clock.now()) };
    });
  }

  return {
    findAttendee,
    findAttendeeInEvent,
    findRegistration,
    findCheckedIn,
    eventOfTicket,
    placeOfCheckIn,
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
    editAttendee,
    markNoShow,
  };
}

export type AttendeeService = ReturnType<typeof attendeeService>;
