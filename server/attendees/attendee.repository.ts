import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { Db } from '../platform/database.ts';
import type { CheckInRecord } from '../sync/conflict.rules.ts';
import { FIRST_GRANTED_ID } from '../sync/id-ranges.rules.ts';
import { emailKey } from '../platform/email.ts';
import { randomBase62 } from '../platform/random.ts';
import { CHECKIN_CODE_LENGTH } from './checkin-code.rules.ts';
import { attendeeSearchText } from '../platform/search-text.ts';
import type { AttendeeRecord, AttendeeSummary } from './attendee.types.ts';
import type { AttendeeStatus } from '../contract/vocabulary.ts';
import type { SearchTerm } from './search.rules.ts';

interface AttendeeRow {
  id: number;
  uuid: string;
  event_id: number;
  user_id: number | null;
  email: string;
  name: string;
  answers: string;
  status: AttendeeStatus;
  registered_at: string;
  checked_in_at: string | null;
  status_before_no_show: 'pending' | 'confirmed' | null;
  checkin_op_id: string | null;
  checkin_code: string;
}

type AttendeeSummaryRow = Pick<
  AttendeeRow,
  'uuid' | 'name' | 'email' | 'status' | 'registered_at' | 'checked_in_at'
>;

const toSummary = (row: AttendeeSummaryRow): AttendeeSummary => ({
  uuid: row.uuid,
  name: row.name,
  email: row.email,
  status: row.status,
  registeredAt: row.registered_at,
  checkedInAt: row.checked_in_at,
});

const COLUMNS =
  'id, uuid, event_id, user_id, email, name, answers, status, registered_at, checked_in_at, status_before_no_show, ' +
  'checkin_op_id, checkin_code';

/**
 * An attendee as its row holds it. `answers` is parsed on first read: the public check, check-in and lookup
 * endpoints read an attendee on every request and never look at them, and parsing them each time was a measurable
 * share of those requests. A class, so that the getter sits on the prototype: an object literal with a getter of
 * its own is many times dearer to build. Being on the prototype, `answers` is not copied by a
 * spread, so records come from rows (the UPDATEs return theirs), never from `{ ...attendee }`.
 */
class StoredAttendee implements AttendeeRecord {
  readonly id: number;
  readonly uuid: string;
  readonly eventId: number;
  readonly userId: number | null;
  readonly email: string;
  readonly name: string;
  readonly status: AttendeeStatus;
  readonly registeredAt: string;
  readonly checkedInAt: string | null;
  readonly statusBeforeNoShow: 'pending' | 'confirmed' | null;
  readonly checkinOpId: string | null;
  readonly checkinCode: string;
  readonly #answersJson: string;
  #answers: Record<string, string> | undefined;

  constructor(row: AttendeeRow) {
    this.id = row.id;
    this.uuid = row.uuid;
    this.eventId = row.event_id;
    this.userId = row.user_id;
    this.email = row.email;
    this.name = row.name;
    this.status = row.status;
    this.registeredAt = row.registered_at;
    this.checkedInAt = row.checked_in_at;
    this.statusBeforeNoShow = row.status_before_no_show;
    this.checkinOpId = row.checkin_op_id;
    this.checkinCode = row.checkin_code;
    this.#answersJson = row.answers;
  }

