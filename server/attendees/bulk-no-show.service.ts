import type { EventRecord } from '../events/event.types.ts';
import type { Store } from '../store.ts';
import type { ChangeJournal } from '../sync/journal.ts';
import type { ChangeNotifier } from '../webhooks/notifier.ts';
import { decideNoShow, uniqueAttendeeIds, type NoShowRefusal } from './attendee.rules.ts';
import type { AttendeeSummary } from './attendee.types.ts';

export type BulkNoShowFailure = { id: string; reason: 'not_found' | NoShowRefusal };

export interface BulkNoShowOutcome {
  successCount: number;
  failed: BulkNoShowFailure[];
}

export type MarkStillExpectedOutcome =
  ({ ok: true } & BulkNoShowOutcome) | { ok: false; reason: 'count_changed'; count: number };

/**
 * Bulk no-show: the token API's list of ids, and the desk's "everyone still expected". The rule is `decideNoShow`
 * (and `isStillExpected`) in attendee.rules.ts, its SQL copy `MARK_MANY_NO_SHOW` (and `stillExpected`) in
 * attendee.repository.ts, the cap `MAX_BULK_ATTENDEE_IDS` beside the rule, the routes in attendee.routes.ts and
 * desk.routes.ts.
 */
export function bulkNoShowService(store: Store, notify: ChangeNotifier, journal: ChangeJournal) {
  const { repos, clock } = store;

  /**
   * Decides and writes in the caller's IMMEDIATE transaction, so no check-in can slip between the two. Two
   * statements record a no-show of everyone whose status it changes and mark them (ledger.repository.ts); the ids
   * they did not mark are then decided on their rows as they left them.
   */
  function markMany(event: EventRecord, ids: readonly string[]): BulkNoShowOutcome {
    const unique = uniqueAttendeeIds(ids);
    const sendsUp = journal.sendsUp(event.uuid);
    const now = clock.now();
    const {
      facts,
      rows: marked,
      count: markedCount,
    } = repos.ledger.markManyNoShow(event.id, unique, now, {
      pendingUpstream: sendsUp,
      returnFacts: sendsUp,
      // With a webhook endpoint listening the rows come back with what the notifications carry.
      returnRows: notify.listens(event.organizationId, 'attendee.no_show'),
    });
    for (const fact of facts ?? []) {
      const payload = { event: event.uuid, attendee: fact.subject, merged: fact.names };
      journal.record('no_show', fact.opId, payload, now.toISOString());
    }
    // The common case: every id was marked, and there is nothing left to decide. Otherwise one the UPDATE marked
    // reads as a no-show, like one marked before (both successes); a cancelled or checked-in attendee is refused,
    // and an id not in the event is not found.
    const markedIds = new Set(marked?.map((attendee) => attendee.uuid));
    const undecided = markedCount === unique.length ? [] : unique.filter((id) => !markedIds.has(id));
    const failed: BulkNoShowFailure[] = [];
    let successCount = unique.length - undecided.length;
    if (undecided.length > 0) {
      const states = new Map<string, AttendeeSummary>(
        repos.attendees.summariesInEvent(event.id, undecided).map((s) => [s.uuid, s]),
      );
      for (const id of undecided) {
        const state = states.get(id);
        const decision = state ? decideNoShow(state) : ({ ok: false, reason: 'not_found' } as const);
        if (decision.ok) successCount += 1;
        else failed.push({ id, reason: decision.reason });
      }
    }
    if (marked) notify.attendeesChanged('attendee.no_show', event, () => marked);
    return { successCount, failed };
  }

  /** The token API's bulk no-show: the ids given (at most `MAX_BULK_ATTENDEE_IDS`), each decided on its own. */
  function bulkMarkNoShow(event: EventRecord, attendeeIds: readonly string[]): BulkNoShowOutcome {
    return store.inTransaction(() => markMany(event, attendeeIds));
  }

  /** How many a "mark everyone still expected" would mark now: the number the desk asks staff to confirm. */
  function countStillExpected(event: EventRecord): number {
    return repos.attendees.stillExpectedUuids(event.id).length;
  }

  /**
   * The desk's "mark everyone still expected as no-show", after staff confirmed `expectedCount`. If kiosks changed
   * that number meanwhile, nobody is marked and staff are asked again, rather than surprised. The count, the ids
   * and the marking are read and written in one transaction.
   */
  function markEveryoneStillExpected(event: EventRecord, expectedCount: number): MarkStillExpectedOutcome {
    return store.inTransaction((): MarkStillExpectedOutcome => {
      const ids = repos.attendees.stillExpectedUuids(event.id);
      if (ids.length !== expectedCount) return { ok: false, reason: 'count_changed', count: ids.length };
      return { ok: true, ...markMany(event, ids) };
    });
  }

  return { bulkMarkNoShow, countStillExpected, markEveryoneStillExpected };
}

export type BulkNoShowService = ReturnType<typeof bulkNoShowService>;
