import type { EntryRule } from '../contract/vocabulary.ts';
import type { Db } from '../platform/database.ts';
import type { CheckInListRecord, InsideRow, ListAdmits, ListWindow, RulesVersion } from './list.types.ts';

/**
 * Check-in lists and who is inside them (migration 032): the lists as every node holds them (replicated like
 * events), and the presence each node keeps from the scans it holds (lists/presence.service.ts), counted by
 * triggers as it is written.
 */

interface ListRow {
  id: number;
  uuid: string;
  event_id: number;
  name: string;
  is_default: number;
  history: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** A version of the rules as stored (and as the feed carries it): the wire's names. */
interface StoredVersion {
  from: string;
  admits: ListAdmits | null;
  windows: ListWindow[];
  entry_rule: EntryRule;
  exits_scanned: boolean;
  auto_checkout_at: string | null;
  capacity: number | null;
}

export const historyToJson = (history: readonly RulesVersion[]): string =>
  JSON.stringify(
    history.map((version): StoredVersion => ({
      from: version.from,
      admits: version.admits,
      windows: version.windows,
      entry_rule: version.entryRule,
      exits_scanned: version.exitsScanned,
      auto_checkout_at: version.autoCheckoutAt,
      capacity: version.capacity,
    })),
  );

const historyFromJson = (json: string): RulesVersion[] =>
  (JSON.parse(json) as StoredVersion[]).map((version) => ({
    from: version.from,
    admits: version.admits,
    windows: version.windows,
    entryRule: version.entry_rule,
    exitsScanned: version.exits_scanned,
    autoCheckoutAt: version.auto_checkout_at,
    capacity: version.capacity,
  }));

/** A list of who is inside, as a presence row holds them. */
export interface PresenceRow {
  listId: number;
  attendeeUuid: string;
  enteredAt: string;
  entryOp: string;
  checkoutAt: string | null;
}

export type CountScope = 'list' | 'event';

/** A presence row whose automatic check-out has passed since the last sweep: an exit to tell. */
export interface CheckedOutRow {
  listId: number;
  eventId: number;
  emailKey: string;
  attendeeUuid: string;
  entryOp: string;
  checkoutAt: string;
}

/** A scan on a list as its CSV export reads it: the fact and the person it names. */
export interface ListScanRow {
  op_id: string;
  subject: string;
  kind: 'check_in' | 'scan';
  at: string;
  device: string | null;
  detail: string | null;
  email_key: string;
  attendee_uuid: string | null;
  name: string | null;
  email: string | null;
  checkin_code: string | null;
}

/** How many lists' parsed histories are kept in memory (lists are read with every scan). */
const CACHED_HISTORIES = 1_000;

export function listRepository(db: Db) {
  const COLUMNS = 'id, uuid, event_id, name, is_default, history, created_at, updated_at, deleted_at';
  const parsed = new Map<number, { json: string; history: RulesVersion[] }>();
  const toRecord = (row: ListRow): CheckInListRecord => {
    let cached = parsed.get(row.id);
    if (!cached || cached.json !== row.history) {
      cached = { json: row.history, history: historyFromJson(row.history) };
      if (parsed.size >= CACHED_HISTORIES) parsed.delete(parsed.keys().next().value!);
      parsed.set(row.id, cached);
    }
    return {
      id: row.id,
      uuid: row.uuid,
      eventId: row.event_id,
      name: row.name,
      isDefault: row.is_default === 1,
      history: cached.history,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      deletedAt: row.deleted_at,
    };
  };

  const ofEvent = db.prepare<[number], ListRow>(
    `SELECT ${COLUMNS} FROM check_in_lists WHERE event_id = ? AND deleted_at IS NULL ORDER BY is_default DESC, id`,
  );
  const byUuid = db.prepare<[string], ListRow>(`SELECT ${COLUMNS} FROM check_in_lists WHERE uuid = ?`);
  const byId = db.prepare<[number], ListRow>(`SELECT ${COLUMNS} FROM check_in_lists WHERE id = ?`);
  const countLive = db
    .prepare<[number], number>(
      'SELECT count(*) FROM check_in_lists WHERE event_id = ? AND deleted_at IS NULL',
    )
    .pluck();
  const insert = db.prepare<Record<string, unknown>, ListRow>(
    `INSERT INTO check_in_lists (uuid, event_id, name, is_default, history, created_at, updated_at)
     VALUES (@uuid, @event_id, @name, @is_default, @history, @now, @now)
     ON CONFLICT (uuid) DO NOTHING RETURNING ${COLUMNS}`,
  );
  const update = db.prepare<Record<string, unknown>, ListRow>(
    `UPDATE check_in_lists SET name = @name, history = @history, updated_at = @now WHERE id = @id
     RETURNING ${COLUMNS}`,
  );
  const softDelete = db.prepare<[string, string, number]>(
    'UPDATE check_in_lists SET deleted_at = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL',
  );
  const upsertFromFeed = db.prepare<Record<string, unknown>>(
    `INSERT INTO check_in_lists (uuid, event_id, name, is_default, history, created_at, updated_at, deleted_at)
     VALUES (@uuid, @event_id, @name, @is_default, @history, @created_at, @updated_at, @deleted_at)
     ON CONFLICT (uuid) DO UPDATE SET name = excluded.name, history = excluded.history,
       updated_at = excluded.updated_at, deleted_at = excluded.deleted_at
     WHERE (name, history, deleted_at) IS NOT (excluded.name, excluded.history, excluded.deleted_at)`,
  );

  const presenceOf = db.prepare<[number, string], Record<string, unknown>>(
    `SELECT list_id, attendee_uuid, entered_at, entry_op, checkout_at FROM list_presence
     WHERE event_id = ? AND email_key = ?`,
  );
  const hasPresence = db
    .prepare<[number, string], number>('SELECT 1 FROM event_presence WHERE event_id = ? AND email_key = ?')
    .pluck();
  const putPresence = db.prepare<Record<string, unknown>>(
    `INSERT INTO list_presence (list_id, event_id, email_key, attendee_uuid, entered_at, entry_op, checkout_at)
     VALUES (@list_id, @event_id, @email_key, @attendee_uuid, @entered_at, @entry_op, @checkout_at)
     ON CONFLICT (event_id, email_key, list_id) DO UPDATE SET attendee_uuid = excluded.attendee_uuid,
       entered_at = excluded.entered_at, entry_op = excluded.entry_op, checkout_at = excluded.checkout_at`,
  );
  const deletePresence = db.prepare<[number, string, number]>(
    'DELETE FROM list_presence WHERE event_id = ? AND email_key = ? AND list_id = ?',
  );
  const deleteListPresence = db.prepare<[number]>('DELETE FROM list_presence WHERE list_id = ?');
  const eventPresenceOf = db.prepare<[number, string], { checkout_at: string | null }>(
    'SELECT checkout_at FROM event_presence WHERE event_id = ? AND email_key = ?',
  );
  const putEventPresence = db.prepare<[number, string, string | null]>(
    `INSERT INTO event_presence (event_id, email_key, checkout_at) VALUES (?, ?, ?)
     ON CONFLICT (event_id, email_key) DO UPDATE SET checkout_at = excluded.checkout_at`,
  );
  const deleteEventPresence = db.prepare<[number, string]>(
    'DELETE FROM event_presence WHERE event_id = ? AND email_key = ?',
  );
  const presenceRowsOfList = db.prepare<[number], Record<string, unknown>>(
    `SELECT list_id, event_id, email_key, attendee_uuid, entered_at, entry_op, checkout_at FROM list_presence
     WHERE list_id = ?`,
  );
  const deviceName = db.prepare<[string], string>('SELECT name FROM sync_devices WHERE uuid = ?').pluck();
  const eventPeopleOfList = db.prepare<[number], { event_id: number; email_key: string }>(
    'SELECT event_id, email_key FROM list_presence WHERE list_id = ?',
  );

  // The count, less the rows whose automatic check-out passed since the last sweep: a narrow range of the index.
  const insideOfList = db
    .prepare<{ id: number; now: string }, number>(
      `SELECT c.inside - (SELECT count(*) FROM list_presence p WHERE p.list_id = @id
         AND p.checkout_at > c.swept_at AND p.checkout_at <= @now)
       FROM inside_counts c WHERE c.scope = 'list' AND c.scope_id = @id`,
    )
    .pluck();
  const insideOfEvent = db
    .prepare<{ id: number; now: string }, number>(
      `SELECT c.inside - (SELECT count(*) FROM event_presence p WHERE p.event_id = @id
         AND p.checkout_at > c.swept_at AND p.checkout_at <= @now)
       FROM inside_counts c WHERE c.scope = 'event' AND c.scope_id = @id`,
    )
    .pluck();
  const insidePage = db.prepare<{ id: number; now: string; limit: number; offset: number }, InsideRow>(
    `SELECT a.uuid, a.name, a.email, p.entered_at AS enteredAt
     FROM list_presence p JOIN attendees a ON a.uuid = p.attendee_uuid
     WHERE p.list_id = @id AND (p.checkout_at IS NULL OR p.checkout_at > @now)
     ORDER BY p.entered_at DESC, p.email_key LIMIT @limit OFFSET @offset`,
  );
  const dueCounts = db.prepare<[string], { scope: CountScope; scope_id: number; swept_at: string }>(
    'SELECT scope, scope_id, swept_at FROM inside_counts WHERE swept_at < ?',
  );
  const checkedOutOfList = db.prepare<{ id: number; from: string; to: string }, Record<string, unknown>>(
    `SELECT list_id, event_id, email_key, attendee_uuid, entry_op, checkout_at FROM list_presence
     WHERE list_id = @id AND checkout_at > @from AND checkout_at <= @to ORDER BY checkout_at, email_key`,
  );
  const countCheckedOutOfEvent = db
    .prepare<{ id: number; from: string; to: string }, number>(
      `SELECT count(*) FROM event_presence WHERE event_id = @id AND checkout_at > @from AND checkout_at <= @to`,
    )
    .pluck();
  const sweepCount = db.prepare<{ scope: CountScope; id: number; from: string; to: string; passed: number }>(
    `UPDATE inside_counts SET inside = inside - @passed, swept_at = @to
     WHERE scope = @scope AND scope_id = @id AND swept_at = @from`,
  );
  const sample = db.prepare<[CountScope, number, string, number]>(
    `INSERT INTO inside_samples (scope, scope_id, at, inside) VALUES (?, ?, ?, ?)
     ON CONFLICT (scope, scope_id, at) DO UPDATE SET inside = excluded.inside`,
  );
  const samplesOf = db.prepare<[CountScope, number, string], { at: string; inside: number }>(
    'SELECT at, inside FROM inside_samples WHERE scope = ? AND scope_id = ? AND at >= ? ORDER BY at',
  );
  const pruneSamples = db.prepare<[string]>('DELETE FROM inside_samples WHERE at < ?');
  const allCounts = db.prepare<[], { scope: CountScope; scope_id: number }>(
    'SELECT scope, scope_id FROM inside_counts',
  );

  // A list's scans, oldest first: the default list's are the event's check-ins and the scans naming it.
  const scansOfList = db.prepare<{ event: number; list: string; isDefault: number }, ListScanRow>(
    `SELECT f.op_id, f.subject, f.kind, f.at, f.device, f.detail, r.email_key,
       a.uuid AS attendee_uuid, a.name, a.email, a.checkin_code
     FROM attendee_facts f
     JOIN registrations r ON r.uuid = f.subject AND r.event_id = f.event_id
     LEFT JOIN attendees a ON a.id = r.attendee_id
     WHERE f.event_id = @event AND f.refused = 0 AND (
       (f.kind = 'scan' AND json_extract(f.detail, '$.list') = @list)
       OR (@isDefault = 1 AND f.kind = 'check_in'))
     ORDER BY f.at, f.op_id`,
  );
  const peopleWithScansOn = db.prepare<
    { event: number; list: string },
    { event_id: number; email_key: string }
  >(
    `SELECT DISTINCT r.event_id, r.email_key FROM attendee_facts f JOIN registrations r ON r.uuid = f.subject
     WHERE f.event_id = @event AND f.kind = 'scan' AND json_extract(f.detail, '$.list') = @list`,
  );
  const undoesOfEvent = db.prepare<[number], { names: string }>(
    "SELECT names FROM attendee_facts WHERE event_id = ? AND kind = 'undo_check_in' AND refused = 0",
  );

  const toPresence = (row: Record<string, unknown>): PresenceRow => ({
    listId: row.list_id as number,
    attendeeUuid: row.attendee_uuid as string,
    enteredAt: row.entered_at as string,
    entryOp: row.entry_op as string,
    checkoutAt: row.checkout_at as string | null,
  });

  return {
    /** The event's lists, deleted ones left out: the default first, then in order of creation. */
    listsOf: (eventId: number): CheckInListRecord[] => ofEvent.all(eventId).map(toRecord),
    /** Any list by UUID, a deleted one too (its scans name it). */
    byUuid(uuid: string): CheckInListRecord | null {
      const row = byUuid.get(uuid.toLowerCase());
      return row ? toRecord(row) : null;
    },
    byId(id: number): CheckInListRecord | null {
      const row = byId.get(id);
      return row ? toRecord(row) : null;
    },
    countLive: (eventId: number): number => countLive.get(eventId)!,
    /** A new list; null when its UUID exists already (a default list another path made first). */
    create(list: {
      uuid: string;
      eventId: number;
      name: string;
      isDefault: boolean;
      history: readonly RulesVersion[];
      now: string;
    }): CheckInListRecord | null {
      const row = insert.get({
        uuid: list.uuid,
        event_id: list.eventId,
        name: list.name,
        is_default: list.isDefault ? 1 : 0,
        history: historyToJson(list.history),
        now: list.now,
      });
      return row ? toRecord(row) : null;
    },
    update(id: number, change: { name: string; history: readonly RulesVersion[]; now: string }) {
      return toRecord(
        update.get({ id, name: change.name, history: historyToJson(change.history), now: change.now })!,
      );
    },
    /** Deletes a list, keeping its row (and its scans) for history. */
    softDelete: (id: number, now: string) => void softDelete.run(now, now, id),
    /** Nobody is inside a list any more (it is deleted): its presence goes; whose it was. */
    dropPresence(listId: number): { eventId: number; emailKey: string }[] {
      const people = eventPeopleOfList
        .all(listId)
        .map((row) => ({ eventId: row.event_id, emailKey: row.email_key }));
      deleteListPresence.run(listId);
      return people;
    },
    /** A list as the node this one follows has it. */
    upsertFromFeed(row: {
      uuid: string;
      eventId: number;
      name: string;
      isDefault: boolean;
      history: string;
      createdAt: string;
      updatedAt: string;
      deletedAt: string | null;
    }): boolean {
      return (
        upsertFromFeed.run({
          uuid: row.uuid,
          event_id: row.eventId,
          name: row.name,
          is_default: row.isDefault ? 1 : 0,
          history: row.history,
          created_at: row.createdAt,
          updated_at: row.updatedAt,
          deleted_at: row.deletedAt,
        }).changes > 0
      );
    },
    /** Every presence row of a list, with whose it is. */
    presenceRowsOfList: (listId: number): (PresenceRow & { eventId: number; emailKey: string })[] =>
      presenceRowsOfList.all(listId).map((row) => ({
        ...toPresence(row),
        eventId: row.event_id as number,
        emailKey: row.email_key as string,
      })),
    /** A paired device's name, on the hub that paired it; null elsewhere. */
    deviceName: (uuid: string): string | null => deviceName.get(uuid) ?? null,

    presenceOf: (eventId: number, emailKey: string): PresenceRow[] =>
      presenceOf.all(eventId, emailKey).map(toPresence),
    hasPresence: (eventId: number, emailKey: string): boolean =>
      hasPresence.get(eventId, emailKey) !== undefined,
    putPresence(eventId: number, emailKey: string, row: PresenceRow): void {
      putPresence.run({
        list_id: row.listId,
        event_id: eventId,
        email_key: emailKey,
        attendee_uuid: row.attendeeUuid,
        entered_at: row.enteredAt,
        entry_op: row.entryOp,
        checkout_at: row.checkoutAt,
      });
    },
    deletePresence: (eventId: number, emailKey: string, listId: number) =>
      void deletePresence.run(eventId, emailKey, listId),
    /** The person's row of the event's count: undefined when not inside any list. */
    eventPresenceOf: (eventId: number, emailKey: string): { checkoutAt: string | null } | undefined => {
      const row = eventPresenceOf.get(eventId, emailKey);
      return row && { checkoutAt: row.checkout_at };
    },
    putEventPresence: (eventId: number, emailKey: string, checkoutAt: string | null) =>
      void putEventPresence.run(eventId, emailKey, checkoutAt),
    deleteEventPresence: (eventId: number, emailKey: string) =>
      void deleteEventPresence.run(eventId, emailKey),

    /** How many are inside a list (or the event) at `now`: the kept count, less the check-outs since its sweep. */
    insideNow(scope: CountScope, id: number, now: string): number {
      const statement = scope === 'list' ? insideOfList : insideOfEvent;
      return statement.get({ id, now }) ?? 0;
    },
    /** Who is inside a list at `now`, latest entry first. */
    insidePage: (listId: number, now: string, page: { limit: number; offset: number }): InsideRow[] =>
      insidePage.all({ id: listId, now, ...page }),

    /**
     * Moves every count's sweep on to `now`: the rows whose automatic check-out passed since stop counting in it.
     * Returns the list rows that passed, for the exits they are to be told as.
     */
    sweep(now: string): CheckedOutRow[] {
      const passed: CheckedOutRow[] = [];
      for (const count of dueCounts.all(now)) {
        const range = { id: count.scope_id, from: count.swept_at, to: now };
        let number: number;
        if (count.scope === 'list') {
          const rows = checkedOutOfList.all(range).map((row): CheckedOutRow => ({
            listId: row.list_id as number,
            eventId: row.event_id as number,
            emailKey: row.email_key as string,
            attendeeUuid: row.attendee_uuid as string,
            entryOp: row.entry_op as string,
            checkoutAt: row.checkout_at as string,
          }));
          passed.push(...rows);
          number = rows.length;
        } else number = countCheckedOutOfEvent.get(range)!;
        sweepCount.run({
          scope: count.scope,
          id: count.scope_id,
          from: count.swept_at,
          to: now,
          passed: number,
        });
      }
      return passed;
    },
    /** Records what every count stands at, in the sample of `at` (the start of its few minutes). */
    sampleAll(at: string, now: string): void {
      for (const count of allCounts.all()) {
        const statement = count.scope === 'list' ? insideOfList : insideOfEvent;
        sample.run(count.scope, count.scope_id, at, statement.get({ id: count.scope_id, now }) ?? 0);
      }
    },
    samplesOf: (scope: CountScope, id: number, since: string) => samplesOf.all(scope, id, since),
    pruneSamples: (before: string) => void pruneSamples.run(before),

    /** Every recorded scan on a list, oldest first, with the person it names. */
    scansOfList: (eventId: number, list: Pick<CheckInListRecord, 'uuid' | 'isDefault'>): ListScanRow[] =>
      scansOfList.all({ event: eventId, list: list.uuid, isDefault: list.isDefault ? 1 : 0 }),
    /** The people of the event with a scan on the list. */
    peopleWithScansOn: (eventId: number, listUuid: string) =>
      peopleWithScansOn.all({ event: eventId, list: listUuid }).map((row) => ({
        eventId: row.event_id,
        emailKey: row.email_key,
      })),
    /** The check-ins an undo of the event named: undone. */
    undoneOfEvent(eventId: number): Set<string> {
      const undone = new Set<string>();
      for (const row of undoesOfEvent.all(eventId))
        for (const op of JSON.parse(row.names) as string[]) undone.add(op);
      return undone;
    },
  };
}

export type ListRepository = ReturnType<typeof listRepository>;
