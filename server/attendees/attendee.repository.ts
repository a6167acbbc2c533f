import type { Db } from '../platform/database.ts';
import { emailKey } from '../platform/email.ts';
import type { AttendeeRecord, AttendeeSummary } from './attendee.types.ts';
import type { AttendeeStatus, MailState } from '../contract/vocabulary.ts';
import { personMailState } from '../mail/mail-outbox.repository.ts';
import type { SearchTerm } from './search.rules.ts';
import { checkinCodeReadings } from './checkin-code.rules.ts';
import { toSecond } from './ledger.repository.ts';
import type { AttendeeRowState } from './ledger.rules.ts';

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

/**
 * The record of a row the ledger has just written (ledger.repository.ts `writeRows`), as reading it back would give
 * it: its columns are the rules' row with times cut to the second. `userId`: the row's, which only the caller knows.
 */
export function writtenAttendee(
  row: AttendeeRowState,
  eventId: number,
  userId: number | null,
): AttendeeRecord {
  return new StoredAttendee({
    id: row.id,
    uuid: row.uuid,
    event_id: eventId,
    user_id: userId,
    email: row.email,
    name: row.name,
    answers: row.answers,
    status: row.status,
    registered_at: toSecond(row.registeredAt),
    checked_in_at: row.checkedInAt === null ? null : toSecond(row.checkedInAt),
    status_before_no_show: row.statusBeforeNoShow,
    checkin_op_id: row.checkinOpId,
    checkin_code: row.checkinCode,
  });
}

/** The record of a statement's row, or null when the statement found or changed none. */
const attendeeOrNull = (row: AttendeeRow | undefined): AttendeeRecord | null =>
  row ? toAttendee(row) : null;

export type RegisterResult =
  { ok: true; attendee: AttendeeRecord } | { ok: false; reason: 'already_registered' | 'event_full' };

/** A query word with the attendees whose name has a word one edit from it (search.rules.ts). */
export interface SearchTermNear extends SearchTerm {
  near: readonly number[];
}

export interface AttendeeFilter {
  status?: AttendeeStatus;
  email?: string;
  /**
   * Every term matches (search.rules.ts): the folded name, email or an answer contains it, or an option label, or
   * it is one of its `near` attendees; those every term finds as typed come first.
   */
  search?: readonly SearchTermNear[];
  checkedIn?: boolean;
  /** Where the person's mail stands (the desk's mail filter). */
  mailState?: MailState;
}

/** The `ESCAPE '\'` form of a LIKE pattern that matches `text` anywhere. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

/**
 * The SQL of one search term as typed: the stored folded text contains it (`attendeeSearchText`,
 * platform/search-text.ts), or a select answer is one of the values whose label contains it. It scans the event's
 * rows, which the event's index narrows to; a contains-match cannot use an index anyway.
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

/** A term as typed, or one of the attendees whose name is one edit from it (found by their keys beforehand). */
function searchOrNearClause(term: SearchTermNear): { clause: string; params: unknown[] } {
  const typed = searchClause(term);
  if (term.near.length === 0) return typed;
  return {
    clause: `(${typed.clause} OR id IN (SELECT value FROM json_each(?)))`,
    params: [...typed.params, JSON.stringify(term.near)],
  };
}

