import type { EventRecord } from '../events/event.types.ts';
import { emailKey } from '../platform/email.ts';
import { fieldMessage, type FieldErrors } from '../platform/field-errors.ts';
import type { Store } from '../store.ts';
import type { ChangeNotifier } from '../webhooks/notifier.ts';
import type { IMPORT_MODES } from './desk.schemas.ts';
import type { StagedRow } from './import.repository.ts';
import { explainChoiceErrors, withOptionValues } from './import.rules.ts';
import { attendeeName, validateRegistration } from './registration.rules.ts';

/** Errors of one CSV row; `row` counts data rows from 1. */
export interface ImportRowError {
  row: number;
  errors: FieldErrors;
}

export type ImportOutcome =
  /** `skipped`: the rows left out, when a `valid_rows` import left some out. */
  | { ok: true; imported: number; skipped?: ImportRowError[] }
  | { ok: false; reason: 'invalid'; rows: ImportRowError[] }
  | { ok: false; reason: 'event_full'; available: number }
  | { ok: false; reason: 'event_not_found' };

/**
 * What an import would do, found in one pass before it is sent (issue 39): every row it would refuse and why (the
 * field rules, an email twice in the file, an email registered already), how many rows it would import (the rest),
 * and the seats left for them (null: unlimited), which hold all of them or none.
 */
export type ImportPreviewOutcome =
  | { ok: true; rows: number; importable: number; refused: ImportRowError[]; seatsLeft: number | null }
  | { ok: false; reason: 'event_not_found' };

export interface ImportWrite {
  /** When the attendees registered: the request's time. */
  registeredAt: string;
  /**
   * Called, and awaited, right before each write transaction begins; `afterWriting` once one has committed and
   * another follows, so that other writers may go in between (attendees/import-thread.ts).
   */
  beforeWriting(): Promise<void>;
  afterWriting(): void;
  /** Whether a refused row stops the import (`all_or_nothing`) or is left out and reported (`valid_rows`). */
  mode: (typeof IMPORT_MODES)[number];
}

/**
 * Rows per write transaction. Measured with `npm run bench:import` (the server on one core, probed every 10 ms):
 * ten thousand rows in one transaction held other writes up to 200 ms; chunks of 1,000 held the gate 50-90 ms each;
 * chunks of 250 hold it 14 ms (median; 33 ms at most), and no write waited more than 40 ms.
 */
export const IMPORT_CHUNK_ROWS = 250;

const takenEmail = (row: number): ImportRowError => ({
  row,
  errors: { email: [fieldMessage.taken('email')] },
});

const byRow = (a: ImportRowError, b: ImportRowError) => a.row - b.row;

/**
 * Imports rows (already mapped to field keys) all or nothing, or (`valid_rows`) the rows that pass with a report
 * of the rest: every row is checked against the field rules, the other rows and the live registrations; then all
 * that pass are written. The seats are all or nothing either way: a partial list that does not fit is the
 * organizer's call. It runs on the import worker's own connection (attendees/import.worker.ts), so nothing here
 * holds the server's event loop.
 *
 * The checks and the rows' preparation happen before the write lock is taken, which other writers must wait for.
 * The rows are then written a chunk at a time (`publish`), each chunk checking again only what a concurrent writer
 * could have changed meanwhile (an email registered, the seats taken).
 */
