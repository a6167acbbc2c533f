import type { ScanDirection } from '../contract/vocabulary.ts';
import { derivedUuid } from '../platform/derived-id.ts';
import { dayOf, nextAutoCheckout, rulesAt } from './list.rules.ts';
import type { RulesVersion } from './list.types.ts';

/**
 * The order-free rules of a person's scans on one check-in list (docs/sync.md, "List scans"): which entry stands,
 * which is a duplicate, who is inside, and when the automatic check-out ended a stay. Like the ledger's rules
 * (attendees/ledger.rules.ts) they are a pure function of the scans recorded, the list's rules as they were at each
 * scan's time, and the event's zone: never of the arrival order, never of the clock. Every node runs them, through
 * the same code, whenever a person's facts change (lists/presence.service.ts), so two nodes holding the same scans
 * agree on every figure.
 *
 * Scans are taken in the order of their time (corrected on the hub's clock), ties by scan id:
 * - an exit always counts (recorded for any registration, inside or not) and ends a stay;
 * - an entry counts when the entry rule in force at its time lets in one more admission (`once`: none stands yet;
 *   `once_per_day`: none stands that calendar day in the event's zone; `every_time`: always), or when the person is
 *   not inside (an exit came after the admission that stands: a re-entry); otherwise it is a duplicate, kept in
 *   history as its door answered it, and counts for nothing;
 * - a stay ends at the list's first automatic check-out after it began, an exit like a scanned one.
 */

export interface ListScan {
  opId: string;
  /** The registration its node named. */
  subject: string;
  at: string;
  direction: ScanDirection;
  /** Named by an undo at the desk (default list only): as if it had not happened. */
  undone: boolean;
}

export interface ScanVerdict {
  /** It changed who is inside (or would have, for an exit): neither a duplicate nor undone. */
  counts: boolean;
  duplicate: boolean;
}

/** An exit the automatic check-out made: its id is derived, the same on every node. */
export interface AutoExit {
  id: string;
  at: string;
  /** The entry whose stay it ended. */
  entryOp: string;
  subject: string;
}

export interface Stay {
  since: string;
  entryOp: string;
  subject: string;
}

export interface ListTimeline {
  verdicts: Map<string, ScanVerdict>;
  /** Automatic check-outs between the scans (the one after the last scan is `checkoutAt`). */
  autoExits: AutoExit[];
  /** Where the scans leave the person: inside since an entry, or not. */
  stay: Stay | null;
  /** When the automatic check-out ends that stay (ISO 8601), null when none comes. */
  checkoutAt: string | null;
  /** The times of the admissions that stand (entries that count), for the entry rule's next decision. */
  admissions: number[];
}

const ms = (iso: string) => Date.parse(iso);

/** Time first, then the scan id: the one order every node takes scans in. */
export function compareScans(a: { at: string; opId: string }, b: { at: string; opId: string }): number {
  const byTime = ms(a.at) - ms(b.at);
  if (byTime !== 0) return byTime;
  return a.opId < b.opId ? -1 : a.opId > b.opId ? 1 : 0;
}

/** The id of an automatic check-out: derived from the list, the entry it ends and its time, so no node makes two. */
export const autoExitId = (listUuid: string, entryOp: string, at: string): string =>
  derivedUuid('automatic check-out', listUuid, entryOp, at);

/** Whether the entry rule in force at `atMs` lets in one more admission, given the admissions that stand. */
export function entryRuleAllows(
  history: readonly RulesVersion[],
  zone: string,
  admissions: readonly number[],
  atMs: number,
): boolean {
  const rule = rulesAt(history, atMs).entryRule;
  if (rule === 'every_time') return true;
  if (rule === 'once') return admissions.length === 0;
  const today = dayOf(atMs, zone);
  return !admissions.some((admission) => dayOf(admission, zone) === today);
}

/** A person's scans on one list, taken in order: what each counts for, and where they leave the person. */
export function listTimeline(
  listUuid: string,
  scans: readonly ListScan[],
  history: readonly RulesVersion[],
  zone: string,
): ListTimeline {
  const verdicts = new Map<string, ScanVerdict>();
  const autoExits: AutoExit[] = [];
  const admissions: number[] = [];
  let stay: Stay | null = null;
  const checkoutOf = (current: Stay) => nextAutoCheckout(history, zone, ms(current.since));
  for (const scan of [...scans].sort(compareScans)) {
    if (scan.undone) {
      verdicts.set(scan.opId, { counts: false, duplicate: false });
      continue;
    }
    const atMs = ms(scan.at);
    if (stay) {
      const checkout = checkoutOf(stay);
      if (checkout !== null && checkout <= atMs) {
        const exitAt = new Date(checkout).toISOString();
        autoExits.push({
          id: autoExitId(listUuid, stay.entryOp, exitAt),
          at: exitAt,
          entryOp: stay.entryOp,
          subject: stay.subject,
        });
        stay = null;
      }
    }
    if (scan.direction === 'exit') {
      verdicts.set(scan.opId, { counts: true, duplicate: false });
      stay = null;
      continue;
    }
    if (stay && !entryRuleAllows(history, zone, admissions, atMs)) {
      verdicts.set(scan.opId, { counts: false, duplicate: true });
      continue;
    }
    verdicts.set(scan.opId, { counts: true, duplicate: false });
    admissions.push(atMs);
    stay ??= { since: scan.at, entryOp: scan.opId, subject: scan.subject };
  }
  const checkout = stay ? checkoutOf(stay) : null;
  return {
    verdicts,
    autoExits,
    stay,
    checkoutAt: checkout === null ? null : new Date(checkout).toISOString(),
    admissions,
  };
}

/**
 * Where a person stands on a list at `nowMs`, for a decision at the door: inside since an entry (unless the
 * automatic check-out has passed since), and whether the entry rule in force now lets in one more admission.
 */
export function stateAt(
  timeline: ListTimeline,
  history: readonly RulesVersion[],
  zone: string,
  nowMs: number,
): { insideSince: string | null; allowsMore: boolean } {
  const inside = timeline.stay !== null && (timeline.checkoutAt === null || ms(timeline.checkoutAt) > nowMs);
  return {
    insideSince: inside ? timeline.stay!.since : null,
    allowsMore: entryRuleAllows(history, zone, timeline.admissions, nowMs),
  };
}

/** Every automatic check-out of the timeline that has happened by `nowMs`, the last stay's included. */
export function autoExitsBy(listUuid: string, timeline: ListTimeline, nowMs: number): AutoExit[] {
  const { stay, checkoutAt } = timeline;
  if (stay === null || checkoutAt === null || ms(checkoutAt) > nowMs) return timeline.autoExits;
  return [
    ...timeline.autoExits,
    {
      id: autoExitId(listUuid, stay.entryOp, checkoutAt),
      at: checkoutAt,
      entryOp: stay.entryOp,
      subject: stay.subject,
    },
  ];
}
