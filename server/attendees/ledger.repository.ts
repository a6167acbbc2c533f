import Database, { type Statement } from 'better-sqlite3';
import type { AttendeeStatus } from '../contract/vocabulary.ts';
import type { Db } from '../platform/database.ts';
import { attendeeSearchText, deletionKeys, typoWords } from '../platform/search-text.ts';
import { randomHex } from '../platform/random.ts';
import type {
  AttendeeFact,
  AttendeeFactKind,
  AttendeeRowState,
  FactDetail,
  RegistrationFact,
} from './ledger.rules.ts';

/**
 * The ledger's SQL (migration 017): registrations and attendee facts as every node records them, and the attendee
 * rows ledger.rules.ts makes of them, written back with only what changed.
 */

/** A registration as stored, with where it stands on this node. */
export interface StoredRegistration extends RegistrationFact {
  eventId: number;
  emailKey: string;
  /** The attendee row it is shown as on this node (null before its person's rows were first written). */
  attendeeId: number | null;
  refused: boolean;
  pendingUpstream: boolean;
}

/** An attendee fact as stored. */
export interface StoredFact extends AttendeeFact {
  eventId: number;
  /** The device that made it (a hub's own: null). */
  device: string | null;
  refused: boolean;
  pendingUpstream: boolean;
}

