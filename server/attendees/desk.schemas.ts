import { z } from 'zod';
import { ATTENDEE_STATUSES, MAIL_STATES } from '../contract/vocabulary.ts';
import { fieldErrorsSchema, timestamp } from '../platform/schemas.ts';
import { deskMailSchema } from '../mail/mail.schemas.ts';

export const deskAttendeeSchema = z
  .object({
    id: z.string(),
    number: z.number().int(),
    name: z.string(),
    email: z.string(),
    status: z.enum(ATTENDEE_STATUSES),
    registered_at: timestamp,
    checked_in_at: timestamp.nullable(),
    answers: z.record(z.string(), z.string()),
    checkin_code: z.string(),
  })
  .meta({ id: 'DeskAttendee' });

export const deskListQuery = z.object({
  q: z.string().trim().max(255).optional(),
  status: z.enum(ATTENDEE_STATUSES).optional(),
  checked_in: z.enum(['true', 'false']).optional(),
  mail: z
    .enum(MAIL_STATES)
    .optional()
    .meta({
      description:
        "Where the person's mail stands: their newest mail (skipped ones aside) sent, queued, failed, bounced (the " +
        'server refused the address for good), suppressed (over the per-address cap), or none ever',
    }),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});

/** A row of the desk's list: the attendee and its newest mail. */
export const deskListAttendeeSchema = deskAttendeeSchema
  .extend({
    mail: deskMailSchema.nullable().meta({
      description:
        'Its newest mail (skipped ones aside); null when it has none, or when another node mails this event (a ' +
        "replica kiosk, a venue's hub for the events it follows)",
    }),
  })
  .meta({ id: 'DeskListAttendee' });

export const deskListResponse = z.object({
  data: z.array(deskListAttendeeSchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
});

const statusCounts = z.object({
  pending: z.number().int(),
  confirmed: z.number().int(),
  canceled: z.number().int(),
  no_show: z.number().int(),
  checked_in: z.number().int(),
  total: z.number().int(),
});

export const liveStatsSchema = z
  .object({
    counts: statusCounts,
    arrivals_last_15_min: z.number().int(),
    still_expected: z.number().int(),
    checkins_per_5_min: z.array(z.object({ start: timestamp, count: z.number().int() })),
  })
  .meta({ id: 'LiveStats' });

export const bulkNoShowPreview = z.object({ data: z.object({ count: z.number().int() }) });
export const bulkNoShowConfirm = z.object({ expected_count: z.number().int().min(0) });

/** The largest CSV import: a big venue's guest list in one go. */
export const MAX_IMPORT_ROWS = 10_000;

/** `all_or_nothing` (the default) imports nothing while a row is refused; `valid_rows` imports the rest. */
export const IMPORT_MODES = ['all_or_nothing', 'valid_rows'] as const;

export const importBody = z.object({
  rows: z.array(z.record(z.string(), z.unknown())).min(1).max(MAX_IMPORT_ROWS),
  mode: z.enum(IMPORT_MODES).optional(),
});

const importRowErrors = z.array(
  z.object({ row: z.number().int(), errors: z.record(z.string(), z.array(z.string())) }),
);

export const importDone = z.object({
  message: z.string(),
  imported: z.number().int(),
  /** With `valid_rows`: the rows left out, and why. */
  skipped: importRowErrors.optional(),
});

/** What an import of these rows would do, checked in one pass and written nowhere. */
export const importPreview = z.object({
  data: z
    .object({
      rows: z.number().int().meta({ description: 'The rows sent' }),
      importable: z.number().int().meta({
        description:
          'The rows an import would write: all of them when none is refused; the others with `valid_rows`',
      }),
      refused: importRowErrors.meta({
        description: 'Every row an import would refuse, and why, by row (counted from 1)',
      }),
      seats_left: z.number().int().nullable().meta({
        description:
          "The event's seats not taken (null: unlimited). An import whose rows do not all fit is refused whole",
      }),
    })
    .meta({ id: 'ImportPreview' }),
});

/** A refused import's rows, each with its field errors (next to `message`: platform/refusals.ts). */
export const importRows = {
  rows: z.array(z.object({ row: z.number().int(), errors: fieldErrorsSchema })).optional(),
};
