import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { Db } from '../platform/database.ts';
import { emailKey } from '../platform/email.ts';
import { randomBase62 } from '../platform/random.ts';
import { drawCheckinCode } from './checkin-code.rules.ts';
import { TICKET_SECRET_LENGTH } from '../tickets/ticket.rules.ts';
import { attendeeSearchText, deletionKeys, typoWords } from '../platform/search-text.ts';
import type { AttendeeSummary } from './attendee.types.ts';
import type { AttendeeStatus } from '../contract/vocabulary.ts';

/** A checked import row, ready to become an attendee; `row` counts data rows from 1. */
export interface StagedRow {
  row: number;
  email: string;
  name: string;
  answers: Record<string, string>;
}

export type StagedInsertResult =
  { ok: true; inserted: number } | { ok: false; reason: 'already_registered' | 'event_full' };

/**
 * An import's rows wait in a TEMP table of the importing connection, so that the write transaction holds the lock
 * for one INSERT ... SELECT rather than for ten thousand statements from JavaScript. A TEMP table lives in the
 * connection's own temporary database: filling it takes no lock on arrivals.db and needs no migration, and it
 * vanishes with the connection if the import dies half way. Statements are prepared on first use, so a connection
 * that never imports never creates the table.
 */
export function importStagingRepository(db: Db) {
  let statements: ReturnType<typeof prepare> | null = null;

  function prepare() {
    db.exec(
      `CREATE TEMP TABLE IF NOT EXISTS import_rows (
         row INTEGER PRIMARY KEY, uuid TEXT NOT NULL, email TEXT NOT NULL, email_key TEXT NOT NULL,
         name TEXT NOT NULL, answers TEXT NOT NULL, checkin_code TEXT NOT NULL,
         search_text TEXT NOT NULL, ticket_secret TEXT NOT NULL
       );
       CREATE TEMP TABLE IF NOT EXISTS import_name_words (row INTEGER NOT NULL, word TEXT NOT NULL);
       CREATE INDEX IF NOT EXISTS temp.import_name_words_row ON import_name_words(row);
       CREATE TEMP TABLE IF NOT EXISTS import_word_keys (word TEXT NOT NULL, key TEXT NOT NULL);
       CREATE INDEX IF NOT EXISTS temp.import_word_keys_word ON import_word_keys(word)`,
    );
    // The words of the chunk's rows still staged (a row left out is not imported).
    const chunkWords = `SELECT w.row, w.word FROM temp.import_name_words AS w
      WHERE w.row BETWEEN @from AND @to AND w.row IN (SELECT row FROM temp.import_rows)`;
    return {
      clear: db.prepare('DELETE FROM temp.import_rows'),
      clearNameWords: db.prepare('DELETE FROM temp.import_name_words'),
      clearWordKeys: db.prepare('DELETE FROM temp.import_word_keys'),
      stageNameWord: db.prepare<[number, string]>(
        'INSERT INTO temp.import_name_words (row, word) VALUES (?, ?)',
      ),
      stageWordKey: db.prepare<[string, string]>(
        'INSERT INTO temp.import_word_keys (word, key) VALUES (?, ?)',
      ),
      // Desk search's typo index (migration 031), written with the rows: their words, and the dictionary's keys of
      // the words it meets for the first time (decided before any is written: MATERIALIZED).
      insertNameWords: db.prepare<{ event: number; base: number; from: number; to: number }>(
        `INSERT INTO attendee_name_words (event_id, word, attendee_id)
         SELECT @event, c.word, @base + c.row FROM (${chunkWords}) AS c`,
      ),
      insertWordKeys: db.prepare<{ from: number; to: number }>(
        `WITH fresh(word) AS MATERIALIZED (
           SELECT DISTINCT c.word FROM (${chunkWords}) AS c
           WHERE NOT EXISTS (SELECT 1 FROM name_word_keys AS d WHERE d.key = c.word AND d.word = c.word))
         INSERT OR IGNORE INTO name_word_keys (key, word)
         SELECT k.key, k.word FROM temp.import_word_keys AS k JOIN fresh USING (word)`,
      ),
      stage: db.prepare<[number, string, string, string, string, string, string, string, string]>(
        `INSERT INTO temp.import_rows (row, uuid, email, email_key, name, answers, checkin_code, search_text,
           ticket_secret)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      // Served by the partial unique index attendees_live_email, one probe per row.
      taken: db.prepare<{ event: number; from: number; to: number }, { row: number }>(
        `SELECT r.row FROM temp.import_rows AS r
         WHERE r.row BETWEEN @from AND @to
           AND EXISTS (SELECT 1 FROM attendees AS a
                       WHERE a.event_id = @event AND a.email_key = r.email_key AND a.status <> 'canceled')
         ORDER BY r.row`,
      ),
      // The ledger's registrations first (attendees/ledger.repository.ts), then their rows: a person with one
      // confirmed registration and nothing else recorded is shown as that registration (ledger.rules.ts), so the
      // rows are written here directly rather than worked out one by one.
      register: db.prepare<{ event: number; at: string; base: number; from: number; to: number }>(
        `INSERT INTO registrations (uuid, id, event_id, email, email_key, name, answers, status, registered_at, op_id,
           checkin_code, attendee_id, ticket_secret, door)
         SELECT r.uuid, @base + r.row, @event, r.email, r.email_key, r.name, r.answers, 'confirmed', @at,
           lower(hex(randomblob(16))), r.checkin_code, @base + r.row, r.ticket_secret, 'import'
         FROM temp.import_rows AS r
         WHERE r.row BETWEEN @from AND @to
         ORDER BY r.row`,
      ),
      // The row a single registration gets (ledger.repository.ts), the user linked by email as it is there.
      insert: db.prepare<{
        event: number;
        organization: number;
        at: string;
        base: number;
        from: number;
        to: number;
      }>(
        `INSERT INTO attendees (id, uuid, event_id, user_id, email, email_key, name, answers, status, registered_at,
           updated_at, checkin_code, search_text)
         SELECT @base + r.row, r.uuid, @event, u.id, r.email, r.email_key, r.name, r.answers, 'confirmed', @at, @at,
           r.checkin_code, r.search_text
         FROM temp.import_rows AS r
           LEFT JOIN users AS u ON u.organization_id = @organization AND u.email_key = r.email_key
         WHERE r.row BETWEEN @from AND @to
         ORDER BY r.row`,
      ),
      drop: db.prepare<[number]>('DELETE FROM temp.import_rows WHERE row = ?'),
      inserted: db.prepare<
        [],
        {
          uuid: string;
          name: string;
          email: string;
          status: AttendeeStatus;
          registered_at: string;
          checked_in_at: string | null;
        }
      >(
        `SELECT a.uuid, a.name, a.email, a.status, a.registered_at, a.checked_in_at
         FROM temp.import_rows AS r CROSS JOIN attendees AS a ON a.uuid = r.uuid ORDER BY a.id`,
      ),
    };
  }

  const use = () => (statements ??= prepare());

  return {
    /** Replaces what is staged with `rows`, each with a fresh attendee UUID. */
    stage(rows: readonly StagedRow[]): void {
      const { clear, stage, clearNameWords, clearWordKeys, stageNameWord, stageWordKey } = use();
      db.transaction(() => {
        clear.run();
        clearNameWords.run();
        clearWordKeys.run();
        const words = new Set<string>();
        for (const { row, name } of rows) {
          for (const word of typoWords(name)) {
            stageNameWord.run(row, word);
            words.add(word);
          }
        }
        for (const word of words) for (const key of deletionKeys(word)) stageWordKey.run(word, key);
        for (const { row, email, name, answers } of rows) {
          stage.run(
            row,
            randomUUID(),
            email,
            emailKey(email),
            name,
            JSON.stringify(answers),
            drawCheckinCode(),
            attendeeSearchText(name, email, answers),
            randomBase62(TICKET_SECRET_LENGTH),
          );
        }
      })();
    },

    /** Leaves the staged `rows` out: they are not imported. */
    drop(rows: readonly number[]): void {
      const { drop } = use();
      for (const row of rows) drop.run(row);
    },

    /** The staged rows (those from `from` to `to`) whose email has a live registration for the event by now. */
    takenRows(eventId: number, { from = 1, to = Number.MAX_SAFE_INTEGER } = {}): number[] {
      return use()
        .taken.all({ event: eventId, from, to })
        .map(({ row }) => row);
    },

    /**
     * Inserts the staged rows from `from` to `to` as confirmed attendees, row n with id `base` + n. As for a single
     * registration, the database refuses a second live registration for an email and a registration beyond the
     * seats.
     */
    insertStaged(
      eventId: number,
      organizationId: number,
      registeredAt: string,
      { base, from, to }: { base: number; from: number; to: number },
    ): StagedInsertResult {
      try {
        // One savepoint for both: a refused chunk leaves no registration without its row.
        const { changes } = db.transaction(() => {
          use().register.run({ event: eventId, at: new Date(registeredAt).toISOString(), base, from, to });
          const inserted = use().insert.run({
            event: eventId,
            organization: organizationId,
            at: registeredAt,
            base,
            from,
            to,
          });
          use().insertNameWords.run({ event: eventId, base, from, to });
          use().insertWordKeys.run({ from, to });
          return inserted;
        })();
        return { ok: true, inserted: changes };
      } catch (error) {
        if (error instanceof Database.SqliteError) {
          if (error.code === 'SQLITE_CONSTRAINT_UNIQUE') return { ok: false, reason: 'already_registered' };
          if (error.message === 'event_full') return { ok: false, reason: 'event_full' };
        }
        throw error;
      }
    },

    /** The attendees the staged rows became, as notifications show them. */
    insertedSummaries(): AttendeeSummary[] {
      return use()
        .inserted.all()
        .map((row) => ({
          uuid: row.uuid,
          name: row.name,
          email: row.email,
          status: row.status,
          registeredAt: row.registered_at,
          checkedInAt: row.checked_in_at,
        }));
    },

    clear(): void {
      use().clear.run();
      use().clearNameWords.run();
      use().clearWordKeys.run();
    },
  };
}

export type ImportStagingRepository = ReturnType<typeof importStagingRepository>;

/** An import writing its rows in chunks: the ids it took and the first revision it wrote (migration 012). */
export interface ImportUnderWay {
  id: number;
  eventId: number;
  firstId: number;
  lastId: number;
  firstRev: number;
}

/** The imports that have written some of their rows and not yet all (migration 012). */
export function importsUnderWayRepository(db: Db) {
  const begin = db.prepare<{ event: number; firstId: number; lastId: number; at: string }>(
    `INSERT INTO imports_under_way (event_id, first_id, last_id, first_rev, started_at)
     VALUES (@event, @firstId, @lastId, (SELECT revision + 1 FROM sync_meta), @at)`,
  );
  const finish = db.prepare<[number]>('DELETE FROM imports_under_way WHERE id = ?');
  const deleteRows = db.prepare<[number]>(
    `DELETE FROM attendees WHERE id IN (
       SELECT a.id FROM imports_under_way AS i JOIN attendees AS a
         ON a.event_id = i.event_id AND a.id BETWEEN i.first_id AND i.last_id
       WHERE i.id = ?)`,
  );
  // The import's registrations go too: the feed never showed them (it stops short of an import under way), and
  // their ids, taken from this node's counter, are not handed out again.
  const deleteRegistrations = db.prepare<[number]>(
    `DELETE FROM registrations WHERE rowid IN (
       SELECT r.rowid FROM imports_under_way AS i JOIN registrations AS r
         ON r.event_id = i.event_id AND r.id BETWEEN i.first_id AND i.last_id
       WHERE i.id = ?)`,
  );
  const list = db.prepare<
    [],
    { id: number; event_id: number; first_id: number; last_id: number; first_rev: number }
  >('SELECT id, event_id, first_id, last_id, first_rev FROM imports_under_way ORDER BY id');

  return {
    /** Notes an import about to write rows with ids from `firstId` to `lastId` into `eventId`: its id. */
    begin(eventId: number, firstId: number, lastId: number, at: string): number {
      return Number(begin.run({ event: eventId, firstId, lastId, at }).lastInsertRowid);
    },

    /** The import has written all its rows. */
    finish(id: number): void {
      finish.run(id);
    },

    /** Deletes the rows the import wrote, and its note: as if it had never begun. The number of rows deleted. */
    rollBack(id: number): number {
      deleteRegistrations.run(id);
      const { changes } = deleteRows.run(id);
      finish.run(id);
      return changes;
    },

    list(): ImportUnderWay[] {
      return list.all().map((row) => ({
        id: row.id,
        eventId: row.event_id,
        firstId: row.first_id,
        lastId: row.last_id,
        firstRev: row.first_rev,
      }));
    },
  };
}

export type ImportsUnderWayRepository = ReturnType<typeof importsUnderWayRepository>;
