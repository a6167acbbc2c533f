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

export interface ImportWrite {
  /** When the attendees registered: the request's time. */
  registeredAt: string;
  /** Called, and awaited, right before the write transaction begins (attendees/import-thread.ts). */
  beforeWriting(): Promise<void>;
  /** Whether a refused row stops the import (`all_or_nothing`) or is left out and reported (`valid_rows`). */
  mode: (typeof IMPORT_MODES)[number];
}

const takenEmail = (row: number): ImportRowError => ({
  row,
  errors: { email: [fieldMessage.taken('email')] },
});

/**
 * Imports rows (already mapped to field keys) all or nothing, or (`valid_rows`) the rows that pass with a report
 * of the rest: every row is checked against the field rules, the other rows and the live registrations; then all
 * that pass are written in one transaction. The seats are all or nothing either way: a partial list that does not
 * fit is the organizer's call. It runs on the import worker's
 * own connection (attendees/import.worker.ts), so nothing here holds the server's event loop.
 *
 * The checks and the rows' preparation happen before the write lock is taken, which other writers must wait for;
 * inside it, only what a concurrent writer could have changed meanwhile is checked again (an email registered, the
 * seats taken), then one INSERT ... SELECT writes the staged rows.
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
    const partial = write.mode === 'valid_rows';
    const byRow = (a: ImportRowError, b: ImportRowError) => a.row - b.row;
    repos.importStaging.stage(accepted);
    try {
      const taken = repos.importStaging.takenRows(event.id).map(takenEmail);
      const refused = [...errors, ...taken].sort(byRow);
      if (refused.length > 0 && !partial) return { ok: false, reason: 'invalid', rows: refused };
      let staged = leaveOut(accepted, taken);
      if (staged.length === 0) return { ok: false, reason: 'invalid', rows: refused };
      if (taken.length > 0) repos.importStaging.stage(staged);

      await write.beforeWriting();
      return store.inTransaction((): ImportOutcome => {
        // Someone registered with one of the emails since the check above: the same answer as if before.
        const takenSince = repos.importStaging.takenRows(event.id).map(takenEmail);
        if (takenSince.length > 0 && !partial) return { ok: false, reason: 'invalid', rows: takenSince };
        if (takenSince.length > 0) {
          staged = leaveOut(staged, takenSince);
          refused.push(...takenSince);
          refused.sort(byRow);
          if (staged.length === 0) return { ok: false, reason: 'invalid', rows: refused };
          repos.importStaging.stage(staged);
        }
        const current = repos.events.findById(event.id);
        if (!current) return { ok: false, reason: 'event_not_found' };
        if (current.seats !== null && current.attendeesCount + staged.length > current.seats) {
          return {
            ok: false,
            reason: 'event_full',
            available: Math.max(0, current.seats - current.attendeesCount),
          };
        }
        const result = repos.importStaging.insertStaged(
          current.id,
          current.organizationId,
          write.registeredAt,
        );
        // Checked above inside this IMMEDIATE transaction, so nobody else could have taken the email or seat.
        if (!result.ok) throw new Error(`import refused by the store: ${result.reason}`);
        notify.attendeesChanged('attendee.registered', current, () =>
          repos.importStaging.insertedSummaries(),
        );
        const done = { ok: true as const, imported: result.inserted };
        return refused.length > 0 ? { ...done, skipped: refused } : done;
      });
    } finally {
      repos.importStaging.clear();
    }
  }

  return { importAttendees };
}

/** The rows not among `refused`. */
function leaveOut(rows: readonly StagedRow[], refused: readonly ImportRowError[]): StagedRow[] {
  const out = new Set(refused.map((r) => r.row));
  return rows.filter((row) => !out.has(row.row));
}

export type AttendeeImportService = ReturnType<typeof attendeeImportService>;
