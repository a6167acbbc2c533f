import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { Db } from '../platform/database.ts';
import { FIRST_GRANTED_ID } from '../sync/id-ranges.rules.ts';
import { emailKey } from '../platform/email.ts';
import { randomBase62 } from '../platform/random.ts';
import { CHECKIN_CODE_LENGTH } from './checkin-code.rules.ts';
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
         name TEXT NOT NULL, answers TEXT NOT NULL, checkin_code TEXT NOT NULL
       )`,
    );
    return {
      clear: db.prepare('DELETE FROM temp.import_rows'),
      stage: db.prepare<[number, string, string, string, string, string, string]>(
        `INSERT INTO temp.import_rows (row, uuid, email, email_key, name, answers, checkin_code)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      // Served by the partial unique index attendees_live_email, one probe per row.
      taken: db.prepare<[number], { row: number }>(
        `SELECT r.row FROM temp.import_rows AS r
         WHERE EXISTS (SELECT 1 FROM attendees AS a
                       WHERE a.event_id = ? AND a.email_key = r.email_key AND a.status <> 'canceled')
         ORDER BY r.row`,
      ),
      // The same row as attendeesRepository.register writes; the user is linked by email as it is there. Ids
      // follow this database's own, below the range granted to replicas (sync/id-ranges.rules.ts); each row gets
      // an op id like every registration (sync/journal.ts) and a check-in code drawn as the repository draws it.
      insert: db.prepare<[number, string, string, number]>(
        `WITH base AS (SELECT coalesce(max(id), 0) AS id FROM attendees WHERE id < ${FIRST_GRANTED_ID})
         INSERT INTO attendees (id, uuid, event_id, user_id, email, email_key, name, answers, status, registered_at,
           updated_at, op_id, checkin_code)
         SELECT base.id + r.row, r.uuid, ?, u.id, r.email, r.email_key, r.name, r.answers, 'confirmed', ?, ?,
           lower(hex(randomblob(16))), r.checkin_code
         FROM temp.import_rows AS r CROSS JOIN base
           LEFT JOIN users AS u ON u.organization_id = ? AND u.email_key = r.email_key
         ORDER BY r.row`,
      ),
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
      const { clear, stage } = use();
      db.transaction(() => {
        clear.run();
        for (const { row, email, name, answers } of rows) {
          stage.run(
            row,
            randomUUID(),
            email,
            emailKey(email),
            name,
            JSON.stringify(answers),
            randomBase62(CHECKIN_CODE_LENGTH),
          );
        }
      })();
    },

    /** The staged rows whose email has a live registration for the event by now. */
    takenRows(eventId: number): number[] {
      return use()
        .taken.all(eventId)
        .map(({ row }) => row);
    },

    /**
     * Inserts every staged row as a confirmed attendee, in row order. As for a single registration, the database
     * refuses a second live registration for an email and a registration beyond the seats.
     */
    insertStaged(eventId: number, organizationId: number, registeredAt: string): StagedInsertResult {
      try {
        const { changes } = use().insert.run(eventId, registeredAt, registeredAt, organizationId);
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
    },
  };
}

export type ImportStagingRepository = ReturnType<typeof importStagingRepository>;