export function attendeeImportService(store: Store, notify: ChangeNotifier) {
  const { repos } = store;

  /** Field errors and repeated emails within the file; the rows that pass, ready to stage. */
  function checkRows(event: EventRecord, rows: readonly unknown[]) {
    const errors: ImportRowError[] = [];
    const accepted: StagedRow[] = [];
    const seen = new Set<string>();
    rows.forEach((body, index) => {
      const row = index + 1;
      const check = validateRegistration(
        event.registrationFields,
        withOptionValues(event.registrationFields, body),
      );
      if (!check.ok) {
        errors.push({ row, errors: explainChoiceErrors(event.registrationFields, body, check.errors) });
        return;
      }
      const email = check.answers.email!;
      const key = emailKey(email);
      if (seen.has(key)) {
        errors.push(takenEmail(row));
        return;
      }
      seen.add(key);
      accepted.push({
        row,
        email,
        name: attendeeName(event.registrationFields, check.answers, email),
        answers: check.answers,
      });
    });
    return { errors, accepted };
  }

  async function importAttendees(
    eventId: number,
    rows: readonly unknown[],
    write: ImportWrite,
  ): Promise<ImportOutcome> {
    const event = repos.events.findById(eventId);
    if (!event) return { ok: false, reason: 'event_not_found' };
    const { errors, accepted } = checkRows(event, rows);
    repos.importStaging.stage(accepted);
    try {
      const taken = repos.importStaging.takenRows(event.id);
      const refused = [...errors, ...taken.map(takenEmail)].sort(byRow);
      if (refused.length > 0 && write.mode === 'all_or_nothing')
        return { ok: false, reason: 'invalid', rows: refused };
      repos.importStaging.drop(taken);
      const out = new Set(taken);
      const staged = accepted.map(({ row }) => row).filter((row) => !out.has(row));
      if (staged.length === 0) return { ok: false, reason: 'invalid', rows: refused };
      return await publish(event.id, staged, refused, write);
    } finally {
      repos.importStaging.clear();
    }
  }

  /**
   * Writes the staged `rows` (row numbers, ascending) in chunks of `IMPORT_CHUNK_ROWS`, each in a transaction of its
   * own, with the write gate given back between them: other writes wait for a chunk, never for the whole import.
   * It stays all or nothing:
   * - the first chunk checks every row again (emails taken since the first look, the seats for all of them) and
   *   notes the import as under way with the ids it takes (migration 012), all taken at once from this node's
   *   counter (attendees/ledger.repository.ts), so a registration in between gets one above them all;
   * - each later chunk checks its own rows' emails again, and the database checks the seats row by row. A refusal
   *   deletes what the earlier chunks wrote, in its own transaction: the outcome is the one the import would have
   *   had if the other write had come before it;
   * - the last chunk tells the webhooks about every row and ends the note. Until then the sync feed stops short of
   *   the import, and an import whose process died is rolled back when the server starts again.
   * Reads on the hub itself (the dashboard) may see some of the rows a moment before the rest.
   */
  async function publish(
    eventId: number,
    rows: readonly number[],
    refused: ImportRowError[],
    write: ImportWrite,
  ): Promise<ImportOutcome> {
    const partial = write.mode === 'valid_rows';
    const chunks = chunksFromTheEnd(rows, IMPORT_CHUNK_ROWS);
    let left = rows.length;
    let base = 0;
    let underWay: number | null = null;
    let inserted = 0;
    /** Undoes the chunks written so far, inside the caller's transaction. */
    const undo = () => {
      if (underWay !== null) repos.importsUnderWay.rollBack(underWay);
      underWay = null;
    };

    const writeChunk = (chunk: Chunk, first: boolean, last: boolean): ImportOutcome | null => {
      const current = repos.events.findById(eventId);
      // Deleted meanwhile: its attendees and the note went with it.
      if (!current) return { ok: false, reason: 'event_not_found' };
      // Someone registered with one of the emails since they were checked: the same answer as if before.
      const takenSince = repos.importStaging.takenRows(eventId, first ? {} : chunk);
      if (takenSince.length > 0) {
        if (!partial) {
          undo();
          return { ok: false, reason: 'invalid', rows: takenSince.map(takenEmail) };
        }
        repos.importStaging.drop(takenSince);
        refused.push(...takenSince.map(takenEmail));
        refused.sort(byRow);
        left -= takenSince.length;
      }
      if (first) {
        if (current.seats !== null && current.attendeesCount + left > current.seats) {
          return {
            ok: false,
            reason: 'event_full',
            available: Math.max(0, current.seats - current.attendeesCount),
          };
        }
        // Ids of this node's own, none handed out before: row n takes id base + n.
        base = repos.ledger.takeLocalIds(rows.at(-1)!) - 1;
        if (chunks.length > 1) {
          underWay = repos.importsUnderWay.begin(
            eventId,
            base + rows[0]!,
            base + rows.at(-1)!,
            write.registeredAt,
          );
        }
      }
      const result = repos.importStaging.insertStaged(
        current.id,
        current.organizationId,
        write.registeredAt,
        {
          base,
          ...chunk,
        },
      );
      if (!result.ok && result.reason === 'event_full') {
        // Seats taken by registrations between two chunks.
        undo();
        const now = repos.events.findById(eventId)!;
        return {
          ok: false,
          reason: 'event_full',
          available: Math.max(0, (now.seats ?? 0) - now.attendeesCount),
        };
      }
      // The emails were checked in this transaction: nobody else could have taken one.
      if (!result.ok) throw new Error(`import refused by the store: ${result.reason}`);
      inserted += result.inserted;
      if (!last) return null;
      if (underWay !== null) repos.importsUnderWay.finish(underWay);
      if (inserted === 0) return { ok: false, reason: 'invalid', rows: refused };
      notify.attendeesChanged('attendee.registered', current, () => repos.importStaging.insertedSummaries());
      const done = { ok: true as const, imported: inserted };
      return refused.length > 0 ? { ...done, skipped: refused } : done;
    };

    try {
      for (const [index, chunk] of chunks.entries()) {
        await write.beforeWriting();
        const outcome = store.inTransaction(() =>
          writeChunk(chunk, index === 0, index === chunks.length - 1),
        );
        if (outcome) return outcome;
        write.afterWriting();
      }
      throw new Error('an import ended without its last chunk');
    } catch (error) {
      // A chunk failed (a full disk, a broken file): the ones before it go too. Should this fail as well, the next
      // start of the server rolls the import back.
      try {
        store.inTransaction(undo);
      } catch {
        // The error that stopped the import is the one to report.
      }
      throw error;
    }
  }

  /**
   * The import's checks without the import: what `importAttendees` would refuse of these rows now and how many it
   * would write, and whether the seats hold them. Nothing is written; an import sent next checks everything again.
   */
  function previewImport(eventId: number, rows: readonly unknown[]): ImportPreviewOutcome {
    const event = repos.events.findById(eventId);
    if (!event) return { ok: false, reason: 'event_not_found' };
    const { errors, accepted } = checkRows(event, rows);
    repos.importStaging.stage(accepted);
    try {
      const taken = repos.importStaging.takenRows(event.id);
      return {
        ok: true,
        rows: rows.length,
        importable: accepted.length - taken.length,
        refused: [...errors, ...taken.map(takenEmail)].sort(byRow),
        seatsLeft: event.seats === null ? null : Math.max(0, event.seats - event.attendeesCount),
      };
    } finally {
      repos.importStaging.clear();
    }
  }

  return { importAttendees, previewImport };
}

/** A run of staged rows, by row number: from `from` to `to`. */
interface Chunk {
  from: number;
  to: number;
}

/** `rows` (ascending) in runs of at most `size`, the last rows first. */
export function chunksFromTheEnd(rows: readonly number[], size: number): Chunk[] {
  const chunks: Chunk[] = [];
  for (let end = rows.length; end > 0; end -= size) {
    chunks.push({ from: rows[Math.max(0, end - size)]!, to: rows[end - 1]! });
  }
  return chunks;
}

export type AttendeeImportService = ReturnType<typeof attendeeImportService>;

/** An import rolled back because it never finished: its event and the rows it had written. */
export interface AbandonedImport {
  eventId: number;
  rows: number;
}

/**
 * Rolls back every import that wrote some of its rows and then stopped: its process (or worker) died between two
 * chunks. Run when the server starts, and when the import's worker dies, before the next import.
 */
export function rollBackUnfinishedImports(store: Store): AbandonedImport[] {
  return store.inTransaction(() =>
    store.repos.importsUnderWay.list().map((underWay) => ({
      eventId: underWay.eventId,
      rows: store.repos.importsUnderWay.rollBack(underWay.id),
    })),
  );
}
