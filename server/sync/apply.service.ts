import type { AttendeeSummary } from '../attendees/attendee.types.ts';
import type { EventRecord } from '../events/event.types.ts';
import { isRegistrationOpen } from '../events/event.rules.ts';
import { emailKey } from '../platform/email.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import type { ChangeNotifier } from '../webhooks/notifier.ts';
import {
  checkInRecordsOf,
  type CheckInRecord,
  mergedCheckIns,
  type OverriddenStatus,
  partedByCancel,
  standingCheckIn,
  strongerOverride,
  survivingRegistration,
  withCheckIn,
  withUndo,
} from './conflict.rules.ts';
import type { CheckInState, ReplayRepository, ReplayedAttendee } from './replay.repository.ts';
import type { SyncRepository } from './sync.repository.ts';
import type {
  AttendeeChangePayload,
  CancelPayload,
  CheckInPayload,
  ConflictKind,
  MergedRegistration,
  Op,
  OpOutcome,
  RegistrationPayload,
  UndoCheckInPayload,
} from './sync.types.ts';

/** An op ready to apply: its time corrected to this node's clock. */
export interface TimedOp {
  op: Op;
  /** The op's time on this node's clock (clock.rules.ts). */
  at: string;
  uncertain: boolean;
}

export interface ApplyOptions {
  /**
   * On a hub: record conflicts for staff and tell webhooks of the changes that won. A replica re-applying its own
   * pending ops over what its hub sent does neither: its hub will.
   */
  authoritative: boolean;
}

const summaryOf = (row: ReplayedAttendee): AttendeeSummary => ({
  uuid: row.uuid,
  name: row.name,
  email: row.email,
  status: row.status,
  registeredAt: row.registeredAt,
  checkedInAt: row.checkedInAt,
});

/** An attendee's status fields as they are. */
const statusOf = (row: ReplayedAttendee) => ({
  status: row.status,
  statusBeforeNoShow: row.statusBeforeNoShow,
  overridden: row.overriddenStatus,
  overriddenFor: row.overriddenFor,
});

/**
 * What a row remembers it was before a no-show (the public side shows that) once `overridden` is what a standing
 * check-in overrides: a no-show keeps what it had, or the status the person has; a cancellation remembers nothing.
 * Being a function of the override, it comes out the same whichever came first, the no-show or the check-in.
 */
function beforeNoShow(row: ReplayedAttendee, overridden: OverriddenStatus | null) {
  if (overridden === 'canceled') return null;
  if (overridden === 'no_show')
    return row.statusBeforeNoShow ?? (row.status === 'pending' ? 'pending' : 'confirmed');
  return row.statusBeforeNoShow;
}

/**
 * Applies ops made on other nodes, by the conflict rules: never refused, never applied twice (the caller keeps
 * the op ids it applied), and reaching the same state whatever order they arrive in.
 */
