import { z } from 'zod';
import { ATTENDEE_STATUSES, type AttendeeSummary, type EventRecord } from '../platform/types.ts';
import { timestamp } from '../platform/schemas.ts';

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

export function presentAttendee(
  attendee: AttendeeSummary,
  event: EventRecord,
): z.input<typeof attendeeSchema> {
  return { ...presentAttendeeOwnFields(attendee), event: presentAttendeeEvent(event) };
}

/** The attendee's part of `presentAttendee`, for notifications that store the event once for many attendees. */
export function presentAttendeeOwnFields(attendee: AttendeeSummary) {
  return {
    id: attendee.uuid,
    name: attendee.name,
    email: attendee.email,
    status: attendee.status,
    registered_at: attendee.registeredAt,
    checked_in_at: attendee.checkedInAt,
  };
}

/** The event's part of `presentAttendee`. */
export function presentAttendeeEvent(event: EventRecord) {
  return {
    id: event.uuid,
    name: event.name,
    starts_at: event.startsAt,
    ends_at: event.endsAt,
    location: event.location,
  };
}

export const attendeeParams = z.object({
  event_id: z.string().max(64).meta({ description: 'Event UUID', format: 'uuid' }),
  attendee_id: z.string().max(64).meta({ description: 'Attendee UUID', format: 'uuid' }),
});

/** The largest bulk no-show request: a whole venue of 10,000 in one call. */
export const MAX_BULK_ATTENDEE_IDS = 10_000;

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

export const attendeeListResponse = z.object({
  data: z.array(attendeeSchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
});
