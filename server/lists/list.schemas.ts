import { z } from 'zod';
import {
  ATTENDEE_STATUSES,
  ENTRY_RULES,
  SCAN_DIRECTIONS,
  SCAN_RESULTS,
  SCAN_VIAS,
} from '../contract/vocabulary.ts';
import { scanBody } from '../attendees/kiosk-attendee.schemas.ts';
import { singleLine, timestamp, uuidParam } from '../platform/schemas.ts';
import { isWallTime } from '../platform/time.ts';
import { isTimeOfDay, MAX_ADMITTED_VALUES, MAX_WINDOWS } from './list.rules.ts';

/** Check-in lists on the wire (issue 38's contract). */

export const listParams = z.object({
  event_id: uuidParam('Event UUID'),
  list_id: uuidParam('Check-in list UUID'),
});
export const kioskListParams = z.object({
  uuid: uuidParam('Event UUID'),
  list_id: uuidParam('Check-in list UUID'),
});
export const listEventParams = z.object({ event_id: uuidParam('Event UUID') });
export const listAttendeeParams = z.object({
  event_id: uuidParam('Event UUID'),
  attendee_id: uuidParam('Attendee UUID'),
});

const wallTime = z
  .string()
  .trim()
  .refine(isWallTime, {
    message: 'The :attribute field must be a wall-clock time such as 2026-11-21T09:00.',
  })
  .meta({ example: '2026-11-21T09:00', description: "A wall-clock time in the event's zone" });

const windowSchema = z.object({ from: wallTime, until: wallTime }).meta({
  id: 'CheckInListWindow',
  description: "An opening of the list, in the event's zone; `from` before `until`",
});

const admitsSchema = z
  .object({
    field: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .meta({ description: "The key of one of the event's choice fields" }),
    values: z.array(z.string().max(255)).min(1).max(MAX_ADMITTED_VALUES),
  })
  .meta({
    id: 'CheckInListAdmits',
    description: 'Registrations whose answer to the choice field is one of `values`; null admits every one',
  });

const settingsShape = {
  name: singleLine(z.string().trim().min(1).max(255)),
  admits: admitsSchema.nullable(),
  windows: z.array(windowSchema).max(MAX_WINDOWS),
  entry_rule: z.enum(ENTRY_RULES),
  exits_scanned: z.boolean(),
  auto_checkout_at: z
    .string()
    .trim()
    .refine(isTimeOfDay, { message: 'The :attribute field must be a time of day such as 03:00.' })
    .nullable()
    .meta({ example: '03:00' }),
  capacity: z.number().int().min(1).max(1_000_000).nullable(),
};

export const createListBody = z
  .object(settingsShape)
  .partial()
  .required({ name: true })
  .meta({ id: 'CreateCheckInList' });
export const updateListBody = z.object(settingsShape).partial().meta({ id: 'UpdateCheckInList' });
export type ListInput = z.output<typeof updateListBody>;

export const listSchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    name: z.string(),
    is_default: z.boolean(),
    admits: z.object({ field: z.string(), values: z.array(z.string()) }).nullable(),
    windows: z.array(z.object({ from: z.string(), until: z.string() })),
    entry_rule: z.enum(ENTRY_RULES),
    exits_scanned: z.boolean(),
    auto_checkout_at: z.string().nullable(),
    capacity: z.number().int().nullable(),
    inside_now: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'CheckInList' });

export const listResponse = z.object({ data: listSchema });
export const listsResponse = z.object({ data: z.array(listSchema) });

const namedList = z.object({ id: z.string(), name: z.string() });

/** Exactly one of `code` and `attendee_id`; a missing one is 422 under `code`. */
export const listScanBody = z
  .object({
    code: scanBody.shape.code.optional(),
    attendee_id: z.uuid().optional(),
    direction: z.enum(SCAN_DIRECTIONS).default('entry'),
    force: z.boolean().default(false),
  })
  .refine((body) => (body.code === undefined) !== (body.attendee_id === undefined), {
    message: 'Send exactly one of code and attendee_id.',
    path: ['code'],
  })
  .meta({ id: 'CheckInListScan' });