export function attendeesRepository(db: Db) {
  const byUuid = db.prepare<[string], AttendeeRow>(`SELECT ${COLUMNS} FROM attendees WHERE uuid = ?`);
  // Every registration points at the row it is shown as (ledger.repository.ts): one merged into another person's
  // row (docs/sync.md) finds that row by its own UUID and code.
  const mergedInto = db.prepare<[string], AttendeeRow>(
    `SELECT ${COLUMNS} FROM attendees WHERE id = (SELECT attendee_id FROM registrations WHERE uuid = ?)`,
  );
  const mergedUuids = db.prepare<[number], { uuid: string }>(
    `SELECT r.uuid FROM registrations r JOIN attendees a ON a.id = r.attendee_id
     WHERE r.attendee_id = ? AND r.uuid <> a.uuid AND r.refused = 0 ORDER BY r.uuid`,
  );
  const byCheckinCode = db.prepare<[string], AttendeeRow>(
    `SELECT ${COLUMNS} FROM attendees
     WHERE id = (SELECT attendee_id FROM registrations WHERE checkin_code = ? AND refused = 0)`,
  );
  // The live registration first, else the most recent cancelled one.
  const forEmail = db.prepare<[number, string], AttendeeRow>(
    `SELECT ${COLUMNS} FROM attendees WHERE event_id = ? AND email_key = ?
     ORDER BY status = 'canceled', id DESC LIMIT 1`,
  );
  // Where the event's live registrations' and its organization's people's addresses are, each address once: the
  // pool of decoys of the find-by-name confirm step (find-by-name.rules.ts `domainChoices`).
  const markByName = db.prepare<[string]>('INSERT OR IGNORE INTO name_check_ins (op_id) VALUES (?)');
  const wordsUnderKeys = db.prepare<[string], string>(
    'SELECT DISTINCT word FROM name_word_keys WHERE key IN (SELECT value FROM json_each(?))',
  );
  const attendeesOfWords = db.prepare<[number, string], number>(
    `SELECT DISTINCT attendee_id FROM attendee_name_words
     WHERE event_id = ? AND word IN (SELECT value FROM json_each(?))`,
  );
  const byNameCheckIn = db.prepare<[string], { op_id: string }>(
    'SELECT op_id FROM name_check_ins WHERE op_id = ?',
  );
  const domainCounts = db.prepare<[number, number], { domain: string; count: number }>(
    `SELECT substr(email_key, instr(email_key, '@') + 1) AS domain, COUNT(*) AS count
     FROM (SELECT email_key FROM attendees WHERE event_id = ? AND status <> 'canceled'
           UNION SELECT email_key FROM users WHERE organization_id = ?)
     GROUP BY domain`,
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
  // `json_each CROSS JOIN attendees` (and `+event_id` below) make SQLite probe the UUID index once per id; left to
  // itself it scans the event's attendees and the whole id list for each, which is quadratic in the list's length.
  const summariesByUuid = db.prepare<[string, number], AttendeeSummaryRow>(
    `SELECT a.uuid, a.name, a.email, a.status, a.registered_at, a.checked_in_at
     FROM json_each(?) AS ids CROSS JOIN attendees AS a ON a.uuid = ids.value
     WHERE a.event_id = ?`,
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
    if (filter.mailState) {
      clauses.push(`${personMailState('attendees')} = ?`);
      params.push(filter.mailState);
    }
    for (const term of filter.search ?? []) {
      const { clause, params: termParams } = searchOrNearClause(term);
      clauses.push(clause);
      params.push(...termParams);
    }
    return { where: clauses.join(' AND '), params };
  }

  /**
   * The order of a list: the order of registration, and where a term may find a name by a typo, the attendees that
   * every term finds as typed first.
   */
  function orderSql(filter: AttendeeFilter): { order: string; params: unknown[] } {
    const terms = filter.search ?? [];
    if (!terms.some((term) => term.near.length > 0)) return { order: 'id', params: [] };
    const typed = terms.map(searchClause);
    return {
      order: `(${typed.map((term) => term.clause).join(' AND ')}) DESC, id`,
      params: typed.flatMap((term) => term.params),
    };
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

    /**
     * The registration whose check-in code this is, of any event: the code as it came (older codes are
     * case-sensitive), else its Crockford reading (checkin-code.rules.ts `checkinCodeReadings`).
     */
    findByCheckinCode(code: string): AttendeeRecord | null {
      for (const reading of checkinCodeReadings(code)) {
        const found = byCheckinCode.get(reading);
        if (found) return toAttendee(found);
      }
      return null;
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
     * The name words this node knows under any of `keys` (deletion keys, migration 031): the candidates of a typo,
     * which the search rules then check. Of any event: `attendeesNamed` narrows to one.
     */
    nameWordsUnderKeys(keys: readonly string[]): string[] {
      return wordsUnderKeys.pluck().all(JSON.stringify(keys));
    },

    /** The event's attendees with one of `words` in their name (migration 031). */
    attendeesNamed(eventId: number, words: readonly string[]): number[] {
      return attendeesOfWords.pluck().all(eventId, JSON.stringify(words));
    },

    /** Remembers a check-in (by its op id) as made by finding oneself by name at a kiosk (migration 029). */
    markCheckInByName(opId: string): void {
      markByName.run(opId);
    },

    /** Whether this node made that check-in by name at a kiosk (migration 029). */
    isCheckInByName(opId: string): boolean {
      return byNameCheckIn.get(opId) !== undefined;
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

    /**
     * The event's attendees among `uuids` (others are absent from the result), with what a bulk decision and its
     * notifications need, and no more.
     */
    summariesInEvent(eventId: number, uuids: readonly string[]): AttendeeSummary[] {
      return summariesByUuid.all(JSON.stringify(uuids), eventId).map(toSummary);
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
      const { order, params: orderParams } = orderSql(filter);
      const rows = db
        .prepare<unknown[], AttendeeRow>(
          `SELECT ${COLUMNS} FROM attendees WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
        )
        .all(...params, ...orderParams, page.limit, page.offset);
      return { items: rows.map(toAttendee), total };
    },
  };
}
