import type { AttendeeFact, AttendeeRowState } from '../attendees/ledger.rules.ts';
import { scanDetailOf, undoneCheckIns } from '../attendees/ledger.rules.ts';
import type { EventRecord } from '../events/event.types.ts';
import type { Repositories } from '../store.ts';
import { listTimeline, stateAt, type ListScan, type ListTimeline } from './entry.rules.ts';
import { DEFAULT_LIST_NAME, DEFAULT_RULES, defaultListUuid, nextAutoCheckout } from './list.rules.ts';
import type { CheckInListRecord } from './list.types.ts';
import type { PresenceRow } from './list.repository.ts';
import type { FeedList } from '../sync/feed.repository.ts';

/** A person's scans on one list, and what the entry rules make of them. */
export interface ListOfPerson {
  list: CheckInListRecord;
  timeline: ListTimeline;
}

/** When a default list's first rules came into force: its event's creation (any time before, for a time unread). */
export const rulesStart = (createdAt: string): string => {
  const created = Date.parse(createdAt);
  return new Date(Number.isNaN(created) ? 0 : created).toISOString();
};

/** Whether a fact is a scan on some list: a check-in (the default list's entry) or a `scan`. */
export const isScanFact = (fact: AttendeeFact): boolean => fact.kind === 'check_in' || fact.kind === 'scan';

/**
 * The event's default list: its row, made here when it has none yet (an event older than lists on a node that
 * missed the migration's, or one a test wrote directly). Its UUID is derived from the event's, so a list made here
 * and the hub's are one list.
 */
export function defaultListOf(
  repos: Repositories,
  event: Pick<EventRecord, 'id' | 'uuid' | 'createdAt'>,
): CheckInListRecord {
  const uuid = defaultListUuid(event.uuid);
  return (
    repos.lists.byUuid(uuid) ??
    repos.lists.create({
      uuid,
      eventId: event.id,
      name: DEFAULT_LIST_NAME,
      isDefault: true,
      history: [{ ...DEFAULT_RULES, from: rulesStart(event.createdAt) }],
      now: event.createdAt,
    }) ??
    repos.lists.byUuid(uuid)!
  );
}

/** The list a scan fact is on: a check-in is on the event's default list. */
export function listUuidOf(fact: AttendeeFact, eventUuid: string): string | null {
  if (fact.kind === 'check_in') return defaultListUuid(eventUuid);
  return fact.kind === 'scan' ? (scanDetailOf(fact)?.list ?? null) : null;
}

/** A person's scans by the list they are on (a check-in is on the event's default list), as the entry rules take them. */
export function scansByList(facts: readonly AttendeeFact[], eventUuid: string): Map<string, ListScan[]> {
  const undone = undoneCheckIns(facts);
  const byList = new Map<string, ListScan[]>();
  for (const fact of facts) {
    if (!isScanFact(fact)) continue;
    const uuid = listUuidOf(fact, eventUuid);
    if (uuid === null) continue;
    const scan: ListScan = {
      opId: fact.opId,
      subject: fact.subject,
      at: fact.at,
      direction: fact.kind === 'check_in' ? 'entry' : (scanDetailOf(fact)?.direction ?? 'entry'),
      undone: undone.has(fact.opId),
    };
    const scans = byList.get(uuid);
    if (scans) scans.push(scan);
    else byList.set(uuid, [scan]);
  }
  return byList;
}

/** Where a person's facts leave them on a list at `nowMs` (entry.rules.ts `stateAt`). */
export function personOnList(
  facts: readonly AttendeeFact[],
  list: CheckInListRecord,
  event: Pick<EventRecord, 'uuid' | 'timezone'>,
  nowMs: number,
): { insideSince: string | null; allowsMore: boolean } {
  const scans = scansByList(facts, event.uuid).get(list.uuid) ?? [];
  const timeline = listTimeline(list.uuid, scans, list.history, event.timezone);
  return stateAt(timeline, list.history, event.timezone, nowMs);
}

/**
 * Who is inside each list, kept as a person's facts change (migration 032): after the ledger writes a person's rows
 * (attendees/ledger.service.ts, on every node, for every fact), this writes where their scans leave them on each
 * list, by the order-free rules (entry.rules.ts), and the triggers keep the counts. Only what changed is written.
 */
