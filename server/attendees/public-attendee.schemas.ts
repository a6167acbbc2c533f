import { z } from 'zod';
import { isCheckInAllowed, isRegistrationOpen } from '../events/event.rules.ts';
import type { AttendeeRecord, EventRecord, Organization } from '../platform/types.ts';
import { CHECKIN_PERIOD_TYPES, FIELD_TYPES } from '../platform/types.ts';
import { emailInput, timestamp } from '../platform/schemas.ts';

export const registrationFieldSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    type: z.enum(FIELD_TYPES),
    required: z.boolean(),
    options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  })
  .meta({ id: 'RegistrationField' });

export const publicEventSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    organization: z.object({ name: z.string(), slug: z.string() }),
    registration_fields: z.array(registrationFieldSchema),
    is_registration_open: z.boolean(),
    checkin_period_type: z.enum(CHECKIN_PERIOD_TYPES),
    is_checkin_allowed: z.boolean(),
    allow_self_checkin: z.boolean(),
    seats: z.number().int().nullable(),
    attendees_count: z.number().int(),
  })
  .meta({ id: 'PublicEvent' });

export function presentPublicEvent(event: EventRecord, organization: Organization, now: Date) {
  return {
    id: event.uuid,
    name: event.name,
    description: event.description,
    organization: { name: organization.name, slug: organization.slug },
    registration_fields: event.registrationFields,
    is_registration_open: isRegistrationOpen(event, now),
    checkin_period_type: event.checkinPeriodType,
    is_checkin_allowed: isCheckInAllowed(event, now),
    allow_self_checkin: event.allowSelfCheckin,
    seats: event.seats,
    attendees_count: event.attendeesCount,
  };
}

/** The statuses the public side shows; a no-show (staff-only) appears as it is in the check endpoint. */
const publicStatus = z.enum(['confirmed', 'pending', 'canceled', 'no_show']);

export const registeredAttendeeSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    status: publicStatus,
    is_guest: z.boolean(),
  })
  .meta({ id: 'RegisteredAttendee' });

export const registerResponse = z.object({
  message: z.string(),
  data: registeredAttendeeSchema,
  redirect_url: z.string().optional(),
});

export const registrationBody = z.record(z.string(), z.unknown()).meta({
  description:
    'One property per registration field key of the event; keys the event does not define are ignored.',
  example: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', company: 'Analytical' },
});

export const emailBody = z.object({ email: emailInput });

export const checkQuery = z.object({ email: z.string().optional() });

export const checkResponse = z.object({
  data: z.object({
    is_registered: z.boolean(),
    attendee: z
      .object({
        id: z.number().int(),
        name: z.string(),
        email: z.string(),
        status: publicStatus,
        checked_in_at: timestamp.nullable(),
      })
      .nullable(),
  }),
});

export const checkInResponse = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int(), email: z.string(), name: z.string(), checked_in_at: timestamp }),
});

export function presentCheckedAttendee(attendee: AttendeeRecord) {
  return {
    id: attendee.id,
    name: attendee.name,
    email: attendee.email,
    status: attendee.status,
    checked_in_at: attendee.checkedInAt,
  };
}