/** An attendee row as the ledger compares it before writing. */
export interface HeldRow {
  id: number;
  uuid: string;
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

interface RegistrationRow {
  uuid: string;
  id: number;
  event_id: number;
  email: string;
  email_key: string;
  name: string;
  answers: string;
  status: 'pending' | 'confirmed';
  registered_at: string;
  op_id: string;
  checkin_code: string;
  refused: number;
  pending_upstream: number;
  attendee_id: number | null;
}

interface FactRow {
  op_id: string;
  event_id: number;
  subject: string;
  kind: AttendeeFactKind;
  at: string;
  names: string;
  device: string | null;
  refused: number;
  pending_upstream: number;
  detail: string | null;
}

const toRegistration = (row: RegistrationRow): StoredRegistration => ({
  uuid: row.uuid,
  id: row.id,
  opId: row.op_id,
  at: row.registered_at,
  status: row.status,
  email: row.email,
  name: row.name,
  answers: row.answers,
  checkinCode: row.checkin_code,
  eventId: row.event_id,
  emailKey: row.email_key,
  attendeeId: row.attendee_id,
  refused: row.refused === 1,
  pendingUpstream: row.pending_upstream === 1,
});

const toFact = (row: FactRow): StoredFact => ({
  opId: row.op_id,
  kind: row.kind,
  subject: row.subject,
  at: row.at,
  names: JSON.parse(row.names) as string[],
  detail: row.detail === null ? null : (JSON.parse(row.detail) as FactDetail),
  eventId: row.event_id,
  device: row.device,
  refused: row.refused === 1,
  pendingUpstream: row.pending_upstream === 1,
});

const REGISTRATION_COLUMNS =
  'uuid, id, event_id, email, email_key, name, answers, status, registered_at, op_id, checkin_code, refused, ' +
  'pending_upstream, attendee_id';
const FACT_COLUMNS = 'op_id, event_id, subject, kind, at, names, device, refused, pending_upstream, detail';

/** A fact's detail as stored: JSON, or null for none. */
export const detailText = (detail: FactDetail | null | undefined): string | null =>
  detail ? JSON.stringify(detail) : null;
const ROW_COLUMNS =
  'id, uuid, email, name, answers, status, registered_at, checked_in_at, status_before_no_show, checkin_op_id, ' +
  'checkin_code';

/** The columns of an attendee row the rules decide, and where each comes from in their answer. */
const DECIDED = {
  uuid: (row: AttendeeRowState) => row.uuid,
  email: (row: AttendeeRowState) => row.email,
  name: (row: AttendeeRowState) => row.name,
  answers: (row: AttendeeRowState) => row.answers,
  status: (row: AttendeeRowState) => row.status,
  registered_at: (row: AttendeeRowState) => toSecond(row.registeredAt),
  checked_in_at: (row: AttendeeRowState) => (row.checkedInAt === null ? null : toSecond(row.checkedInAt)),
  status_before_no_show: (row: AttendeeRowState) => row.statusBeforeNoShow,
  checkin_op_id: (row: AttendeeRowState) => row.checkinOpId,
  checkin_code: (row: AttendeeRowState) => row.checkinCode,
} as const;
type DecidedColumn = keyof typeof DECIDED;
const DECIDED_COLUMNS = Object.keys(DECIDED) as DecidedColumn[];

/**
 * A fact's time as the interface shows it: UTC to the second with its offset (platform/time.ts). Facts keep the
 * millisecond, which the rules compare by.
 */
export function toSecond(iso: string): string {
  // Most times are stored as `toISOString` wrote them: cut, not parsed again (every row of every write is shown so).
  if (WRITTEN_BY_TO_ISO_STRING.test(iso)) return `${iso.slice(0, 19)}+00:00`;
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}
const WRITTEN_BY_TO_ISO_STRING = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Why the database refused to write a registration's row: beyond the seats (the seats trigger of migration 006), or
 * a second live registration of the email (the partial unique index); null for any other error.
 */
export function registrationRefusal(error: unknown): 'event_full' | 'live_email' | null {
  if (!(error instanceof Database.SqliteError)) return null;
  if (error.message === 'event_full') return 'event_full';
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' ? 'live_email' : null;
}

/** Past this many lists of changed columns an UPDATE is prepared for its one use. */
const MAX_CACHED_UPDATES = 64;

export function ledgerRepository(db: Db) {
  const registrationsOf = db.prepare<[number, string], RegistrationRow>(
    `SELECT ${REGISTRATION_COLUMNS} FROM registrations WHERE event_id = ? AND email_key = ? AND refused = 0`,
  );
  const registrationByUuid = db.prepare<[string], RegistrationRow>(
    `SELECT ${REGISTRATION_COLUMNS} FROM registrations WHERE uuid = ?`,
  );
  const registrationByOp = db.prepare<[string], RegistrationRow>(
    `SELECT ${REGISTRATION_COLUMNS} FROM registrations WHERE op_id = ?`,
  );
  const registrationById = db.prepare<[number], RegistrationRow>(
    `SELECT ${REGISTRATION_COLUMNS} FROM registrations WHERE id = ?`,
  );
  const registrationByCode = db.prepare<[string], RegistrationRow>(
    `SELECT ${REGISTRATION_COLUMNS} FROM registrations WHERE checkin_code = ?`,
  );
  // Edits are found by any registration they name (`names` holds the rest of the person their node knew), not only
  // by their subject: an edit moves every registration it names (ledger.rules.ts `currentEmail`).
  const editsAbout = db.prepare<{ event: number; subjects: string }, FactRow>(
    `SELECT ${FACT_COLUMNS} FROM attendee_facts AS f
     WHERE f.op_id IN (SELECT op_id FROM edit_subjects
                       WHERE registration_uuid IN (SELECT value FROM json_each(@subjects)))
       AND f.event_id = @event AND f.kind = 'edit' AND f.refused = 0`,
  );
  // Both at once, as a person's rows are made from them (one statement on every write, not two).
  const factsAndEditsAbout = db.prepare<{ event: number; subjects: string }, FactRow>(
    `SELECT ${FACT_COLUMNS} FROM attendee_facts
     WHERE subject IN (SELECT value FROM json_each(@subjects)) AND event_id = @event AND refused = 0
     UNION ALL
     SELECT ${FACT_COLUMNS} FROM attendee_facts AS f
     WHERE f.op_id IN (SELECT op_id FROM edit_subjects
                       WHERE registration_uuid IN (SELECT value FROM json_each(@subjects)))
       AND f.event_id = @event AND f.kind = 'edit' AND f.refused = 0`,
  );
  const setEmailKey = db.prepare<{ key: string; uuid: string }>(
    'UPDATE registrations SET email_key = @key WHERE uuid = @uuid AND email_key IS NOT @key',
  );
  const factByOp = db.prepare<[string], FactRow>(
    `SELECT ${FACT_COLUMNS} FROM attendee_facts WHERE op_id = ?`,
  );
  const insertRegistration = db.prepare<Record<string, unknown>>(
    `INSERT INTO registrations (uuid, id, event_id, email, email_key, name, answers, status, registered_at, op_id,
       checkin_code, pending_upstream, ticket_secret, language, door, attendee_id)
     VALUES (@uuid, @id, @event_id, @email, @email_key, @name, @answers, @status, @registered_at, @op_id,
       @checkin_code, @pending_upstream, @ticket_secret, @language, @door, @attendee_id)`,
  );
  // Written only where something differs: an unchanged registration keeps its revision (and is not sent again to
  // this node's own replicas). Being confirmed by the node followed is this node's own business, never sent. Its
  // `email_key` is not the node followed's to say: each node derives it from the edits it holds (migration 031).
  const overwriteRegistration = db.prepare<Record<string, unknown>>(
    `UPDATE registrations SET id = @id, email = @email, name = @name, answers = @answers, status = @status, registered_at = @registered_at, checkin_code = @checkin_code, refused = @refused
     WHERE uuid = @uuid AND (id, email, name, answers, status, registered_at, checkin_code, refused)
       IS NOT (@id, @email, @name, @answers, @status, @registered_at, @checkin_code, @refused)`,
  );
  const confirmRegistration = db.prepare<[string]>(
    'UPDATE registrations SET pending_upstream = 0, stale = 0 WHERE uuid = ? AND (pending_upstream OR stale)',
  );
  const insertFact = db.prepare<Record<string, unknown>>(
    `INSERT INTO attendee_facts (op_id, event_id, subject, kind, at, names, device, pending_upstream, detail)
     VALUES (@op_id, @event_id, @subject, @kind, @at, @names, @device, @pending_upstream, @detail)`,
  );
  // A fact as the node followed has it, confirmed (no longer pending or stale) in the same write. Written only when
  // what the rows show differs; else `confirmFollowedFact` writes the rest, only if any of it differs. What only the
  // node followed adds to a detail (a scan over capacity, the kiosk's name) changes no row: it is written without
  // making the person's rows again (ledger.rules.ts, \`ScanDetail\`). One write of the row at most: a kiosk
  // drained after an outage reads every fact it pushed back from the feed, its time corrected by the hub.
  const overwriteFact = db.prepare<Record<string, unknown>>(
    `UPDATE attendee_facts SET subject = @subject, kind = @kind, at = @at, names = @names, device = @device,
       refused = @refused, detail = @detail, pending_upstream = 0, stale = 0
     WHERE op_id = @op_id AND (subject, kind, at, names, refused) IS NOT (@subject, @kind, @at, @names, @refused)`,
  );
  const confirmFollowedFact = db.prepare<{ detail: string | null; op_id: string }>(
    `UPDATE attendee_facts SET detail = @detail, pending_upstream = 0, stale = 0
     WHERE op_id = @op_id AND (pending_upstream OR stale OR detail IS NOT @detail)`,
  );
  const setDetail = db.prepare<[string | null, string]>(
    'UPDATE attendee_facts SET detail = ? WHERE op_id = ?',
  );
  // A snapshot (docs/sync.md): what this node holds from the node it follows is stale until the snapshot brings it
  // again; what it did not bring goes when it ends. What was made here and waits to be confirmed stays.
  const markRegistrationsStale = db.prepare('UPDATE registrations SET stale = 1 WHERE pending_upstream = 0');
  const markFactsStale = db.prepare('UPDATE attendee_facts SET stale = 1 WHERE pending_upstream = 0');
  const staleRegistrations = db.prepare<[], { event_id: number; email_key: string }>(
    'SELECT DISTINCT event_id, email_key FROM registrations WHERE stale = 1',
  );
  const staleFactPeople = db.prepare<[], { event_id: number; email_key: string }>(
    `SELECT DISTINCT r.event_id, r.email_key FROM attendee_facts f JOIN registrations r ON r.uuid = f.subject
     WHERE f.stale = 1`,
  );
  const dropStaleRegistrations = db.prepare('DELETE FROM registrations WHERE stale = 1');
  const dropStaleFacts = db.prepare('DELETE FROM attendee_facts WHERE stale = 1');
  const deletePendingRegistration = db.prepare<[number, string]>(
    'DELETE FROM registrations WHERE (id = ? OR checkin_code = ?) AND pending_upstream = 1',
  );
  const refuseRegistration = db.prepare<[string]>(
    'UPDATE registrations SET refused = 1, pending_upstream = 0 WHERE op_id = ? AND refused = 0',
  );
  const refuseFact = db.prepare<[string]>(
    'UPDATE attendee_facts SET refused = 1, pending_upstream = 0 WHERE op_id = ? AND refused = 0',
  );
  const rowsOf = db.prepare<[number, string], HeldRow>(
    `SELECT ${ROW_COLUMNS} FROM attendees WHERE event_id = ? AND email_key = ?`,
  );
  const deleteRow = db.prepare<[number]>('DELETE FROM attendees WHERE id = ?');
  // Desk search's typo index (migration 031), kept with the rows: a deleted row's words go by the cascade; a word
  // met for the first time goes into the dictionary with its keys.
  const insertNameWord = db.prepare<[number, string, number]>(
    'INSERT INTO attendee_name_words (event_id, word, attendee_id) VALUES (?, ?, ?)',
  );
  const deleteNameWords = db.prepare<[number]>('DELETE FROM attendee_name_words WHERE attendee_id = ?');
  // A word is known once it is filed under itself.
  const knownWord = db.prepare<[string, string], number>(
    'SELECT 1 FROM name_word_keys WHERE key = ? AND word = ?',
  );
  const insertWordKey = db.prepare<[string, string]>(
    'INSERT OR IGNORE INTO name_word_keys (key, word) VALUES (?, ?)',
  );
  const writeNameWords = (eventId: number, attendeeId: number, name: string) => {
    for (const word of typoWords(name)) {
      insertNameWord.run(eventId, word, attendeeId);
      if (knownWord.get(word, word) !== undefined) continue;
      for (const key of deletionKeys(word)) insertWordKey.run(key, word);
    }
  };
  // A row that moves to another person (an email corrected) keeps its id: the old person's copy goes first.
  const deleteMovedRow = db.prepare<[number, number, string]>(
    'DELETE FROM attendees WHERE id = ? AND NOT (event_id = ? AND email_key = ?)',
  );
  const insertRow = db.prepare<Record<string, unknown>, { user_id: number | null }>(
    `INSERT INTO attendees (id, uuid, event_id, user_id, email, email_key, name, answers, status, registered_at,
       checked_in_at, status_before_no_show, checkin_op_id, checkin_code, updated_at, search_text)
     VALUES (@id, @uuid, @event_id,
       (SELECT u.id FROM users u JOIN events e ON e.organization_id = u.organization_id
        WHERE e.id = @event_id AND u.email_key = @email_key),
       @email, @email_key, @name, @answers, @status, @registered_at, @checked_in_at, @status_before_no_show,
       @checkin_op_id, @checkin_code, @updated_at, @search_text)
     RETURNING user_id`,
  );
  const setAttendee = db.prepare<{ attendee: number; uuid: string }>(
    'UPDATE registrations SET attendee_id = @attendee WHERE uuid = @uuid AND attendee_id IS NOT @attendee',
  );
  const nextLocalId = db
    .prepare<[number], number>(
      'UPDATE sync_meta SET next_local_id = next_local_id + ? WHERE id = 1 RETURNING next_local_id',
    )
    .pluck();
  const toRebuild = db.prepare<[], { event_id: number; email_key: string }>(
    'SELECT event_id, email_key FROM ledger_rebuild',
  );
  const rebuilt = db.prepare<[number, string]>(
    'DELETE FROM ledger_rebuild WHERE event_id = ? AND email_key = ?',
  );
  const personOfSubject = db.prepare<[string], { event_id: number; email_key: string }>(
    'SELECT event_id, email_key FROM registrations WHERE uuid = ?',
  );

  // A bulk no-show, in two statements for the whole list rather than a fact and a person at a time: the facts, then
  // the rows. Both take the rows a no-show changes (not cancelled, not checked in, not a no-show already: the SQL
  // copy of `decideNoShow` in attendee.rules.ts, narrowed), and such a row given a no-show becomes exactly what
  // `rowsOfPerson` (ledger.rules.ts) makes of it: a no-show that was what it is now. Each fact names the row's
  // merged registrations, as a single no-show does. `json_each CROSS JOIN attendees` (and `+event_id`) make SQLite
  // probe the UUID index once per id; left to itself it scans the event and the list for each, quadratic in both.
  const MARKED_BY_NO_SHOW = `FROM json_each(@ids) AS ids CROSS JOIN attendees AS a ON a.uuid = ids.value
     WHERE +a.event_id = @event AND a.status NOT IN ('canceled', 'no_show') AND a.checked_in_at IS NULL`;
  // The facts' op ids share a random prefix (64 bits a request) and follow with the id's place in the list: unique as
  // random ones, but next to each other in the op id index, whose pages 10,000 random ids each dirtied (more with
  // every no-show the database held). Their revisions are given, the one after another from the feed's (the insert
  // trigger numbers only facts written without: migration 036), and the feed's moves past them once
  // (`advanceRevision`).
  const NO_SHOW_FACTS = `INSERT INTO attendee_facts
       (op_id, event_id, subject, kind, at, names, device, pending_upstream, rev)
     SELECT @prefix || printf('%016x', ids.key), a.event_id, a.uuid, 'no_show', @at,
       (SELECT json_group_array(r.uuid) FROM registrations AS r
        WHERE r.attendee_id = a.id AND r.uuid <> a.uuid AND r.refused = 0),
       NULL, @pending, (SELECT revision FROM sync_meta) + 1 + ids.key
     ${MARKED_BY_NO_SHOW}`;
  const advanceRevision = db.prepare<[number]>('UPDATE sync_meta SET revision = revision + ?');
  const noShowFacts = db.prepare<Record<string, unknown>>(NO_SHOW_FACTS);
  const noShowFactsReturning = db.prepare<
    Record<string, unknown>,
    { op_id: string; subject: string; names: string }
  >(`${NO_SHOW_FACTS} RETURNING op_id, subject, names`);
  // The ids become the event's rowids first, so that the UPDATE writes the rows in table order; matching
  // `uuid IN (ids)` directly writes them in the ids' order, all over the table, which is slower.
  const MARK_MANY_NO_SHOW = `UPDATE attendees SET status = 'no_show', updated_at = @updated_at,
       status_before_no_show = status
     WHERE id IN (SELECT a.id ${MARKED_BY_NO_SHOW})`;
  const markManyNoShow = db.prepare<Record<string, unknown>>(MARK_MANY_NO_SHOW);
  const markManyNoShowReturning = db.prepare<
    Record<string, unknown>,
    {
      uuid: string;
      name: string;
      email: string;
      status: AttendeeStatus;
      registered_at: string;
      checked_in_at: null;
    }
  >(`${MARK_MANY_NO_SHOW} RETURNING uuid, name, email, status, registered_at, checked_in_at`);

  // While this table holds its row, the seats triggers stand aside (migration 006): a fact from another node is never
  // refused for seats (a replay never loses a person), and is flagged instead.
  const setReplaying = db.prepare('INSERT OR IGNORE INTO sync_replaying (id) VALUES (1)');
  const clearReplaying = db.prepare('DELETE FROM sync_replaying');
  let replayingNow = false;

  /** UPDATEs of the columns that changed, by the list of them: a few lists come back again and again. */
  const rowUpdates = new Map<string, Statement<Record<string, unknown>>>();
  const rowUpdate = (columns: readonly string[]) => {
    const key = columns.join(',');
    let statement = rowUpdates.get(key);
    if (!statement) {
      statement = db.prepare(
        `UPDATE attendees SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`,
      );
      if (rowUpdates.size < MAX_CACHED_UPDATES) rowUpdates.set(key, statement);
    }
    return statement;
  };

  return {
    /** Every registration of one person (an email in an event) that was not refused. */
    registrationsOf: (eventId: number, emailKey: string): StoredRegistration[] =>
      registrationsOf.all(eventId, emailKey).map(toRegistration),
    registrationByUuid(uuid: string): StoredRegistration | null {
      const row = registrationByUuid.get(uuid.toLowerCase());
      return row ? toRegistration(row) : null;
    },
    registrationByOp(opId: string): StoredRegistration | null {
      const row = registrationByOp.get(opId);
      return row ? toRegistration(row) : null;
    },
    registrationById(id: number): StoredRegistration | null {
      const row = registrationById.get(id);
      return row ? toRegistration(row) : null;
    },
    registrationByCode(code: string): StoredRegistration | null {
      const row = registrationByCode.get(code);
      return row ? toRegistration(row) : null;
    },
    /** The person a registration's UUID belongs to, or null when no registration has it. */
    personOf(uuid: string): { eventId: number; emailKey: string } | null {
      const row = personOfSubject.get(uuid.toLowerCase());
      return row ? { eventId: row.event_id, emailKey: row.email_key } : null;
    },
    /** The edits of `eventId` naming one of `subjects` (their subject, or among the registrations they name). */
    editsAbout: (eventId: number, subjects: readonly string[]): StoredFact[] =>
      editsAbout.all({ event: eventId, subjects: JSON.stringify(subjects) }).map(toFact),
    /** The facts of `eventId` naming one of `subjects` (refused ones left out), and `editsAbout` them; each once. */
    factsAndEditsAbout(eventId: number, subjects: readonly string[]): StoredFact[] {
      const facts: StoredFact[] = [];
      const held = new Set<string>();
      for (const row of factsAndEditsAbout.all({ event: eventId, subjects: JSON.stringify(subjects) })) {
        if (held.has(row.op_id)) continue;
        held.add(row.op_id);
        facts.push(toFact(row));
      }
      return facts;
    },
    /** The person a registration is now (its current email's key); true when it moved. */
    setEmailKey: (uuid: string, key: string): boolean => setEmailKey.run({ key, uuid }).changes > 0,
    factByOp(opId: string): StoredFact | null {
      const row = factByOp.get(opId);
      return row ? toFact(row) : null;
    },

    /**
     * A new registration. `attendeeId`: the row it will be shown as, where the caller can tell (its own, unless it
     * joins an older registration's row); `writeRows` sets it right either way, and writes it only if it moves.
     */
    insertRegistration(
      registration: RegistrationFact & {
        eventId: number;
        emailKey: string;
        pendingUpstream: boolean;
        attendeeId?: number | null;
      },
    ): void {
      insertRegistration.run({
        uuid: registration.uuid,
        id: registration.id,
        event_id: registration.eventId,
        email: registration.email,
        email_key: registration.emailKey,
        name: registration.name,
        answers: registration.answers,
        status: registration.status,
        registered_at: registration.at,
        op_id: registration.opId,
        checkin_code: registration.checkinCode,
        pending_upstream: registration.pendingUpstream ? 1 : 0,
        ticket_secret: registration.ticketSecret ?? null,
        language: registration.language ?? null,
        door: registration.door ?? null,
        attendee_id: registration.attendeeId ?? null,
      });
    },
    /** A registration as the node this one follows has it (true when anything the rows show changed). */
    overwriteRegistration(registration: RegistrationFact & { emailKey: string; refused: boolean }): boolean {
      confirmRegistration.run(registration.uuid);
      return (
        overwriteRegistration.run({
          uuid: registration.uuid,
          id: registration.id,
          email: registration.email,
          email_key: registration.emailKey,
          name: registration.name,
          answers: registration.answers,
          status: registration.status,
          registered_at: registration.at,
          checkin_code: registration.checkinCode,
          refused: registration.refused ? 1 : 0,
        }).changes > 0
      );
    },
    insertFact(
      fact: AttendeeFact & { eventId: number; device: string | null; pendingUpstream: boolean },
    ): void {
      insertFact.run({
        op_id: fact.opId,
        event_id: fact.eventId,
        subject: fact.subject,
        kind: fact.kind,
        at: fact.at,
        names: JSON.stringify(fact.names),
        device: fact.device,
        pending_upstream: fact.pendingUpstream ? 1 : 0,
        detail: detailText(fact.detail),
      });
    },
    /** A fact's detail, as the node that holds the truth completed it (a scan flagged over capacity). */
    setDetail(opId: string, detail: FactDetail | null): void {
      setDetail.run(detailText(detail), opId);
    },
    /** A fact as the node this one follows has it (true when anything the rows show changed). */
    overwriteFact(fact: AttendeeFact & { device: string | null; refused: boolean }): boolean {
      const detail = detailText(fact.detail);
      const shown = overwriteFact.run({
        op_id: fact.opId,
        subject: fact.subject,
        kind: fact.kind,
        at: fact.at,
        names: JSON.stringify(fact.names),
        device: fact.device,
        refused: fact.refused ? 1 : 0,
        detail,
      });
      if (shown.changes > 0) return true;
      confirmFollowedFact.run({ detail, op_id: fact.opId });
      return false;
    },
    /**
     * A registration of the node followed takes an id or code that a registration made here and not yet confirmed
     * holds (only ids a cut-off kiosk drew at random can meet): the one made here gives way. Its op, still waiting,
     * brings it back with an id the node followed gives it.
     */
    giveWayTo: (id: number, code: string) => deletePendingRegistration.run(id, code).changes > 0,
    /** A new snapshot begins: everything held from the node followed is stale until it comes again. */
    markUpstreamStale(): void {
      markRegistrationsStale.run();
      markFactsStale.run();
    },
    /** The snapshot ended: what it did not bring again goes. The people whose rows must be written again. */
    dropStale(): { eventId: number; emailKey: string }[] {
      const people = [...staleRegistrations.all(), ...staleFactPeople.all()];
      dropStaleFacts.run();
      dropStaleRegistrations.run();
      return people.map((row) => ({ eventId: row.event_id, emailKey: row.email_key }));
    },
    /** The node this one follows refused the op that made it: kept, and left out of every row from now on. */
    refuse(opId: string): boolean {
      return refuseRegistration.run(opId).changes + refuseFact.run(opId).changes > 0;
    },

    /** The attendee rows of one person as held now. */
    rowsOf: (eventId: number, emailKey: string): HeldRow[] => rowsOf.all(eventId, emailKey),

    /**
     * Writes what the rules made of one person over what is held: rows no longer made go, rows kept get the columns
     * that changed, new rows come. A row that becomes cancelled is written before any other, and the ones that go
     * before those that come, so the one-live-registration index never sees two at once. The user of each row it
     * wrote anew, by the row's id (a kept row keeps its user).
     */
    writeRows(
      eventId: number,
      emailKey: string,
      held: readonly HeldRow[],
      made: readonly AttendeeRowState[],
      now: string,
      /** The person's registrations as read before: one already shown as its row is not written again. */
      registrations: readonly Pick<StoredRegistration, 'uuid' | 'attendeeId'>[] = [],
    ): Map<number, number | null> {
      const usersOfNewRows = new Map<number, number | null>();
      const madeIds = new Set(made.map((row) => row.id));
      for (const row of held) if (!madeIds.has(row.id)) deleteRow.run(row.id);
      const heldById = new Map(held.map((row) => [row.id, row]));
      const updates: { row: AttendeeRowState; changed: DecidedColumn[] }[] = [];
      const inserts: AttendeeRowState[] = [];
      for (const row of made) {
        const before = heldById.get(row.id);
        if (!before) {
          inserts.push(row);
          continue;
        }
        const changed = DECIDED_COLUMNS.filter((column) => before[column] !== DECIDED[column](row));
        if (changed.length > 0) updates.push({ row, changed });
      }
      updates.sort((a, b) => Number(b.row.status === 'canceled') - Number(a.row.status === 'canceled'));
      for (const { row, changed } of updates) {
        const values: Record<string, unknown> = { id: row.id, updated_at: now };
        for (const column of changed) values[column] = DECIDED[column](row);
        const columns = [...changed, 'updated_at'] as string[];
        if (changed.some((column) => column === 'name' || column === 'email' || column === 'answers')) {
          values.search_text = searchTextOf(row);
          columns.push('search_text');
        }
        rowUpdate(columns).run(values);
        if (changed.includes('name')) {
          deleteNameWords.run(row.id);
          writeNameWords(eventId, row.id, row.name);
        }
      }
      for (const row of inserts) {
        deleteMovedRow.run(row.id, eventId, emailKey);
        const written = insertRow.get({
          id: row.id,
          event_id: eventId,
          email_key: emailKey,
          updated_at: now,
          search_text: searchTextOf(row),
          ...Object.fromEntries(DECIDED_COLUMNS.map((column) => [column, DECIDED[column](row)])),
        })!;
        usersOfNewRows.set(row.id, written.user_id);
        writeNameWords(eventId, row.id, row.name);
      }
      const shownAs = new Map(
        registrations.map((registration) => [registration.uuid, registration.attendeeId]),
      );
      for (const row of made) {
        for (const uuid of row.members)
          if (shownAs.get(uuid) !== row.id) setAttendee.run({ attendee: row.id, uuid });
      }
      return usersOfNewRows;
    },

    /**
     * Records a no-show of each of the event's attendees among `uuids` whose status it changes, and marks them; the
     * facts recorded when `returnFacts` (a node sending them on), the marked rows when `returnRows` (webhooks).
     */
    markManyNoShow(
      eventId: number,
      uuids: readonly string[],
      at: Date,
      options: { pendingUpstream: boolean; returnFacts: boolean; returnRows: boolean },
    ) {
      const params = {
        ids: JSON.stringify(uuids),
        event: eventId,
        at: at.toISOString(),
        updated_at: toSecond(at.toISOString()),
        pending: options.pendingUpstream ? 1 : 0,
        prefix: randomHex(8),
      };
      const facts = options.returnFacts
        ? noShowFactsReturning.all(params).map((row) => ({
            opId: row.op_id,
            subject: row.subject,
            names: JSON.parse(row.names) as string[],
          }))
        : (noShowFacts.run(params), null);
      // Past every revision given above (one a place in the list).
      advanceRevision.run(uuids.length);
      if (options.returnRows) {
        const rows = markManyNoShowReturning.all(params);
        return {
          facts,
          count: rows.length,
          rows: rows.map((row) => ({
            uuid: row.uuid,
            name: row.name,
            email: row.email,
            status: row.status,
            registeredAt: row.registered_at,
            checkedInAt: row.checked_in_at,
          })),
        };
      }
      return { facts, count: markManyNoShow.run(params).changes, rows: null };
    },

    /** `count` consecutive ids of this node's own range, never handed out before: the first of them. */
    takeLocalIds(count = 1): number {
      return nextLocalId.get(count)! - count;
    },

    /**
     * Runs `work` with the seats guards standing aside (see the statements above). Inside a `work` already under
     * way it only runs: a hub applying a chunk of ops sets the row once, not once an op.
     */
    replaying<T>(work: () => T): T {
      if (replayingNow) return work();
      setReplaying.run();
      replayingNow = true;
      try {
        return work();
      } finally {
        replayingNow = false;
        clearReplaying.run();
      }
    },

    /** The people whose rows are to be written again from their facts (migration 017). */
    peopleToRebuild: () => toRebuild.all().map((row) => ({ eventId: row.event_id, emailKey: row.email_key })),
    rebuilt: (eventId: number, emailKey: string) => void rebuilt.run(eventId, emailKey),
  };
}

function searchTextOf(row: AttendeeRowState): string {
  return attendeeSearchText(row.name, row.email, JSON.parse(row.answers) as Record<string, string>);
}

export type LedgerRepository = ReturnType<typeof ledgerRepository>;
