import type { z } from 'zod';
import type { ConflictWire, DeviceWire, pushResponse, upstreamStatusResponse } from './sync.schemas.ts';
import type { ConflictKind, ConflictRecord, DeviceRecord, PushAnswer, VenueStatus } from './sync.types.ts';

/** The rule each kind of conflict was settled by, as the Sync page says it. */
export const CONFLICT_RULES: Record<ConflictKind, string> = {
  duplicate_check_in:
    'Checked in on two kiosks: the earliest check-in stands; the other is kept as a duplicate scan.',
  merged_registration:
    'Registered twice with one email: merged into the earliest registration; the other’s id still finds it.',
  check_in_after_cancel:
    'Checked in after being cancelled elsewhere: the person is here, so the check-in stands.',
  check_in_after_no_show: 'Checked in after being marked a no-show elsewhere: the check-in stands.',
  cancel_after_check_in:
    'Cancelled elsewhere after checking in: the check-in stands; the cancellation takes effect if it is undone.',
  no_show_after_check_in:
    'Marked a no-show elsewhere after checking in: the check-in stands; the no-show takes effect if it is undone.',
  undo_of_other_check_in:
    'An undo on one kiosk, while another kiosk had checked the person in too: that other check-in stands.',
  over_capacity: 'Registered at a kiosk while the event was full: accepted over capacity.',
  after_close: 'Registered at a kiosk after registration had closed: accepted.',
  time_uncertain:
    'The kiosk restarted while cut off, so its clock could not be checked: this time may be off by more than 30 s.',
  merged_registration_parted:
    'Cancelled on a kiosk that knew only some of the person’s merged registrations: the one it did not know of stands.',
  id_reassigned:
    'Registered on a kiosk whose ids had run out while cut off, with an id another registration had: it got a new id.',
  op_failed:
    'This change could not be applied (an error of this server, shown in the details); the changes after it went on.',
  duplicate_entry:
    'Let in twice on a check-in list that allows one entry (two kiosks apart): the earlier entry stands; the other is kept as a duplicate.',
  entry_over_capacity:
    'Let in at a kiosk while its check-in list was full: the person is inside, counted over capacity.',
};

export function presentDevice(device: DeviceRecord, revision: number): DeviceWire {
  return {
    id: device.uuid,
    name: device.name,
    kind: device.kind,
    event_ids: device.eventIds,
    paired_at: device.createdAt,
    revoked_at: device.revokedAt,
    last_contact_at: device.lastContactAt,
    waiting_ops: device.waitingOps,
    lag: Math.max(0, revision - device.lastPulledRev),
    clock_offset_ms: device.clockOffsetMs,
  };
}

export function presentConflict(
  conflict: ConflictRecord,
  names: { event: string; attendee: string | null; device: string | null },
): ConflictWire {
  return {
    id: conflict.uuid,
    kind: conflict.kind,
    rule: CONFLICT_RULES[conflict.kind],
    event_id: names.event,
    attendee_id: conflict.attendeeUuid,
    attendee_name: names.attendee,
    device: names.device,
    details: conflict.details,
    created_at: conflict.createdAt,
    acknowledged_at: conflict.acknowledgedAt,
  };
}

export function presentPush(answer: PushAnswer): z.input<typeof pushResponse> {
  return {
    epoch: answer.epoch,
    acked_seq: answer.ackedSeq,
    restored: answer.restored,
    outcomes: answer.outcomes,
    grant: answer.grant,
  };
}

/** How ready the venue is: what the hub's dashboard and `arrivals upstream status` show. */
export function presentVenueStatus(status: VenueStatus): z.input<typeof upstreamStatusResponse>['data'] {
  return {
    connected: status.connected,
    url: status.url,
    event_ids: status.eventIds,
    downloading: status.downloading,
    pulled_revision: status.pulledRevision,
    latest_revision: status.latestRevision,
    attendees_here: status.attendeesHere,
    waiting_up: status.waitingUp,
    waiting_down:
      status.latestRevision === null ? null : Math.max(0, status.latestRevision - status.pulledRevision),
    last_sync_at: status.lastSyncAt,
    online_reachable: status.onlineReachable,
  };
}