export function applyService(
  store: Store,
  sync: SyncRepository,
  replay: ReplayRepository,
  notify: ChangeNotifier,
) {
  const { repos, clock } = store;

  function applyOp(timed: TimedOp, options: ApplyOptions): OpOutcome {
    const { op } = timed;
    const conflicts: ConflictKind[] = [];
    const flag = (kind: ConflictKind, event: EventRecord, attendeeUuid: string, details = {}) => {
      conflicts.push(kind);
      if (!options.authoritative) return;
      sync.recordConflict({
        eventId: event.id,
        attendeeUuid,
        kind,
        opId: op.op_id,
        deviceUuid: op.device,
        details: { ...details, at: timed.at, kind: op.kind },
        createdAt: toTimestamp(clock.now()),
      });
    };
    const tell = (
      type: Parameters<ChangeNotifier['attendeeChanged']>[0],
      event: EventRecord,
      uuid: string,
    ) => {
      if (!options.authoritative) return;
      const row = replay.byUuid(uuid);
      if (row) notify.attendeeChanged(type, event, summaryOf(row));
    };

    const event = repos.events.findByUuid(op.payload.event);
    if (!event) return { op_id: op.op_id, status: 'not_found', conflicts };
    if (timed.uncertain) flag('time_uncertain', event, attendeeOf(op), {});

    const outcome = sync.replaying((): OpOutcome => {
      switch (op.kind) {
        case 'register':
        case 'walk_in':
          return register(op.payload as RegistrationPayload);
        case 'check_in':
          return checkIn(op.payload as CheckInPayload);
        case 'undo_check_in':
          return undo(op.payload as UndoCheckInPayload);
        case 'cancel':
          return cancel(op.payload as CancelPayload);
        case 'no_show':
          return noShow(op.payload as CancelPayload);
        case 'approve':
          return approve(op.payload as AttendeeChangePayload);
      }
    });
    return { ...outcome, conflicts };

    function register(payload: RegistrationPayload): OpOutcome {
      const incoming = payload.attendee;
      const known = resolve(incoming.uuid);
      if (known) return applied(known.uuid);
      const now = toTimestamp(clock.now());
      const row: ReplayedAttendee = {
        id: incoming.number,
        uuid: incoming.uuid,
        eventId: event!.id,
        email: incoming.email,
        emailKey: emailKey(incoming.email),
        name: incoming.name,
        answers: JSON.stringify(incoming.answers),
        status: incoming.status,
        registeredAt: timed.at,
        checkedInAt: null,
        statusBeforeNoShow: null,
        opId: op.op_id,
        checkinOpId: null,
        checkInMarks: null,
        overriddenStatus: null,
        overriddenFor: null,
        noShowFor: null,
        checkinCode: incoming.checkin_code ?? null,
        ticketSecret: incoming.ticket_secret,
        language: incoming.language,
        door: incoming.door ?? (op.kind === 'walk_in' ? 'desk' : null),
      };
      const rival = replay.liveByEmail(event!.id, row.emailKey);
      if (rival) {
        const survivor = survivingRegistration(
          { uuid: rival.uuid, registeredAt: rival.registeredAt, opId: rival.opId ?? '' },
          { uuid: row.uuid, registeredAt: row.registeredAt, opId: row.opId ?? '' },
        );
        if (survivor.uuid === rival.uuid) {
          sync.addAlias(row.uuid, row.id, rival.id, mergedOf(row));
          flag('merged_registration', event!, rival.uuid, { merged: row.uuid });
          return applied(rival.uuid);
        }
        // The registration arriving now is the earlier one: it takes the rival's place, keeping its check-in.
        replay.setStatus(rival.id, 'canceled', null, now);
        replay.insert(
          {
            ...row,
            status: rival.status,
            checkedInAt: rival.checkedInAt,
            checkinOpId: rival.checkinOpId,
            checkInMarks: rival.checkInMarks,
            overriddenStatus: rival.overriddenStatus,
            overriddenFor: rival.overriddenFor,
            noShowFor: rival.noShowFor,
            statusBeforeNoShow: rival.statusBeforeNoShow,
          },
          now,
        );
        sync.repointAliases(rival.id, row.id);
        sync.addAlias(rival.uuid, rival.id, row.id, mergedOf(rival));
        replay.remove(rival.id);
        flag('merged_registration', event!, row.uuid, { merged: rival.uuid });
        tell('attendee.registered', event!, row.uuid);
        return applied(row.uuid);
      }
      const full = event!.seats !== null && repos.events.findById(event!.id)!.attendeesCount >= event!.seats;
      replay.insert(row, now);
      if (full) flag('over_capacity', event!, row.uuid);
      if (op.kind === 'register' && !isRegistrationOpen({ ...event!, seats: null }, new Date(timed.at))) {
        flag('after_close', event!, row.uuid);
      }
      tell('attendee.registered', event!, row.uuid);
      return applied(row.uuid);
    }

    /**
     * Every check-in is kept with the attendee (conflict.rules.ts): the earliest that no undo named stands, so the
     * result is the same whichever of two kiosks' check-ins, or an undo, arrives first. The later ones are duplicate
     * scans, flagged for staff.
     */
    function checkIn(payload: CheckInPayload): OpOutcome {
      const attendee = resolve(payload.attendee);
      if (!attendee) return missing();
      const records = checkInRecordsOf(attendee);
      if (records.some((record) => record.op === op.op_id && record.at !== null)) {
        return applied(attendee.uuid);
      }
      const before = standingCheckIn(records);
      const marks = withCheckIn(records, op.op_id, timed.at, payload.attendee.toLowerCase());
      const standing = standingCheckIn(marks);
      const now = toTimestamp(clock.now());
      const unchanged = { marks, standing, ...statusOf(attendee) };
      if (marks.find((record) => record.op === op.op_id)!.undone) {
        // An undo that named this check-in arrived before it: it is kept, undone, and changes nothing.
        replay.setCheckIns(attendee.id, unchanged, now);
        return applied(attendee.uuid);
      }
      if (before) {
        // Someone checked in already: the earlier of the two stands, the other is a duplicate scan.
        const duplicate = standing?.op === op.op_id ? before.op : op.op_id;
        flag('duplicate_check_in', event!, attendee.uuid, {
          ...(standing?.op ? { kept: standing.op } : {}),
          duplicate,
        });
        replay.setCheckIns(attendee.id, unchanged, now);
        return applied(attendee.uuid);
      }
      // The person is in the building: a cancellation or no-show made meanwhile elsewhere gives way, flagged, and
      // is kept in case this check-in is undone.
      const givesWay =
        attendee.status === 'canceled' || attendee.status === 'no_show' ? attendee.status : null;
      if (givesWay === 'canceled') flag('check_in_after_cancel', event!, attendee.uuid);
      if (givesWay === 'no_show') flag('check_in_after_no_show', event!, attendee.uuid);
      const overridden = strongerOverride(attendee.overriddenStatus, givesWay);
      const state = {
        ...unchanged,
        status: givesWay ? 'confirmed' : attendee.status,
        statusBeforeNoShow: beforeNoShow(attendee, overridden),
        overridden,
        // A cancelled registration was cancelled with all that was merged into it (else it was parted).
        overriddenFor: givesWay === 'canceled' ? wholePerson(attendee) : attendee.overriddenFor,
      } as const;
      const rival = givesWay === 'canceled' ? replay.liveByEmail(event!.id, attendee.emailKey) : null;
      if (rival) return mergeRevived(attendee, state, rival, now);
      replay.setCheckIns(attendee.id, state, now);
      tell('attendee.checked_in', event!, attendee.uuid);
      return applied(attendee.uuid);
    }

    /**
     * A check-in brought back a cancelled registration whose email was registered again meanwhile (after the
     * cancellation, or on a kiosk that had not heard of it). One live registration per email: the two merge as two
     * offline registrations do, into the earliest, with the check-ins and overridden statuses of both; the state
     * the hub reaches when the check-in arrives first and the new registration merges into a live one.
     */
    function mergeRevived(
      revived: ReplayedAttendee,
      state: CheckInState,
      rival: ReplayedAttendee,
      now: string,
    ): OpOutcome {
      const marks = mergedCheckIns(state.marks, checkInRecordsOf(rival));
      const standing = standingCheckIn(marks);
      const overridden = strongerOverride(
        strongerOverride(state.overridden, rival.overriddenStatus),
        rival.status === 'no_show' ? 'no_show' : null,
      );
      // What the cancellations named: the revived registration's, and one the rival's check-in overrides.
      const overriddenFor = [
        ...(state.overriddenFor ?? wholePerson(revived)),
        ...(rival.overriddenStatus === 'canceled' ? (rival.overriddenFor ?? wholePerson(rival)) : []),
      ];
      // The rival's no-show, now overridden, names what it named.
      const rivalNoShow = rival.status === 'no_show' || rival.overriddenStatus === 'no_show';
      const noShowFor = rivalNoShow ? (rival.noShowFor ?? wholePerson(rival)) : null;
      const mark = (row: ReplayedAttendee) => ({
        uuid: row.uuid,
        registeredAt: row.registeredAt,
        opId: row.opId ?? '',
      });
      const keepRevived = survivingRegistration(mark(revived), mark(rival)).uuid === revived.uuid;
      const [keep, gone] = keepRevived ? [revived, rival] : [rival, revived];
      // The aliases first: removing a row removes the aliases that point at it.
      sync.repointAliases(gone.id, keep.id);
      replay.remove(gone.id);
      sync.addAlias(gone.uuid, gone.id, keep.id, mergedOf(gone));
      replay.setCheckIns(
        keep.id,
        {
          marks,
          standing,
          status: 'confirmed',
          statusBeforeNoShow: beforeNoShow({ ...keep, status: 'confirmed' }, overridden),
          overridden,
          overriddenFor,
        },
        now,
      );
      replay.setNoShowFor(keep.id, noShowFor);
      flag('merged_registration', event!, keep.uuid, { merged: gone.uuid });
      if (standing?.op !== op.op_id) {
        flag('duplicate_check_in', event!, keep.uuid, {
          ...(standing?.op ? { kept: standing.op } : {}),
          duplicate: op.op_id,
        });
      } else {
        tell('attendee.checked_in', event!, keep.uuid);
      }
      return applied(keep.uuid);
    }

    /**
     * An undo names the check-ins its node knew of; those are undone, and the earliest check-in left (one made on
     * another kiosk the undoing node had not heard of) stands. None left: the person is not checked in, and a
     * cancellation or no-show that gave way to the check-in takes effect.
     */
    function undo(payload: UndoCheckInPayload): OpOutcome {
      const attendee = resolve(payload.attendee);
      if (!attendee) return missing();
      const records = checkInRecordsOf(attendee);
      const before = standingCheckIn(records);
      const marks = withUndo(
        records,
        [payload.check_in, ...(payload.also ?? [])],
        payload.attendee.toLowerCase(),
      );
      const standing = standingCheckIn(marks);
      const now = toTimestamp(clock.now());
      if (standing || !before) {
        replay.setCheckIns(attendee.id, { marks, standing, ...statusOf(attendee) }, now);
        if (before) {
          flag('undo_of_other_check_in', event!, attendee.uuid, {
            named: payload.check_in,
            kept: standing!.op,
          });
        }
        // A cancellation that gave way to check-ins of the registrations it named, which are all undone now while
        // another merged registration's stands: it takes effect on those it named.
        if (attendee.overriddenStatus === 'canceled' && attendee.overriddenFor !== null) {
          part(replay.byId(attendee.id)!, new Set(attendee.overriddenFor));
        }
        return applied(resolve(payload.attendee)!.uuid);
      }
      const restored = attendee.overriddenStatus;
      if (restored === 'canceled' && attendee.overriddenFor !== null) {
        // The cancellation takes effect on the registrations it named; one merged in that it did not name stands.
        replay.setCheckIns(
          attendee.id,
          { marks, standing: null, ...statusOf(attendee), overridden: null, overriddenFor: null },
          now,
        );
        tell('attendee.check_in_undone', event!, attendee.uuid);
        if (part(replay.byId(attendee.id)!, new Set(attendee.overriddenFor))) {
          return applied(resolve(payload.attendee)!.uuid);
        }
      }
      replay.setCheckIns(
        attendee.id,
        {
          marks,
          standing: null,
          status: restored ?? attendee.status,
          statusBeforeNoShow: beforeNoShow(attendee, restored),
          overridden: null,
          overriddenFor: null,
        },
        now,
      );
      if (restored !== 'canceled' || attendee.overriddenFor === null) {
        tell('attendee.check_in_undone', event!, attendee.uuid);
      }
      if (restored === 'canceled') tell('attendee.canceled', event!, attendee.uuid);
      if (restored === 'no_show') tell('attendee.no_show', event!, attendee.uuid);
      return applied(attendee.uuid);
    }

    function cancel(payload: CancelPayload): OpOutcome {
      const attendee = resolve(payload.attendee);
      if (!attendee) return missing();
      if (attendee.status === 'canceled') return applied(attendee.uuid);
      if (payload.merged !== undefined) {
        const parted = part(
          attendee,
          new Set([payload.attendee, ...payload.merged].map((u) => u.toLowerCase())),
        );
        if (parted) return parted;
      }
      if (attendee.checkedInAt !== null) {
        // The check-in stands; the cancellation waits in case it is undone.
        flag('cancel_after_check_in', event!, attendee.uuid);
        const overridden = strongerOverride(attendee.overriddenStatus, 'canceled');
        // What it names waits: with what an earlier one named, or all of the person's if either named all.
        const earlier = attendee.overriddenStatus === 'canceled' ? attendee.overriddenFor : [];
        replay.setOverridden(
          attendee.id,
          overridden,
          payload.merged === undefined || earlier === null
            ? null
            : [...earlier, payload.attendee.toLowerCase(), ...payload.merged.map((u) => u.toLowerCase())],
          beforeNoShow(attendee, overridden),
          toTimestamp(clock.now()),
        );
        return applied(attendee.uuid);
      }
      replay.setStatus(attendee.id, 'canceled', null, toTimestamp(clock.now()));
      tell('attendee.canceled', event!, attendee.uuid);
      return applied(attendee.uuid);
    }

    /**
     * A cancellation that named only some of the registrations merged into this person (its node had not heard of
     * the others): the ones it named become one cancelled registration, with the check-ins that named them; the
     * others stand as one registration of their own, with theirs and the person's status. The state reached when
     * the cancellation arrives before the merge. Null when there is nothing to part: it named every registration
     * whose data this node keeps, or a check-in of one it named stands (the person is in the building: the
     * cancellation waits beside it, as for any check-in).
     */
    function part(row: ReplayedAttendee, named: ReadonlySet<string>): OpOutcome | null {
      const merged = [mergedOf(row), ...sync.mergedRegistrations(row.id)];
      const marked = partedByCancel(
        merged.map(({ uuid, registeredAt, opId }) => ({ uuid, registeredAt, opId: opId ?? '' })),
        named,
      );
      if (!marked) return null;
      const byUuid = new Map(merged.map((registration) => [registration.uuid, registration]));
      const parting = {
        cancelled: marked.cancelled.map((mark) => byUuid.get(mark.uuid)!),
        standing: marked.standing.map((mark) => byUuid.get(mark.uuid)!),
      };
      const cancelledUuids = new Set(parting.cancelled.map((registration) => registration.uuid));
      const records = checkInRecordsOf(row);
      const ownedByCancelled = (record: CheckInRecord) => cancelledUuids.has(record.of ?? row.uuid);
      const cancelledMarks = records.filter(ownedByCancelled);
      if (standingCheckIn(cancelledMarks)) return null;
      const standingMarks = records.filter((record) => !ownedByCancelled(record));
      const standing = standingCheckIn(standingMarks);
      // An overridden cancellation of the registrations parted off goes with them.
      const overriddenFor =
        row.overriddenStatus === 'canceled' && row.overriddenFor !== null
          ? row.overriddenFor.filter((uuid) => !cancelledUuids.has(uuid))
          : row.overriddenFor;
      const overriddenStays = overriddenFor?.length !== 0;
      // A no-show goes with the registrations it named: the others are no-shows only if it named one of them.
      const standingUuids = new Set(parting.standing.map((registration) => registration.uuid));
      const noShowStays =
        row.noShowFor !== null
          ? row.noShowFor.some((uuid) => standingUuids.has(uuid))
          : row.status === 'no_show' || row.overriddenStatus === 'no_show';
      const registeredAs =
        row.status === 'pending' || row.statusBeforeNoShow === 'pending' ? 'pending' : 'confirmed';
      const overridden = overriddenStays && row.overriddenStatus === 'canceled' ? 'canceled' : null;
      const standingStatus = {
        status: standing
          ? noShowStays || overridden
            ? 'confirmed'
            : registeredAs
          : noShowStays
            ? 'no_show'
            : registeredAs,
        statusBeforeNoShow: noShowStays && overridden === null ? registeredAs : null,
        overridden: overridden ?? (standing && noShowStays ? 'no_show' : null),
        overriddenFor: overridden ? overriddenFor : null,
      } as const;
      const standingNoShowFor =
        noShowStays && row.noShowFor !== null
          ? row.noShowFor.filter((uuid) => !cancelledUuids.has(uuid))
          : null;
      const now = toTimestamp(clock.now());
      const marksOrNull = (marks: CheckInRecord[]) => (marks.length > 0 ? marks : null);
      const [cancelled, ...alsoCancelled] = parting.cancelled as [
        MergedRegistration,
        ...MergedRegistration[],
      ];
      const [stands, ...alsoStanding] = parting.standing as [MergedRegistration, ...MergedRegistration[]];
      // Each part keeps its earliest registration as its row, the others as its aliases (their own data kept).
      if (stands.uuid === row.uuid) {
        replay.setCheckIns(row.id, { marks: standingMarks, standing, ...standingStatus }, now);
        replay.setNoShowFor(row.id, standingNoShowFor);
        for (const registration of parting.cancelled) sync.removeAlias(registration.uuid);
        replay.insert(
          {
            ...registrationRow(cancelled, row.eventId),
            status: 'canceled',
            checkInMarks: marksOrNull(cancelledMarks),
          },
          now,
        );
        for (const registration of alsoCancelled) {
          sync.addAlias(registration.uuid, registration.id, cancelled.id, registration);
        }
      } else {
        replay.setCheckIns(
          row.id,
          {
            marks: cancelledMarks,
            standing: null,
            status: 'canceled',
            statusBeforeNoShow: null,
            overridden: null,
            overriddenFor: null,
          },
          now,
        );
        for (const registration of parting.standing) sync.removeAlias(registration.uuid);
        replay.insert(
          {
            ...registrationRow(stands, row.eventId),
            status: standingStatus.status,
            statusBeforeNoShow: standingStatus.statusBeforeNoShow,
            overriddenStatus: standingStatus.overridden,
            overriddenFor: standingStatus.overriddenFor,
            noShowFor: standingNoShowFor,
            checkedInAt: standing?.at ?? null,
            checkinOpId: standing?.op ?? null,
            checkInMarks: marksOrNull(standingMarks),
          },
          now,
        );
        for (const registration of alsoStanding) {
          sync.addAlias(registration.uuid, registration.id, stands.id, registration);
        }
        tell('attendee.registered', event!, stands.uuid);
      }
      flag('merged_registration_parted', event!, stands.uuid, { cancelled: cancelled.uuid });
      tell('attendee.canceled', event!, cancelled.uuid);
      return applied(cancelled.uuid);
    }

    function noShow(payload: CancelPayload): OpOutcome {
      const attendee = resolve(payload.attendee);
      if (!attendee) return missing();
      if (attendee.status === 'canceled') return applied(attendee.uuid);
      // What it names, with what a no-show before it named (null: all of the person's registrations).
      const earlier =
        attendee.status === 'no_show' || attendee.overriddenStatus === 'no_show' ? attendee.noShowFor : [];
      replay.setNoShowFor(
        attendee.id,
        payload.merged === undefined || earlier === null
          ? null
          : [...earlier, payload.attendee.toLowerCase(), ...payload.merged.map((u) => u.toLowerCase())],
      );
      if (attendee.status === 'no_show') return applied(attendee.uuid);
      if (attendee.checkedInAt !== null) {
        flag('no_show_after_check_in', event!, attendee.uuid);
        const overridden = strongerOverride(attendee.overriddenStatus, 'no_show');
        replay.setOverridden(
          attendee.id,
          overridden,
          attendee.overriddenFor,
          beforeNoShow(attendee, overridden),
          toTimestamp(clock.now()),
        );
        return applied(attendee.uuid);
      }
      replay.setStatus(attendee.id, 'no_show', attendee.status, toTimestamp(clock.now()));
      tell('attendee.no_show', event!, attendee.uuid);
      return applied(attendee.uuid);
    }

    function approve(payload: AttendeeChangePayload): OpOutcome {
      const attendee = resolve(payload.attendee);
      if (!attendee) return missing();
      if (attendee.status !== 'pending') return applied(attendee.uuid);
      replay.setStatus(attendee.id, 'confirmed', null, toTimestamp(clock.now()));
      tell('attendee.approved', event!, attendee.uuid);
      return applied(attendee.uuid);
    }

    function applied(attendeeUuid: string): OpOutcome {
      return { op_id: op.op_id, status: 'applied', attendee: attendeeUuid, conflicts };
    }

    function missing(): OpOutcome {
      return { op_id: op.op_id, status: 'not_found', conflicts };
    }
  }

  /** A registration's own data, kept beside its alias when it merges into another. */
  function mergedOf(row: ReplayedAttendee): MergedRegistration {
    return {
      uuid: row.uuid,
      id: row.id,
      email: row.email,
      name: row.name,
      answers: row.answers,
      status: row.status,
      registeredAt: row.registeredAt,
      opId: row.opId,
      checkinCode: row.checkinCode,
    };
  }

  /** A merged registration as a row of its own again: what it registered with, no check-ins yet. */
  function registrationRow(registration: MergedRegistration, eventId: number): ReplayedAttendee {
    return {
      ...registration,
      eventId,
      emailKey: emailKey(registration.email),
      checkedInAt: null,
      statusBeforeNoShow: null,
      checkinOpId: null,
      checkInMarks: null,
      overriddenStatus: null,
      overriddenFor: null,
      noShowFor: null,
    };
  }

  /** A registration and every one merged into it: what a cancellation of it here named. */
  function wholePerson(row: ReplayedAttendee): string[] {
    return [row.uuid, ...sync.mergedRegistrations(row.id).map((registration) => registration.uuid)];
  }

  /** An attendee by UUID, following a merged registration to its survivor. */
  function resolve(uuid: string): ReplayedAttendee | null {
    const direct = replay.byUuid(uuid);
    if (direct) return direct;
    const target = sync.aliasTarget(uuid);
    return target === null ? null : replay.byId(target);
  }

  /** The attendee an op is about, as it names it. */
  function attendeeOf(op: Op): string {
    const named = (op.payload as { attendee: string | RegistrationPayload['attendee'] }).attendee;
    return typeof named === 'string' ? named : named.uuid;
  }

  return { applyOp, resolveAttendee: resolve };
}

export type ApplyService = ReturnType<typeof applyService>;
