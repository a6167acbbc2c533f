import type { AttendeeSummary } from '../attendees/attendee.types.ts';
import type { EventRecord } from '../events/event.types.ts';
import { isRegistrationOpen } from '../events/event.rules.ts';
import { emailKey } from '../platform/email.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import type { ChangeNotifier } from '../webhooks/notifier.ts';
import { earlierCheckIn, survivingRegistration } from './conflict.rules.ts';
import type { ReplayRepository, ReplayedAttendee } from './replay.repository.ts';
import type { SyncRepository } from './sync.repository.ts';
import type {
  AttendeeChangePayload,
  CheckInPayload,
  ConflictKind,
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
          return cancel(op.payload as AttendeeChangePayload);
        case 'no_show':
          return noShow(op.payload as AttendeeChangePayload);
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
        checkinCode: incoming.checkin_code ?? null,
      };
      const rival = replay.liveByEmail(event!.id, row.emailKey);
      if (rival) {
        const survivor = survivingRegistration(
          { uuid: rival.uuid, registeredAt: rival.registeredAt, opId: rival.opId ?? '' },
          { uuid: row.uuid, registeredAt: row.registeredAt, opId: row.opId ?? '' },
        );
        if (survivor.uuid === rival.uuid) {
          sync.addAlias(row.uuid, row.id, rival.id);
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
            statusBeforeNoShow: rival.statusBeforeNoShow,
          },
          now,
        );
        sync.repointAliases(rival.id, row.id);
        sync.addAlias(rival.uuid, rival.id, row.id);
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

    function checkIn(payload: CheckInPayload): OpOutcome {
      const attendee = resolve(payload.attendee);
      if (!attendee) return missing();
      const now = toTimestamp(clock.now());
      if (attendee.checkedInAt !== null && attendee.checkinOpId !== null) {
        if (attendee.checkinOpId === op.op_id) return applied(attendee.uuid);
        const winner = earlierCheckIn(
          { at: attendee.checkedInAt, opId: attendee.checkinOpId },
          { at: timed.at, opId: op.op_id },
        );
        if (winner.opId === op.op_id) {
          replay.setCheckIn(attendee.id, timed.at, op.op_id, attendee.status, now);
          flag('duplicate_check_in', event!, attendee.uuid, {
            kept: op.op_id,
            duplicate: attendee.checkinOpId,
          });
        } else {
          flag('duplicate_check_in', event!, attendee.uuid, {
            kept: attendee.checkinOpId,
            duplicate: op.op_id,
          });
        }
        return applied(attendee.uuid);
      }
      if (attendee.checkedInAt !== null) {
        // Checked in before op ids were kept: that check-in stands.
        flag('duplicate_check_in', event!, attendee.uuid, { duplicate: op.op_id });
        return applied(attendee.uuid);
      }
      // The person is in the building: a cancellation or no-show made meanwhile elsewhere gives way, flagged.
      if (attendee.status === 'canceled') flag('check_in_after_cancel', event!, attendee.uuid);
      if (attendee.status === 'no_show') flag('check_in_after_no_show', event!, attendee.uuid);
      const status =
        attendee.status === 'canceled' || attendee.status === 'no_show' ? 'confirmed' : attendee.status;
      replay.setCheckIn(attendee.id, timed.at, op.op_id, status, now);
      tell('attendee.checked_in', event!, attendee.uuid);
      return applied(attendee.uuid);
    }

    function undo(payload: UndoCheckInPayload): OpOutcome {
      const attendee = resolve(payload.attendee);
      if (!attendee) return missing();
      if (attendee.checkedInAt === null) return applied(attendee.uuid);
      // An undo names the check-in it undoes; one that won meanwhile on another kiosk stands.
      if (payload.check_in !== attendee.checkinOpId) {
        flag('undo_of_other_check_in', event!, attendee.uuid, { named: payload.check_in });
        return applied(attendee.uuid);
      }
      replay.setCheckIn(attendee.id, null, null, attendee.status, toTimestamp(clock.now()));
      tell('attendee.check_in_undone', event!, attendee.uuid);
      return applied(attendee.uuid);
    }

    function cancel(payload: AttendeeChangePayload): OpOutcome {
      const attendee = resolve(payload.attendee);
      if (!attendee) return missing();
      if (attendee.status === 'canceled') return applied(attendee.uuid);
      if (attendee.checkedInAt !== null) {
        flag('cancel_after_check_in', event!, attendee.uuid);
        return applied(attendee.uuid);
      }
      replay.setStatus(attendee.id, 'canceled', null, toTimestamp(clock.now()));
      tell('attendee.canceled', event!, attendee.uuid);
      return applied(attendee.uuid);
    }

    function noShow(payload: AttendeeChangePayload): OpOutcome {
      const attendee = resolve(payload.attendee);
      if (!attendee) return missing();
      if (attendee.status === 'no_show' || attendee.status === 'canceled') return applied(attendee.uuid);
      if (attendee.checkedInAt !== null) {
        flag('no_show_after_check_in', event!, attendee.uuid);
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