  get answers(): Record<string, string> {
    return (this.#answers ??= JSON.parse(this.#answersJson) as Record<string, string>);
  }
}

const toAttendee = (row: AttendeeRow): AttendeeRecord => new StoredAttendee(row);

/** The record of a statement's row, or null when the statement found or changed none. */
const attendeeOrNull = (row: AttendeeRow | undefined): AttendeeRecord | null =>
  row ? toAttendee(row) : null;

export interface NewAttendee {
  /** Null: the next id of this database's own range. */
  id: number | null;
  /** The op that makes it (sync/journal.ts). */
  opId: string;
  eventId: number;
  userId: number | null;
  email: string;
  name: string;
  answers: Record<string, string>;
  status: AttendeeStatus;
  registeredAt: string;
}

export type RegisterResult =
  { ok: true; attendee: AttendeeRecord } | { ok: false; reason: 'already_registered' | 'event_full' };

export interface AttendeeFilter {
  status?: AttendeeStatus;
  email?: string;
  /** Every term matches (search.rules.ts): the folded name, email or an answer contains it, or an option label. */
  search?: readonly SearchTerm[];
  checkedIn?: boolean;
}

/** The `ESCAPE '\'` form of a LIKE pattern that matches `text` anywhere. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

/**
 * The SQL of one search term: the stored folded text contains it (`attendeeSearchText`, platform/search-text.ts),
 * or a select answer is one of the values whose label contains it. It scans the event's rows, which the event's
 * index narrows to; a contains-match cannot use an index anyway.
 */
function searchClause(term: SearchTerm): { clause: string; params: unknown[] } {
  const alternatives = ["search_text LIKE ? ESCAPE '\\'"];
  const params: unknown[] = [containsPattern(term.text)];
  for (const { key, values } of term.options) {
    // Field keys are a-z, 0-9 and _ (event.schemas.ts), safe in a JSON path.
    alternatives.push(`json_extract(answers, '$.${key}') IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  }
  return { clause: `(${alternatives.join(' OR ')})`, params };
}

export function attendeesRepository(db: Db) {
  const byUuid = db.prepare<[string], AttendeeRow>(`SELECT ${COLUMNS} FROM attendees WHERE uuid = ?`);
  // The alias table is sync's (sync/sync.repository.ts writes it when two registrations of one email merge).
  const mergedInto = db.prepare<[string], AttendeeRow>(
    `SELECT ${COLUMNS} FROM attendees WHERE id = (SELECT attendee_id FROM attendee_aliases WHERE uuid = ?)`,
  );
  const mergedUuids = db.prepare<[number], { uuid: string }>(
    'SELECT uuid FROM attendee_aliases WHERE attendee_id = ? ORDER BY uuid',
  );
  const byCheckinCode = db.prepare<[string], AttendeeRow>(
    `SELECT ${COLUMNS} FROM attendees WHERE checkin_code = ?`,
  );
  // The live registration first, else the most recent cancelled one.
  const forEmail = db.prepare<[number, string], AttendeeRow>(
    `SELECT ${COLUMNS} FROM attendees WHERE event_id = ? AND email_key = ?
     ORDER BY status = 'canceled', id DESC LIMIT 1`,
  );
  // Where the event's live registrations' and its organization's people's addresses are, each address once: the
  // pool of decoys of the find-by-name confirm step (find-by-name.rules.ts `domainChoices`).
  const domainCounts = db.prepare<[number, number], { domain: string; count: number }>(
    `SELECT substr(email_key, instr(email_key, '@') + 1) AS domain, COUNT(*) AS count
     FROM (SELECT email_key FROM attendees WHERE event_id = ? AND status <> 'canceled'
           UNION SELECT email_key FROM users WHERE organization_id = ?)
     GROUP BY domain`,
  );
  // A registration made here takes the id it is given (a replica's granted block, sync/journal.ts), else the next
  // one below the ids a hub grants its replicas (sync/sync.repository.ts), so the two never meet.
  const insert = db.prepare<Record<string, unknown>, AttendeeRow>(
    `INSERT INTO attendees (id, uuid, event_id, user_id, email, email_key, name, answers, status, registered_at,
       updated_at, op_id, checkin_code, search_text)
     VALUES (coalesce(@id, (SELECT coalesce(max(id), 0) + 1 FROM attendees WHERE id < ${FIRST_GRANTED_ID})),
       @uuid, @event_id, @user_id, @email, @email_key, @name, @answers, @status, @registered_at, @registered_at,
       @op_id, @checkin_code, @search_text)
     RETURNING ${COLUMNS}`,
  );
  // A no-show who turns up after all is checked in as confirmed; the no-show is kept, overridden, and takes effect
  // again if the check-in is undone (sync/conflict.rules.ts, the same rule as for ops from other nodes).
  // A row that keeps its check-ins (sync/conflict.rules.ts: it had one undone) keeps this one too, at the end (the
  // rules sort them again when they next apply an op); otherwise its only check-in is the one the row holds.
  const checkIn = db.prepare<[string, string, string, number, string, string, number], AttendeeRow>(
    `UPDATE attendees SET checked_in_at = ?, updated_at = ?, checkin_op_id = ?, checked_in_by_name = ?,
       check_in_marks = CASE WHEN check_in_marks IS NULL THEN NULL
         ELSE json_insert(check_in_marks, '$[#]', json_object('op', ?, 'at', ?, 'undone', json('false'))) END,
       overridden_status = CASE status WHEN 'no_show' THEN 'no_show' ELSE overridden_status END,
       status = CASE status WHEN 'no_show' THEN 'confirmed' ELSE status END
     WHERE id = ? AND checked_in_at IS NULL AND status IN ('confirmed', 'no_show')
     RETURNING ${COLUMNS}`,
  );
  const checkInMarks = db.prepare<[number], { check_in_marks: string | null }>(
    'SELECT check_in_marks FROM attendees WHERE id = ?',
  );
  const byNameCheckIn = db.prepare<[number], { checked_in_by_name: number }>(
    'SELECT checked_in_by_name FROM attendees WHERE id = ?',
  );
  const undoCheckIn = db.prepare<[string, string, number], AttendeeRow>(
    `UPDATE attendees SET checked_in_at = NULL, checkin_op_id = NULL, check_in_marks = ?, updated_at = ?,
       status = coalesce(overridden_status, status),
       status_before_no_show = CASE overridden_status
         WHEN 'no_show' THEN CASE status WHEN 'pending' THEN 'pending' ELSE 'confirmed' END
         WHEN 'canceled' THEN NULL
         ELSE status_before_no_show END,
       overridden_status = NULL
     WHERE id = ? AND checked_in_at IS NOT NULL
     RETURNING ${COLUMNS}`,
  );
  const approve = db.prepare<[string, number], AttendeeRow>(
    `UPDATE attendees SET status = 'confirmed', updated_at = ? WHERE id = ? AND status = 'pending'
     RETURNING ${COLUMNS}`,
  );
  // The SQL copy of `isStillExpected` (attendee.rules.ts).
  const stillExpected = db.prepare<[number], { uuid: string }>(
    "SELECT uuid FROM attendees WHERE event_id = ? AND checked_in_at IS NULL AND status IN ('pending', 'confirmed')",
  );
  const countsByStatus = db.prepare<[number], { status: AttendeeStatus; total: number; checked_in: number }>(
    `SELECT status, COUNT(*) AS total, COUNT(checked_in_at) AS checked_in
     FROM attendees WHERE event_id = ? GROUP BY status`,
  );
  const checkInsSince = db.prepare<[number, string], { checked_in_at: string }>(
    'SELECT checked_in_at FROM attendees WHERE event_id = ? AND checked_in_at >= ? ORDER BY checked_in_at',
  );
  const cancel = db.prepare<[string, number], AttendeeRow>(
    `UPDATE attendees SET status = 'canceled', updated_at = ?
     WHERE id = ? AND status <> 'canceled' AND checked_in_at IS NULL
     RETURNING ${COLUMNS}`,
  );
  // The SQL copy of `decideNoShow` (attendee.rules.ts): not cancelled, not checked in.
  const markNoShow = db.prepare<[string, number], AttendeeRow>(
    `UPDATE attendees SET status = 'no_show', updated_at = ?,
       status_before_no_show = CASE status WHEN 'no_show' THEN status_before_no_show ELSE status END
     WHERE id = ? AND status <> 'canceled' AND checked_in_at IS NULL
     RETURNING ${COLUMNS}`,
  );
  // `json_each CROSS JOIN attendees` (and `+event_id` below) make SQLite probe the UUID index once per id; left to
  // itself it scans the event's attendees and the whole id list for each, which is quadratic in the list's length.
  const summariesByUuid = db.prepare<[string, number], AttendeeSummaryRow>(
    `SELECT a.uuid, a.name, a.email, a.status, a.registered_at, a.checked_in_at
     FROM json_each(?) AS ids CROSS JOIN attendees AS a ON a.uuid = ids.value
     WHERE a.event_id = ?`,
  );
  // The ids become the event's rowids first (one probe of the UUID index each, as above), so that the UPDATE then
  // writes the rows in table order; matching `uuid IN (ids)` directly writes them in the ids' order, all over the
  // table, which is slower. Two forms: without a webhook endpoint listening nothing needs to come back, and
  // RETURNING costs time for nothing; with one, the summaries its notifications carry come back from the UPDATE
  // itself rather than from a second lookup of every row.
  // The condition is the SQL copy of `decideNoShow` (attendee.rules.ts), narrowed to the rows a no-show changes.
  const MARK_MANY_NO_SHOW = `UPDATE attendees SET status = 'no_show', updated_at = ?, status_before_no_show = status
     WHERE id IN (SELECT a.id FROM json_each(?) AS ids CROSS JOIN attendees AS a ON a.uuid = ids.value
                  WHERE +a.event_id = ?)
       AND status NOT IN ('canceled', 'no_show') AND checked_in_at IS NULL`;
  const markManyNoShow = db.prepare<[string, string, number]>(MARK_MANY_NO_SHOW);
  const markManyNoShowReturning = db.prepare<[string, string, number], AttendeeSummaryRow>(
    `${MARK_MANY_NO_SHOW} RETURNING uuid, name, email, status, registered_at, checked_in_at`,
  );

  function filterSql(eventId: number, filter: AttendeeFilter): { where: string; params: unknown[] } {
    const clauses = ['event_id = ?'];
    const params: unknown[] = [eventId];
    if (filter.status) {
      clauses.push('status = ?');
      params.push(filter.status);
    }
    if (filter.email) {
      clauses.push('email_key = ?');
      params.push(emailKey(filter.email));
    }
    if (filter.checkedIn !== undefined)
      clauses.push(filter.checkedIn ? 'checked_in_at IS NOT NULL' : 'checked_in_at IS NULL');
    for (const term of filter.search ?? []) {
      const { clause, params: termParams } = searchClause(term);
      clauses.push(clause);
      params.push(...termParams);
    }
    return { where: clauses.join(' AND '), params };
  }

  return {
    findByUuid(uuid: string): AttendeeRecord | null {
      // UUIDs compare case-insensitively; ours are stored lower-case.
      return attendeeOrNull(byUuid.get(uuid.toLowerCase()));
    },

    /** The registration that a merged one (of the same email, from a replica) became, by the merged one's UUID. */
    findMergedInto(uuid: string): AttendeeRecord | null {
      return attendeeOrNull(mergedInto.get(uuid.toLowerCase()));
    },

    /** The UUIDs of the registrations merged into this one: what a cancellation here names beside it. */
    mergedUuids(attendeeId: number): string[] {
      return mergedUuids.all(attendeeId).map((row) => row.uuid);
    },

    /** The registration whose check-in code this is (case-sensitive, like the code), of any event. */
    findByCheckinCode(code: string): AttendeeRecord | null {
      return attendeeOrNull(byCheckinCode.get(code));
    },

    /** The email's live registration for the event, else its latest cancelled one, else null. */
    findForEmail(eventId: number, email: string): AttendeeRecord | null {
      return attendeeOrNull(forEmail.get(eventId, emailKey(email)));
    },

    /**
     * The event's registrations whose folded text contains every word (`attendeeSearchText`): what a name search
     * narrows to before its rules judge the names (find-by-name.rules.ts). Live ones first, then the latest first.
     */
    findContainingAll(eventId: number, words: readonly string[]): AttendeeRecord[] {
      const clauses = words.map(() => "search_text LIKE ? ESCAPE '\\'");
      return db
        .prepare<unknown[], AttendeeRow>(
          `SELECT ${COLUMNS} FROM attendees WHERE event_id = ? AND ${['1', ...clauses].join(' AND ')}
           ORDER BY status = 'canceled', id DESC`,
        )
        .all(eventId, ...words.map(containsPattern))
        .map(toAttendee);
    },

    /**
     * How many addresses each email domain holds among the event's live registrations and its organization's
     * people (each address once): the same on a hub and on its replicas, which hold both.
     */
    emailDomainCounts(eventId: number, organizationId: number): { domain: string; count: number }[] {
      return domainCounts.all(eventId, organizationId);
    },

    /**
     * Inserts a registration. The database refuses a second live registration for the email (unique index) and a
     * registration beyond the seats (trigger), whichever process is writing.
     */
    register(attendee: NewAttendee): RegisterResult {
      try {
        const row = insert.get({
          id: attendee.id,
          uuid: randomUUID(),
          op_id: attendee.opId,
          event_id: attendee.eventId,
          user_id: attendee.userId,
          email: attendee.email,
          email_key: emailKey(attendee.email),
          name: attendee.name,
          answers: JSON.stringify(attendee.answers),
          status: attendee.status,
          registered_at: attendee.registeredAt,
          checkin_code: randomBase62(CHECKIN_CODE_LENGTH),
          search_text: attendeeSearchText(attendee.name, attendee.email, attendee.answers),
        })!;
        return { ok: true, attendee: toAttendee(row) };
      } catch (error) {
        if (error instanceof Database.SqliteError) {
          if (error.code === 'SQLITE_CONSTRAINT_UNIQUE') return { ok: false, reason: 'already_registered' };
          if (error.message === 'event_full') return { ok: false, reason: 'event_full' };
        }
        throw error;
      }
    },

    /** Null when someone else checked the attendee in first (or the status no longer admits it). */
    /** `byName`: the person found themselves by name at a kiosk (migration 029). */
    checkIn(attendeeId: number, at: string, opId: string, byName = false): AttendeeRecord | null {
      return attendeeOrNull(checkIn.get(at, at, opId, byName ? 1 : 0, opId, at, attendeeId));
    },

    /** Whether the attendee's check-in made here was by name at a kiosk (migration 029). */
    wasCheckedInByName(attendeeId: number): boolean {
      return byNameCheckIn.get(attendeeId)?.checked_in_by_name === 1;
    },

    /** Every check-in the attendee was given, when the row keeps them (sync/conflict.rules.ts); else null. */
    checkInMarks(attendeeId: number): CheckInRecord[] | null {
      const marks = checkInMarks.get(attendeeId)?.check_in_marks ?? null;
      return marks === null ? null : (JSON.parse(marks) as CheckInRecord[]);
    },

    /** Null when the attendee was not checked in. `marks`: its check-ins, every one of them undone now. */
    undoCheckIn(attendeeId: number, marks: readonly CheckInRecord[], at: string): AttendeeRecord | null {
      return attendeeOrNull(undoCheckIn.get(JSON.stringify(marks), at, attendeeId));
    },

    /** Null when the attendee was no longer pending. */
    approve(attendeeId: number, at: string): AttendeeRecord | null {
      return attendeeOrNull(approve.get(at, attendeeId));
    },

    /** Everyone still expected: registered (pending or confirmed) and not checked in (`isStillExpected`). */
    stillExpectedUuids(eventId: number): string[] {
      return stillExpected.all(eventId).map((row) => row.uuid);
    },

    /** Per status: how many, and how many of those are checked in. */
    countsByStatus(eventId: number) {
      return countsByStatus.all(eventId);
    },

    /** Check-in times since `since`, oldest first. */
    checkInTimesSince(eventId: number, since: string): string[] {
      return checkInsSince.all(eventId, since).map((row) => row.checked_in_at);
    },

    /** Null when the attendee was already cancelled or checked in. */
    cancel(attendeeId: number, at: string): AttendeeRecord | null {
      return attendeeOrNull(cancel.get(at, attendeeId));
    },

    /** Null when the attendee was cancelled or checked in meanwhile. */
    markNoShow(attendeeId: number, at: string): AttendeeRecord | null {
      return attendeeOrNull(markNoShow.get(at, attendeeId));
    },

    /**
     * The event's attendees among `uuids` (others are absent from the result), with what a bulk decision and its
     * notifications need, and no more.
     */
    summariesInEvent(eventId: number, uuids: readonly string[]): AttendeeSummary[] {
      return summariesByUuid.all(JSON.stringify(uuids), eventId).map(toSummary);
    },

    /**
     * One statement for the whole list: marks the event's attendees among `uuids` whose status a no-show changes
     * (not cancelled, not checked in, not a no-show already) and says how many it marked.
     */
    markManyNoShow(eventId: number, uuids: readonly string[], at: string): number {
      return markManyNoShow.run(at, JSON.stringify(uuids), eventId).changes;
    },

    /** markManyNoShow, returning the marked attendees as the no-show left them. */
    markManyNoShowReturningSummaries(
      eventId: number,
      uuids: readonly string[],
      at: string,
    ): AttendeeSummary[] {
      return markManyNoShowReturning.all(at, JSON.stringify(uuids), eventId).map(toSummary);
    },

    list(
      eventId: number,
      filter: AttendeeFilter,
      page: { limit: number; offset: number },
    ): { items: AttendeeRecord[]; total: number } {
      const { where, params } = filterSql(eventId, filter);
      const total = (
        db.prepare(`SELECT COUNT(*) AS total FROM attendees WHERE ${where}`).get(...params) as {
          total: number;
        }
      ).total;
      const rows = db
        .prepare<unknown[], AttendeeRow>(
          `SELECT ${COLUMNS} FROM attendees WHERE ${where} ORDER BY id LIMIT ? OFFSET ?`,
        )
        .all(...params, page.limit, page.offset);
      return { items: rows.map(toAttendee), total };
    },
  };
}
