import type { AttendeeRecord } from '../attendees/attendee.types.ts';
import type { EntryRule, ScanDirection, ScanResult } from '../contract/vocabulary.ts';

/** Who a list admits: registrations whose answer to the event's choice field `field` is one of `values`. */
export interface ListAdmits {
  field: string;
  values: string[];
}

/** An opening of a list: wall-clock times in the event's zone (`2026-11-21T09:00`), `from` before `until`. */
export interface ListWindow {
  from: string;
  until: string;
}

/** The rules a list decides its scans by. */
export interface ListRules {
  /** Null: every registration of the event. */
  admits: ListAdmits | null;
  /** Empty: no limit beyond the event's check-in period. */
  windows: ListWindow[];
  entryRule: EntryRule;
  exitsScanned: boolean;
  /** `HH:MM` in the event's zone: each day at that time everyone inside is checked out; null for never. */
  autoCheckoutAt: string | null;
  /** People inside at once; null for no limit. */
  capacity: number | null;
}

/**
 * A version of a list's rules and the time it came into force (on the hub's clock, to the millisecond). A scan is
 * decided by the version in force at its own time, wherever and whenever it arrives; the first version stands for
 * every time before the next.
 */
export interface RulesVersion extends ListRules {
  from: string;
}

export interface CheckInListRecord {
  id: number;
  uuid: string;
  eventId: number;
  name: string;
  isDefault: boolean;
  /** Every version of its rules, oldest first; the last is in force now. */
  history: RulesVersion[];
  createdAt: string;
  updatedAt: string;
  /** A deleted list stays, so its scans keep their list's name in history. */
  deletedAt: string | null;
}

/** The rules in force now: the last version. */
export const currentRules = (list: Pick<CheckInListRecord, 'history'>): RulesVersion =>
  list.history[list.history.length - 1]!;

/** A list as the API shows it: the record and how many are inside it now. */
export interface ListView {
  list: CheckInListRecord;
  insideNow: number;
}

/** What a scan was answered: the contract's reason and what the screen at the door shows with it. */
export interface ScanOutcome {
  result: ScanResult;
  accepted: boolean;
  forced: boolean;
  direction: ScanDirection;
  scanId: string | null;
  scannedAt: string;
  list: { uuid: string; name: string };
  attendee: AttendeeRecord | null;
  enteredAt: string | null;
  belongsTo: { uuid: string; name: string }[];
  opensAt: string | null;
  insideNow: number;
  capacity: number | null;
}

/** A row of the "who is inside" page: the person and the entry they are inside since. */
export interface InsideRow {
  uuid: string;
  name: string;
  email: string;
  enteredAt: string;
}
