import type { AttendeeFact, AttendeeRowState } from '../attendees/ledger.rules.ts';
import type { ConflictKind } from './sync.types.ts';

/**
 * What a hub shows staff about the ops it took (docs/sync.md, "Conflict rules"). The rules that decide what stands
 * are attendees/ledger.rules.ts, the same on every node; these only name, after the fact, the situation an op met,
 * so that staff can look: two check-ins of one person, a registration merged into another, a cancellation that
 * waits beside a check-in. And the bounds on what one person's facts may grow to, so that applying an op costs the
 * same whatever came before it.
 */

/** A person registered more often than this (honest use never comes near) gets no more registrations. */
export const MAX_REGISTRATIONS_PER_PERSON = 20;
/** Every fact about one person; past it, ops about them are refused (and shown to staff). */
export const MAX_FACTS_PER_PERSON = 200;
/** Facts a device may send about registrations the hub does not hold (yet): a restored hub hears of a few. */
export const MAX_FACTS_AWAITING_REGISTRATION = 1_000;
/** Check-ins of one person kept standing side by side: more scans are only counted. */
export const MAX_LIVE_CHECK_INS_PER_PERSON = 8;

export interface Conflict {
  kind: ConflictKind;
  /** The attendee row it is about, as staff find it. */
  attendee: string;
  details: Record<string, unknown>;
}

/** A row as it was before the op: what an op changed is read against it. */
export interface RowBefore {
  uuid: string;
  status: string;
  checkedInAt: string | null;
  checkinOpId: string | null;
}

/**
 * A registration made on a device: merged into a person registered elsewhere (two registrations of one email), or
 * replayed into a full event or after registration closed (accepted: a replay never loses a person).
 */
export function conflictsOfRegistration(
  row: AttendeeRowState,
  replay: { full: boolean; afterClose: boolean },
): Conflict[] {
  const conflicts: Conflict[] = [];
  if (row.members.length > 1) {
    conflicts.push({
      kind: 'merged_registration',
      attendee: row.uuid,
      details: { merged: row.members.slice(1) },
    });
  }
  if (replay.full && row.status !== 'canceled')
    conflicts.push({ kind: 'over_capacity', attendee: row.uuid, details: {} });
  if (replay.afterClose) conflicts.push({ kind: 'after_close', attendee: row.uuid, details: {} });
  return conflicts;
}

/**
 * A check-in, undo, cancellation or no-show, against the row its subject was before (and the registrations that row
 * was) and is after:
 * - a check-in of someone already in: a duplicate scan (the earlier stands);
 * - a check-in of someone cancelled, or a no-show, meanwhile elsewhere: the person is in, the check-in stands; one
 *   that brings back a cancelled registration whose email was registered again merges the two;
 * - an undo that leaves another kiosk's check-in standing (one the undoing node had not heard of);
 * - a cancellation or no-show of someone whose check-in stands: it waits beside it;
 * - a cancellation that parts registrations merged into one person, leaving the ones it did not name;
 * - an entry on a check-in list that the entry rules make a duplicate (two kiosks let one person in once).
 */
export function conflictsOfFact(
  fact: AttendeeFact,
  before: RowBefore | null,
  membersBefore: ReadonlySet<string>,
  after: { made: readonly AttendeeRowState[] },
  /**
   * For a check-in or a scan: whether it counts on its list, and whether recording it made a duplicate (itself, or
   * an entry that stood until this earlier one arrived), by the entry rules (lists/entry.rules.ts).
   */
  scan?: { counts: boolean; duplicate: boolean; list: string },
): Conflict[] {
  const row = after.made.find((made) => made.members.includes(fact.subject));
  if (!row) return [];
  const conflict = (
    kind: ConflictKind,
    details: Record<string, unknown> = {},
    attendee = row.uuid,
  ): Conflict[] => [{ kind, attendee, details }];
  switch (fact.kind) {
    case 'check_in': {
      // Back in after an exit scanned at the main entrance: a re-entry, not a second check-in.
      const reentry = scan?.counts === true && row.checkinOpId !== fact.opId;
      if (before?.checkedInAt && !reentry) {
        const duplicate = row.checkinOpId === fact.opId ? before.checkinOpId : fact.opId;
        return conflict('duplicate_check_in', { kept: row.checkinOpId, duplicate });
      }
      const merged = row.members.filter((uuid) => !membersBefore.has(uuid));
      return [
        ...(before?.status === 'canceled' && row.status !== 'canceled'
          ? conflict('check_in_after_cancel')
          : []),
        ...(before?.status === 'no_show' ? conflict('check_in_after_no_show') : []),
        ...(merged.length > 0 ? conflict('merged_registration', { merged }) : []),
      ];
    }
    case 'undo_check_in':
      return before?.checkedInAt && row.checkedInAt
        ? conflict('undo_of_other_check_in', { kept: row.checkinOpId })
        : [];
    case 'cancel': {
      if (row.status !== 'canceled') return conflict('cancel_after_check_in');
      const stands = after.made.find((made) => made.status !== 'canceled' && made !== row);
      return before && before.status !== 'canceled' && stands
        ? conflict('merged_registration_parted', { cancelled: row.uuid }, stands.uuid)
        : [];
    }
    case 'no_show':
      return row.checkedInAt ? conflict('no_show_after_check_in') : [];
    case 'approve':
    case 'edit':
      return [];
    case 'scan':
      return scan?.duplicate ? conflict('duplicate_entry', { list: scan.list }) : [];
  }
}
