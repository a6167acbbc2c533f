import { z } from 'zod';
import { isCheckInAllowed, isRegistrationOpen } from './event.rules.ts';
import { isValidTimeZone, machineTimeZone, parseOffsetDateTime, toTimestamp } from '../platform/time.ts';
import {
  CHECKIN_PERIOD_TYPES,
  FIELD_TYPES,
  type EventRecord,
  type EventSettings,
} from '../platform/types.ts';
import { fieldMessage } from '../platform/field-errors.ts';
import { ATTRIBUTE, timestamp } from '../platform/schemas.ts';
import { registrationFieldSchema } from '../attendees/public-attendee.schemas.ts';

/** An instant with an explicit offset, stored in UTC; null clears it. */
const dateTime = z
  .string()
  .trim()
  .refine((v) => parseOffsetDateTime(v) !== null, { message: fieldMessage.dateTime(ATTRIBUTE) })
  .transform((v) => toTimestamp(parseOffsetDateTime(v)!))
  .nullable();

const registrationFieldInput = z.object({
  key: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-z][a-z0-9_]*$/, {
      message: 'The :attribute field must start with a letter and use only a-z, 0-9 and _.',
    }),
  label: z.string().trim().min(1).max(255),
  type: z.enum(FIELD_TYPES),
  required: z.boolean().default(false),
  options: z
    .array(z.object({ value: z.string().trim().min(1).max(255), label: z.string().trim().min(1).max(255) }))
    .max(200)
    .optional(),
});

/** The fields a new event asks for when none are given: the interface's sample. */
export const DEFAULT_REGISTRATION_FIELDS: EventSettings['registrationFields'] = [
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'first_name', label: 'First name', type: 'text', required: true },
  { key: 'last_name', label: 'Last name', type: 'text', required: true },
  { key: 'company', label: 'Company', type: 'text', required: false },
];

const settingsShape = {
  name: z.string().trim().min(1).max(255),
  description: z.string().trim().max(5000),
  starts_at: dateTime,
  ends_at: dateTime,
  location: z.string().trim().max(255).nullable(),
  timezone: z
    .string()
    .trim()
    .refine(isValidTimeZone, { message: 'The :attribute field must be a valid IANA time zone.' }),
  seats: z.number().int().min(1).max(1_000_000).nullable(),
  requires_approval: z.boolean(),
  registration_opens_at: dateTime,
  registration_closes_at: dateTime,
  is_published: z.boolean(),
  checkin_period_type: z.enum(CHECKIN_PERIOD_TYPES),
  checkin_starts_at: dateTime,
  checkin_ends_at: dateTime,
  allow_self_checkin: z.boolean(),
  redirect_url: z
    .string()
    .trim()
    .max(2048)
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), { message: fieldMessage.url(ATTRIBUTE) })
    .nullable(),
  registration_fields: z.array(registrationFieldInput).min(1).max(50),
};

export const createEventBody = z
  .object(settingsShape)
  .partial()
  .required({ name: true })
  .meta({ id: 'CreateEvent' });

export const updateEventBody = z.object(settingsShape).partial().meta({ id: 'UpdateEvent' });

export type EventInput = z.output<typeof updateEventBody>;

const NEW_EVENT: Omit<EventSettings, 'name' | 'timezone'> = {
  description: '',
  startsAt: null,
  endsAt: null,
  location: null,
  seats: null,
  requiresApproval: false,
  registrationOpensAt: null,
  registrationClosesAt: null,
  isPublished: false,
  checkinPeriodType: 'immediate',
  checkinStartsAt: null,
  checkinEndsAt: null,
  allowSelfCheckin: true,
  redirectUrl: null,
  registrationFields: DEFAULT_REGISTRATION_FIELDS,
};

/** Settings from a create body (over the defaults) or an event with a PATCH body's keys applied. */
export function applyEventInput(base: EventSettings | null, input: EventInput): EventSettings {
  const current: EventSettings = base ?? { ...NEW_EVENT, name: '', timezone: machineTimeZone() };
  const pick = <K extends keyof EventInput, V>(key: K, fallback: V): V =>
    input[key] === undefined ? fallback : (input[key] as V);
  return {
    name: pick('name', current.name),
    description: pick('description', current.description),
    startsAt: pick('starts_at', current.startsAt),
    endsAt: pick('ends_at', current.endsAt),
    location: pick('location', current.location) || null,
    timezone: pick('timezone', current.timezone),
    seats: pick('seats', current.seats),
    requiresApproval: pick('requires_approval', current.requiresApproval),
    registrationOpensAt: pick('registration_opens_at', current.registrationOpensAt),
    registrationClosesAt: pick('registration_closes_at', current.registrationClosesAt),
    isPublished: pick('is_published', current.isPublished),
    checkinPeriodType: pick('checkin_period_type', current.checkinPeriodType),
    checkinStartsAt: pick('checkin_starts_at', current.checkinStartsAt),
    checkinEndsAt: pick('checkin_ends_at', current.checkinEndsAt),
    allowSelfCheckin: pick('allow_self_checkin', current.allowSelfCheckin),
    redirectUrl: pick('redirect_url', current.redirectUrl) || null,
    registrationFields: input.registration_fields
      ? input.registration_fields.map(({ options, ...field }) =>
          // Options belong to select fields only; anywhere else they are dropped.
          field.type === 'select' ? { ...field, options: options ?? [] } : field,
        )
      : current.registrationFields,
  };
}

export const eventSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    starts_at: timestamp.nullable(),
    ends_at: timestamp.nullable(),
    location: z.string().nullable(),
    timezone: z.string(),
    seats: z.number().int().nullable(),
    requires_approval: z.boolean(),
    registration_opens_at: timestamp.nullable(),
    registration_closes_at: timestamp.nullable(),
    is_published: z.boolean(),
    checkin_period_type: z.enum(CHECKIN_PERIOD_TYPES),
    checkin_starts_at: timestamp.nullable(),
    checkin_ends_at: timestamp.nullable(),
    allow_self_checkin: z.boolean(),
    redirect_url: z.string().nullable(),
    registration_fields: z.array(registrationFieldSchema),
    is_registration_open: z.boolean(),
    is_checkin_allowed: z.boolean(),
    attendees_count: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Event' });

export function presentEvent(event: EventRecord, now: Date): z.input<typeof eventSchema> {
  return {
    id: event.uuid,
    name: event.name,
    description: event.description,
    starts_at: event.startsAt,
    ends_at: event.endsAt,
    location: event.location,
    timezone: event.timezone,
    seats: event.seats,
    requires_approval: event.requiresApproval,
    registration_opens_at: event.registrationOpensAt,
    registration_closes_at: event.registrationClosesAt,
    is_published: event.isPublished,
    checkin_period_type: event.checkinPeriodType,
    checkin_starts_at: event.checkinStartsAt,
    checkin_ends_at: event.checkinEndsAt,
    allow_self_checkin: event.allowSelfCheckin,
    redirect_url: event.redirectUrl,
    registration_fields: event.registrationFields,
    is_registration_open: isRegistrationOpen(event, now),
    is_checkin_allowed: isCheckInAllowed(event, now),
    attendees_count: event.attendeesCount,
    created_at: event.createdAt,
    updated_at: event.updatedAt,
  };
}