export function listPresence(repos: Repositories) {
  /**
   * Writes the person's presence from their facts and rows; what the entry rules made of their scans, by list UUID
   * (for the answer of a scan and its webhook).
   */
  function write(
    eventId: number,
    emailKey: string,
    facts: readonly AttendeeFact[],
    made: readonly AttendeeRowState[],
    /** The event, where the caller holds it already: read here otherwise. */
    known?: EventRecord,
  ): Map<string, ListOfPerson> {
    const scans = facts.filter(isScanFact);
    const lists = new Map<string, ListOfPerson>();
    if (scans.length === 0) {
      // Nothing to be inside by, unless a scan was refused or dropped since: then what was written goes.
      if (repos.lists.hasPresence(eventId, emailKey)) writeRows(eventId, emailKey, []);
      return lists;
    }
    const event = known?.id === eventId ? known : repos.events.findById(eventId);
    if (!event) return lists;
    const byList = scansByList(facts, event.uuid);
    const rowOf = (subject: string) => made.find((row) => row.members.includes(subject))?.uuid ?? subject;
    const rows: PresenceRow[] = [];
    for (const [uuid, listScans] of byList) {
      const list =
        uuid === defaultListUuid(event.uuid) ? defaultListOf(repos, event) : repos.lists.byUuid(uuid);
      // A list not held here (yet) or of another event: its scans wait, kept, for their list.
      if (!list || list.eventId !== eventId) continue;
      const timeline = listTimeline(list.uuid, listScans, list.history, event.timezone);
      lists.set(uuid, { list, timeline });
      // Nobody is inside a deleted list: its scans stay in history only.
      if (timeline.stay === null || list.deletedAt !== null) continue;
      rows.push({
        listId: list.id,
        attendeeUuid: rowOf(timeline.stay.subject),
        enteredAt: timeline.stay.since,
        entryOp: timeline.stay.entryOp,
        checkoutAt: timeline.checkoutAt,
      });
    }
    writeRows(eventId, emailKey, rows);
    return lists;
  }

  /** Writes the person's presence rows over what is held, and their row of the event's count. */
  function writeRows(eventId: number, emailKey: string, rows: readonly PresenceRow[]): void {
    const held = new Map(repos.lists.presenceOf(eventId, emailKey).map((row) => [row.listId, row]));
    for (const row of rows) {
      const before = held.get(row.listId);
      held.delete(row.listId);
      if (
        before &&
        before.attendeeUuid === row.attendeeUuid &&
        before.enteredAt === row.enteredAt &&
        before.entryOp === row.entryOp &&
        before.checkoutAt === row.checkoutAt
      ) {
        continue;
      }
      repos.lists.putPresence(eventId, emailKey, row);
    }
    for (const listId of held.keys()) repos.lists.deletePresence(eventId, emailKey, listId);
    writeEventRow(eventId, emailKey, rows);
  }

  /** The person's row of the event's count, from their rows of its lists. */
  function writeEventRow(eventId: number, emailKey: string, rows: readonly PresenceRow[]): void {
    // Inside the event while inside any of its lists: until the latest check-out, or for good if one has none.
    const checkout =
      rows.length === 0
        ? undefined
        : rows.some((row) => row.checkoutAt === null)
          ? null
          : rows
              .map((row) => row.checkoutAt!)
              .sort()
              .at(-1)!;
    const before = repos.lists.eventPresenceOf(eventId, emailKey);
    if (checkout === undefined) {
      if (before) repos.lists.deleteEventPresence(eventId, emailKey);
    } else if (!before || before.checkoutAt !== checkout) {
      repos.lists.putEventPresence(eventId, emailKey, checkout);
    }
  }

  /**
   * A list's automatic check-out changed: the stays of those inside now end when the rules say (by the version in
   * force at each check-out time, so a check-out that passed before the change stays where it was).
   */
  function checkoutsChanged(list: CheckInListRecord, event: Pick<EventRecord, 'timezone'>): void {
    for (const row of repos.lists.presenceRowsOfList(list.id)) {
      const next = nextAutoCheckout(list.history, event.timezone, Date.parse(row.enteredAt));
      const checkoutAt = next === null ? null : new Date(next).toISOString();
      if (checkoutAt === row.checkoutAt) continue;
      repos.lists.putPresence(row.eventId, row.emailKey, { ...row, checkoutAt });
      writeEventRow(row.eventId, row.emailKey, repos.lists.presenceOf(row.eventId, row.emailKey));
    }
  }

  /** The list was deleted: nobody is inside it any more, and the event's count follows. */
  function listDeleted(list: CheckInListRecord): void {
    for (const person of repos.lists.dropPresence(list.id)) {
      writeEventRow(person.eventId, person.emailKey, repos.lists.presenceOf(person.eventId, person.emailKey));
    }
  }

  return { write, checkoutsChanged, listDeleted };
}

export type ListPresence = ReturnType<typeof listPresence>;

/**
 * A replica writing the lists its hub's feed brings (the hub changes lists; a replica holds its copy): the row as
 * the hub has it, and, as on the hub, who is inside follows a deleted list or a changed automatic check-out.
 */
export function listsFromFeed(repos: Repositories) {
  const presence = listPresence(repos);
  return {
    /** Writes the list; the people to write again: those whose scans on it came before it (an earlier page). */
    takeFromFeed(row: FeedList, eventId: number): { eventId: number; emailKey: string }[] {
      const before = repos.lists.byUuid(row.uuid);
      const changed = repos.lists.upsertFromFeed({
        uuid: row.uuid,
        eventId,
        name: row.name,
        isDefault: row.is_default === 1,
        history: row.history,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        deletedAt: row.deleted_at,
      });
      if (!before) return repos.lists.peopleWithScansOn(eventId, row.uuid);
      if (!changed) return [];
      const after = repos.lists.byUuid(row.uuid)!;
      const event = repos.events.findById(eventId);
      if (after.deletedAt !== null) presence.listDeleted(after);
      else if (event && before.history.at(-1)!.autoCheckoutAt !== after.history.at(-1)!.autoCheckoutAt) {
        presence.checkoutsChanged(after, event);
      }
      return [];
    },
  };
}