export const kioskListScanBody = z
  .object({ code: scanBody.shape.code, direction: z.enum(SCAN_DIRECTIONS).default('entry') })
  .meta({ id: 'KioskCheckInListScan' });

const scanResultShape = {
  result: z.enum(SCAN_RESULTS),
  accepted: z.boolean(),
  forced: z.boolean(),
  direction: z.enum(SCAN_DIRECTIONS),
  scan_id: z.string().meta({ format: 'uuid' }).nullable(),
  scanned_at: timestamp,
  list: namedList,
  entered_at: timestamp.nullable(),
  belongs_to: z.array(namedList),
  opens_at: timestamp.nullable(),
  inside_now: z.number().int(),
  capacity: z.number().int().nullable(),
};

/** What the door shows, word for word as the contract has it, times in the event's zone. */
const scanMessage = z.string().meta({
  description:
    'The sentence to show: `Welcome, {name}.`, `Welcome back, {name}.`, `Goodbye, {name}.`, `No registration for ' +
    "this event has this code.`, the cancelled and pending registrations' sentences, `Not on {list}. Go to " +
    '{lists}.` (`Not on {list}.`), `{list} opens at {time}.`, `{list} is closed now.`, `Already entered at ' +
    '{time}.`, `{list} is full.`',
  example: 'Welcome, Ada Lovelace.',
});

export const scanResponse = z.object({
  message: scanMessage,
  data: z
    .object({
      ...scanResultShape,
      attendee: z
        .object({
          id: z.string().meta({ format: 'uuid' }),
          name: z.string(),
          company: z.string().nullable(),
          status: z.enum(ATTENDEE_STATUSES),
          checked_in_at: timestamp.nullable(),
        })
        .nullable(),
    })
    .meta({ id: 'CheckInListScanResult' }),
});

export const kioskScanResponse = z.object({
  message: scanMessage,
  data: z
    .object({
      ...scanResultShape,
      attendee: z.object({ name: z.string(), company: z.string().nullable() }).nullable(),
    })
    .meta({ id: 'KioskCheckInListScanResult' }),
});

export const kioskListResponse = z.object({
  data: z
    .object({
      id: z.string(),
      name: z.string(),
      exits_scanned: z.boolean(),
      windows: z.array(z.object({ from: z.string(), until: z.string() })),
      opens_at: timestamp
        .nullable()
        .meta({ description: 'When the list next opens, while it is closed and opens again; else null' }),
    })
    .meta({ id: 'KioskCheckInList' }),
});

export const insideNowResponse = z.object({
  data: z.object({
    inside_now: z.number().int().meta({ description: 'People inside at least one list, each once' }),
    lists: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        inside_now: z.number().int(),
        capacity: z.number().int().nullable(),
      }),
    ),
  }),
});

export const insideQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});

export const insideResponse = z.object({
  data: z.array(
    z.object({
      id: z.string().meta({ format: 'uuid' }),
      name: z.string(),
      email: z.string(),
      entered_at: timestamp,
    }),
  ),
  meta: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
});

export const scanSchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    list: namedList,
    direction: z.enum(SCAN_DIRECTIONS),
    result: z.enum(['admitted', 'reentered', 'exit_recorded']),
    scanned_at: timestamp,
    via: z.enum(SCAN_VIAS),
    device: z.object({ id: z.string(), name: z.string() }).nullable(),
    staff: z.object({ id: z.string(), name: z.string() }).nullable(),
    forced: z.boolean(),
    duplicate: z.boolean(),
    over_capacity: z.boolean(),
    undone: z.boolean(),
  })
  .meta({ id: 'CheckInListScanRecord' });

export const historyResponse = z.object({ data: z.array(scanSchema) });

export const chartResponse = z.object({
  data: z.object({
    bucket_minutes: z.number().int(),
    since: timestamp,
    event: z.array(z.object({ at: timestamp, inside_now: z.number().int() })),
    lists: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        points: z.array(z.object({ at: timestamp, inside_now: z.number().int() })),
      }),
    ),
  }),
});
