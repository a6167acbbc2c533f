import type { AttendeeStatus } from '../contract/vocabulary.ts';

/** What a replica changed, as it travels to its hub (docs/sync.md). */
export const OP_KINDS = [
  'register',
  'walk_in',
  'check_in',
  'undo_check_in',
  'cancel',
  'no_show',
  'approve',
] as const;
export type OpKind = (typeof OP_KINDS)[number];

/** A registration made on a replica: everything the hub needs to make the same row, under the same ids. */
export interface RegistrationPayload {
  event: string;
  attendee: {
    uuid: string;
    number: number;
    email: string;
    name: string;
    answers: Record<string, string>;
    status: AttendeeStatus;
    /** The check-in code the replica drew and showed; absent from ops made before codes existed. */
    checkin_code?: string;
  };
}

export interface CheckInPayload {
  event: string;
  attendee: string;
  via: 'self' | 'desk' | 'scan';
}

export interface UndoCheckInPayload {
  event: string;
  attendee: string;
  /** The check-in it undoes: an undo of another check-in (one that won meanwhile) changes nothing. */
  check_in: string | null;
}

export interface AttendeeChangePayload {
  event: string;
  attendee: string;
}

export type OpPayload = RegistrationPayload | CheckInPayload | UndoCheckInPayload | AttendeeChangePayload;

/** An op as stored in a replica's outbox and sent to the hub. Times are the device's own. */
export interface Op {
  op_id: string;
  seq: number;
  /** The device the op was made on (a hub relaying ops keeps it). */
  device: string;
  kind: OpKind;
  payload: OpPayload;
  /** The device's wall clock (Unix ms), monotonic clock and boot when the op was made. */
  wall_ms: number;
  mono_ms: number;
  boot_id: string;
  schema_version: number;
}

/** What can be flagged about an op for staff to see on the hub's Sync page. */
export const CONFLICT_KINDS = [
  'duplicate_check_in',
  'merged_registration',
  'check_in_after_cancel',
  'check_in_after_no_show',
  'cancel_after_check_in',
  'no_show_after_check_in',
  'undo_of_other_check_in',
  'over_capacity',
  'after_close',
  'time_uncertain',
] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

export type OpStatus = 'applied' | 'duplicate' | 'upgrade_required' | 'not_found';

export interface OpOutcome {
  op_id: string;
  status: OpStatus;
  /** The attendee the op ended up on (a merged registration's survivor). */
  attendee?: string;
  conflicts: ConflictKind[];
}
