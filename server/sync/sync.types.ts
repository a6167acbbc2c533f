import type {
  AttendeeStatus,
  Language,
  RecordedScanResult,
  RegistrationDoor,
  ScanDirection,
} from '../contract/vocabulary.ts';
import type { FeedPage } from './feed.repository.ts';

/** What a replica changed, as it travels to its hub (docs/sync.md). */
export const OP_KINDS = [
  'register',
  'walk_in',
  'check_in',
  'undo_check_in',
  'cancel',
  'no_show',
  'approve',
  // An entry on a check-in list other than the default, or an exit on any (server/lists/, migration 032).
  'scan',
  // A person's name, email or answers edited (issue 39, migration 031).
  'edit',
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
    /** Its ticket's secret, so the ticket page answered where it was made opens wherever its mail links to. */
    ticket_secret?: string;
    /** The language it was made in: its mail's, sent by the node that holds the truth. */
    language?: Language;
    /** Where it came in: mail follows the organization's choice for kiosk registrations. */
    door?: RegistrationDoor;
  };
}

/**
 * A person edited on a replica: the fields it changed (by the event's field keys, null where cleared), the
 * registrations it knew were the person (`merged`, as a cancellation names them), and who made it.
 */
export interface EditPayload {
  event: string;
  attendee: string;
  fields: Record<string, string | null>;
  merged?: string[];
  via: 'desk' | 'api' | 'ticket';
  staff?: { id: string; name: string } | null;
}

/** How a check-in was made, as its op says: `scan` is a kiosk's scanner (history's `kiosk`). */
export type CheckInVia = 'self' | 'desk' | 'scan' | 'api';

/**
 * An entry on the event's default list (today's check-in). What lists added travels beside `via`, optional: an op of
 * a kiosk from before lists is an entry answered `admitted`, made by nobody in particular, not forced.
 */
export interface CheckInPayload {
  event: string;
  attendee: string;
  via: CheckInVia;
  staff?: { id: string; name: string } | null;
  forced?: boolean;
  result?: RecordedScanResult;
}

/** A scan on a check-in list: an entry on a list other than the default, or an exit on any (server/lists/). */
export interface ScanPayload {
  event: string;
  attendee: string;
  list: string;
  direction: ScanDirection;
  via: 'kiosk' | 'self' | 'desk' | 'api';
  staff?: { id: string; name: string } | null;
  forced?: boolean;
  result?: RecordedScanResult;
}

export interface UndoCheckInPayload {
  event: string;
  attendee: string;
  /** The check-in it undoes (null: one made before op ids were kept). */
  check_in: string | null;
  /**
   * Other check-ins of the person its node knew of (duplicate scans from other kiosks): undone too, since staff who
   * undo mean the person is not in. Check-ins the node had not heard of stand (sync/conflict.rules.ts).
   */
  also?: string[];
}

export interface AttendeeChangePayload {
  event: string;
  attendee: string;
}

/**
 * A cancellation (or a no-show) names the registrations its node knew were the person: `attendee`, and in `merged` those merged
 * into it there. One it had not heard of stands (sync/conflict.rules.ts, `partedByCancel`). An op without `merged`
 * (made before it was sent) names every registration merged into the attendee.
 */
export interface CancelPayload extends AttendeeChangePayload {
  merged?: string[];
}

export type OpPayload =
  | RegistrationPayload
  | CheckInPayload
  | ScanPayload
  | UndoCheckInPayload
  | CancelPayload
  | EditPayload
  | AttendeeChangePayload;

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
  /** A relayed op whose time the first hub could not be sure of (docs/sync.md, Clocks). */
  time_uncertain?: boolean;
}

/** The most ops one push carries (a replica sends 500 at a time): what a hub applies for one request is bounded. */
export const MAX_OPS_PER_PUSH = 500;

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
  'merged_registration_parted',
  // A registration whose id a kiosk drew at random (its block ran out while cut off) and another had taken.
  'id_reassigned',
  // An op the hub could not apply (a bug, never the device's input): kept with its error, and the ops after it went
  // on (docs/sync.md, "Liveness").
  'op_failed',
  // Two entries of one person on a check-in list that allows one, apart: the earlier stands (server/lists/).
  'duplicate_entry',
  // An entry a kiosk admitted while its list was full: the person is inside, flagged.
  'entry_over_capacity',
] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

