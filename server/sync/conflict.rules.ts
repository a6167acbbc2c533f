/**
 * How the hub settles ops that met the same attendee, by rules that do not depend on the order ops arrive in
 * (docs/sync.md; sync/apply.service.ts applies them, and the replicas apply the same ones to their own pending ops).
 */

/** A check-in as the rules compare it: when (the hub's clock) and which op made it. */
export interface CheckInMark {
  at: string;
  opId: string;
}

/**
 * Two check-ins of one attendee: the earliest wins, ties to the lowest op id. The other is kept as a duplicate
 * scan, shown to staff.
 */
export function earlierCheckIn(a: CheckInMark, b: CheckInMark): CheckInMark {
  if (a.at !== b.at) return Date.parse(a.at) < Date.parse(b.at) ? a : b;
  return a.opId <= b.opId ? a : b;
}

/** A registration as the merge rule compares it. */
export interface RegistrationMark {
  uuid: string;
  registeredAt: string;
  opId: string;
}

/**
 * Two live registrations of one email: they merge into the earliest (registered first, ties to the lowest op id);
 * a registration the hub already had is earlier than any made while it was away. The later UUID keeps resolving to
 * the survivor.
 */
export function survivingRegistration(a: RegistrationMark, b: RegistrationMark): RegistrationMark {
  const at = (r: RegistrationMark) => Date.parse(r.registeredAt);
  if (at(a) !== at(b)) return at(a) < at(b) ? a : b;
  if (a.opId !== b.opId) return a.opId < b.opId ? a : b;
  return a.uuid <= b.uuid ? a : b;
}

/** Registrations merged into one person, parted by a cancellation that named only some of them. */
export interface Parting<T extends RegistrationMark> {
  /** The ones it named, earliest first: one cancelled registration, the others merged into it. */
  cancelled: T[];
  /** The ones it did not name, earliest first: they stand, as one registration. */
  standing: T[];
}

/**
 * A cancellation names the registrations its node knew were this person (the one it cancelled and those merged
 * into it there). Merged into the same person on another node, a registration it had not heard of stands: the
 * state reached when the cancellation arrives before the merge. Null when it named all of them (or none).
 */
export function partedByCancel<T extends RegistrationMark>(
  merged: readonly T[],
  named: ReadonlySet<string>,
): Parting<T> | null {
  const earliestFirst = (a: T, b: T) => (survivingRegistration(a, b) === a ? -1 : 1);
  const cancelled = merged.filter((registration) => named.has(registration.uuid)).sort(earliestFirst);
  const standing = merged.filter((registration) => !named.has(registration.uuid)).sort(earliestFirst);
  return cancelled.length > 0 && standing.length > 0 ? { cancelled, standing } : null;
}

/**
 * One check-in of an attendee as the rules keep it: the op that made it, when (null for an undo that arrived before
 * the check-in it names), and whether an undo named it. `op` is null for a check-in made before op ids were kept.
 */
export interface CheckInRecord {
  op: string | null;
  at: string | null;
  undone: boolean;
  /**
   * The registration the check-in (or, before it arrived, its undo) named, when it was made through an op: a
   * registration merged into another keeps its own check-ins if a cancellation parts the two (`partedByCancel`).
   * Absent: the attendee row's own.
   */
  of?: string;
}

/** An attendee's check-ins: its kept records, or, for a row from before they were kept, its one check-in. */
export function checkInRecordsOf(row: {
  checkInMarks: readonly CheckInRecord[] | null;
  checkedInAt: string | null;
  checkinOpId: string | null;
}): CheckInRecord[] {
  if (row.checkInMarks) return [...row.checkInMarks];
  return row.checkedInAt === null ? [] : [{ op: row.checkinOpId, at: row.checkedInAt, undone: false }];
}

/** Records in op id order, so that the same check-ins and undos are stored alike whatever order they came in. */
function inOpOrder(records: CheckInRecord[]): CheckInRecord[] {
  return records.sort((a, b) => ((a.op ?? '') < (b.op ?? '') ? -1 : (a.op ?? '') > (b.op ?? '') ? 1 : 0));
}

/** The records with a check-in of registration `of` added; one an undo named before it arrived stays undone. */
export function withCheckIn(
  records: readonly CheckInRecord[],
  op: string,
  at: string,
  of?: string,
): CheckInRecord[] {
  const known = records.find((record) => record.op === op);
  if (!known) return inOpOrder([...records, { op, at, undone: false, ...(of ? { of } : {}) }]);
  return inOpOrder(records.map((record) => (record === known ? { ...record, at: record.at ?? at } : record)));
}

/**
 * The records with the named check-ins undone; one not arrived yet is remembered as undone, for when it does, as a
 * check-in of registration `of` (the one the undo named).
 */
export function withUndo(
  records: readonly CheckInRecord[],
  ops: readonly (string | null)[],
  of?: string,
): CheckInRecord[] {
  const named = new Set(ops);
  const out = records.map((record) => (named.has(record.op) ? { ...record, undone: true } : record));
  for (const op of named) {
    if (op !== null && !out.some((record) => record.op === op)) {
      out.push({ op, at: null, undone: true, ...(of ? { of } : {}) });
    }
  }
  return inOpOrder(out);
}

/**
 * Two registrations' check-ins as one person's, when they merge: every record of either, and one named by an undo
 * on either side stays undone.
 */
export function mergedCheckIns(a: readonly CheckInRecord[], b: readonly CheckInRecord[]): CheckInRecord[] {
  const out = [...a];
  for (const record of b) {
    const index = out.findIndex((kept) => kept.op !== null && kept.op === record.op);
    if (index === -1) out.push(record);
    else {
      const kept = out[index]!;
      const of = kept.of ?? record.of;
      out[index] = {
        op: record.op,
        at: kept.at ?? record.at,
        undone: kept.undone || record.undone,
        ...(of ? { of } : {}),
      };
    }
  }
  return inOpOrder(out);
}

/** A check-in no undo named. */
export type LiveCheckIn = CheckInRecord & { at: string };

/** The check-ins no undo named, earliest first (earlierCheckIn's order; one from before op ids sorts as ''). */
export function liveCheckIns(records: readonly CheckInRecord[]): LiveCheckIn[] {
  const mark = (record: LiveCheckIn): CheckInMark => ({ at: record.at, opId: record.op ?? '' });
  return records
    .filter((record): record is LiveCheckIn => !record.undone && record.at !== null)
    .sort((a, b) => {
      const first = mark(a);
      return earlierCheckIn(first, mark(b)) === first ? -1 : 1;
    });
}

/**
 * The check-in that stands: the earliest no undo named, or null when every one was undone. It depends only on which
 * check-ins and undos arrived, never on their order: an undo of the check-in that won reinstates the next one.
 */
export function standingCheckIn(records: readonly CheckInRecord[]): LiveCheckIn | null {
  return liveCheckIns(records)[0] ?? null;
}

/** A cancellation or no-show that gave way to a standing check-in: it takes effect if that check-in is undone. */
export type OverriddenStatus = 'canceled' | 'no_show';

/** What stays overridden when two meet: a cancellation outweighs a no-show, as it does when both apply. */
export function strongerOverride(
  a: OverriddenStatus | null,
  b: OverriddenStatus | null,
): OverriddenStatus | null {
  return a === 'canceled' || b === 'canceled' ? 'canceled' : (a ?? b);
}
