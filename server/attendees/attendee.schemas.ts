import { z } from 'zod';
import { ATTENDEE_STATUSES } from '../contract/vocabulary.ts';
import { timestamp, uuidParam } from '../platform/schemas.ts';
import { MAX_BULK_ATTENDEE_IDS } from './attendee.rules.ts';

/** The attendee as the authenticated lookup returns it (and the attendee list, item by item). */
export const attendeeSchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    name: z.string(),
    email: z.string(),
    status: z.enum(ATTENDEE_STATUSES),
    registered_at: timestamp,
    checked_in_at: timestamp.nullable(),
    event: z.object({
      id: z.string(),
      name: z.string(),
      starts_at: timestamp.nullable(),
      ends_at: timestamp.nullable(),
      location: z.string().nullable(),
    }),
  })
  .meta({ id: 'Attendee' });

/** What an edit sets: the event's field keys, as a registration names them (`registrationBody`). */
export const editAttendeeBody = z.record(z.string(), z.unknown()).meta({
  id: 'AttendeeEdit',
  description:
    'The fields to change, one property per registration field key of the event (`email` among them), checked as ' +
    'registration checks them; an empty string or null clears a field that is not required. Fields left out keep ' +
    'their value; keys the event does not define are ignored.',
  example: { email: 'ada@example.com', company: 'Analytical Engines' },
});

/** The attendee after an edit: the lookup's attendee, its answers and which of them the edit changed. */
export const editAttendeeResponse = z.object({
  message: z.string(),
  data: attendeeSchema.extend({
    answers: z.record(z.string(), z.string()),
    changed: z
      .array(z.string())
      .meta({ description: 'The field keys this edit changed (none: nothing did)' }),
  }),
});

export const eventParams = z.object({ event_id: uuidParam('Event UUID') });

export const attendeeParams = z.object({
  event_id: uuidParam('Event UUID'),
  attendee_id: uuidParam('Attendee UUID'),
});

export const noShowResponse = z.object({
  message: z.string(),
  data: z.object({ id: z.string(), status: z.literal('no_show') }),
});

export const bulkNoShowBody = z
  .object({ attendee_ids: z.array(z.uuid()).min(1).max(MAX_BULK_ATTENDEE_IDS) })
  .meta({ id: 'BulkNoShow' });

export const bulkNoShowResponse = z.object({
  message: z.string(),
  success_count: z.number().int(),
  failed_count: z.number().int(),
  failed: z.array(z.object({ id: z.string(), reason: z.string() })).optional(),
});

export const attendeeListQuery = z.object({
  status: z.enum(ATTENDEE_STATUSES).optional(),
  email: z.string().trim().max(255).optional(),
  q: z.string().trim().max(255).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

/**
 * An item of the token API's attendee list: the lookup's attendee and its check-in code, for an organization that
 * prints its own tickets or badges. The lookup (and every webhook) keeps the interface's exact shape.
 */
export const attendeeListItemSchema = attendeeSchema
  .extend({
    checkin_code: z.string().meta({ description: 'What the check-in QR code carries after `ARV1:`' }),
  })
  .meta({ id: 'AttendeeListItem' });

export const attendeeListResponse = z.object({
  data: z.array(attendeeListItemSchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
});