/**
 * How a hub took an op. `applied`: recorded. `dropped`: a scan of someone already in, counted but not kept.
 * `refused`: not the device's to make (`reason` says why). `failed`: this hub could not apply it (kept with its
 * error for staff). `not_found`: an event the device does not serve. `upgrade_required`: an op of a newer schema,
 * which stops the batch until the hub is upgraded. The device drops its own copy of what was not applied.
 */
export type OpStatus =
  'applied' | 'dropped' | 'refused' | 'failed' | 'duplicate' | 'upgrade_required' | 'not_found';

/** Why an op was refused or dropped. */
export const REFUSAL_REASONS = [
  'invalid',
  'uuid_taken',
  'id_outside_grant',
  'id_taken',
  'code_taken',
  'person_limit',
  'duplicate_scan',
  'unknown_attendee',
  // A scan naming a check-in list that is not of its event (none a kiosk could have been given).
  'unknown_list',
  // A forced scan not made at a desk: only staff admit anyway.
  'force_not_allowed',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export interface OpOutcome {
  op_id: string;
  status: OpStatus;
  /** Why it was refused or dropped. */
  reason?: RefusalReason;
  /** The attendee row the op ended up on (a merged registration's, the person's). */
  attendee?: string;
  conflicts: ConflictKind[];
}

/** A kiosk paired with a code, or a venue's hub that follows this server with an API token. */
export type DeviceKind = 'kiosk' | 'venue';

export interface DeviceRecord {
  id: number;
  uuid: string;
  organizationId: number;
  name: string;
  kind: DeviceKind;
  /** A venue's: the token it connected with; deleting or expiring the token ends the device. */
  apiTokenId: number | null;
  eventIds: string[];
  createdAt: string;
  revokedAt: string | null;
  lastContactAt: string | null;
  lastPulledRev: number;
  ackedSeq: number;
  waitingOps: number;
  clockOffsetMs: number | null;
  grantedFrom: number | null;
  grantedTo: number | null;
}

export interface ConflictRecord {
  uuid: string;
  eventId: number;
  attendeeUuid: string;
  kind: ConflictKind;
  opId: string;
  deviceUuid: string;
  details: Record<string, unknown>;
  createdAt: string;
  acknowledgedAt: string | null;
}

export interface UpstreamRecord {
  /** kiosk: a replica kiosk of a venue's hub; venue: a venue's hub following an online server. */
  role: DeviceKind;
  url: string;
  deviceUuid: string;
  credential: string;
  organizationUuid: string;
  eventIds: string[];
  upstreamEpoch: string | null;
  pulledRev: number;
  ackedSeq: number;
  grantedNext: number | null;
  grantedTo: number | null;
  pairedAt: string;
  /** A snapshot is under way: when it ends, what it did not bring again is dropped. */
  snapshotCleanup: boolean;
}

/** What a replica says about itself with every push. */
export interface PushRequest {
  /** Its clock when it sent the request. */
  sentWallMs: number;
  sentMonoMs: number;
  bootId: string;
  /** Ops it still has waiting (these included). */
  waiting: number;
  /** The highest sequence number it believes this hub applied: more than the hub knows means a restored hub. */
  ackedSeq: number;
  /** Whether its block of ids is running out. */
  wantsIds: boolean;
  ops: Op[];
}

export interface PushAnswer {
  epoch: string;
  /** The highest sequence number applied here for the device, after these ops. */
  ackedSeq: number;
  /** This hub has less history than the replica saw acked (a restored backup): send again what came after. */
  restored: boolean;
  outcomes: OpOutcome[];
  grant: { from: number; to: number } | null;
}

export interface FeedAnswer {
  epoch: string;
  /** The revision the replica has reached with this page. */
  revision: number;
  /** The hub's revision when it answered: how far a download has to go (a progress bar). */
  latest: number;
  /** The replica's epoch was not this one: this page starts from nothing (a snapshot). */
  reset: boolean;
  more: boolean;
  page: FeedPage;
}

/** How ready a venue's hub following an online server is (sync/venue.service.ts). */
export interface VenueStatus {
  connected: boolean;
  url: string | null;
  eventIds: string[];
  /** The first download after connecting is still running. */
  downloading: boolean;
  /** How far this hub has read the online server's feed, and how far it goes (null before its first answer). */
  pulledRevision: number;
  latestRevision: number | null;
  /** Registrations of the followed events held here. */
  attendeesHere: number;
  /** Changes made at the venue (here or on its kiosks) the online server has not taken yet. */
  waitingUp: number;
  lastSyncAt: string | null;
  onlineReachable: boolean;
}
