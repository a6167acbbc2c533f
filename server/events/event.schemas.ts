import { z } from 'zod';
import { isValidTimeZone, parseOffsetDateTime, toTimestamp } from '../platform/time.ts';
import { CHECKIN_PERIOD_TYPES, FIELD_TYPES } from '../contract/vocabulary.ts';
import { fieldMessage } from '../platform/field-errors.ts';
import { ATTRIBUTE, singleLine, timestamp } from '../platform/schemas.ts';

/** An instant with an explicit offset, stored in UTC; null clears it. */
const dateTime = z
  .string()
  .trim()
  .refine((v) => parseOffsetDateTime(v) !== null, { message: fieldMessage.dateTime(ATTRIBUTE) })
  .transform((v) => toTimestamp(parseOffsetDateTime(v)!))
  .nullable();

/** A label in French beside the English one: optional; empty or null means none (French screens show `label`). */
const frenchLabel = singleLine(z.string().trim().max(255))
  .nullable()
  .transform((value) => value || undefined)
  .optional()
  .meta({ description: 'The label in French; French screens and mails fall back to `label`' });

const registrationFieldInput = z.object({
  key: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-z][a-z0-9_]*$/, {
      message: 'The :attribute field must start with a letter and use only a-z, 0-9 and _.',
    }),
  label: singleLine(z.string().trim().min(1).max(255)),
  label_fr: frenchLabel,
  type: z.enum(FIELD_TYPES),
  required: z.boolean().default(false),
  options: z
    .array(
      z.object({
        value: singleLine(z.string().trim().min(1).max(255)),
        label: singleLine(z.string().trim().min(1).max(255)),
        label_fr: frenchLabel,
      }),
    )
    .max(200)
    .optional(),
});

const settingsShape = {
  name: singleLine(z.string().trim().min(1).max(255)),
  description: z.string().trim().max(5000),
  starts_at: dateTime,
  ends_at: dateTime,
  location: singleLine(z.string().trim().max(255)).nullable(),
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

export const registrationFieldSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    type: z.enum(FIELD_TYPES),
    required: z.boolean(),
    options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  })
  .meta({ id: 'RegistrationField' });

/**
 * A registration field with its French labels: how the events API, the dashboard's editor and the kiosk's event
 * show it. The interface's public event keeps `RegistrationField`, without them.
 */
export const localizedRegistrationFieldSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    label_fr: z.string().optional(),
    type: z.enum(FIELD_TYPES),
    required: z.boolean(),
    options: z
      .array(z.object({ value: z.string(), label: z.string(), label_fr: z.string().optional() }))
      .optional(),
  })
  .meta({ id: 'LocalizedRegistrationField' });

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

/**
 * What a kiosk shows of an event (`GET /public/events/{uuid}/kiosk`): the public event, and what it needs to tell
 * times in the event's own zone and say when things open. The interface's public event keeps its exact shape.
 */
export const kioskEventSchema = publicEventSchema
  .extend({
    registration_fields: z.array(localizedRegistrationFieldSchema).meta({
      description: 'The form, with each label in French beside the English one where the editor gave it',
    }),
    timezone: z.string().meta({ description: 'IANA time zone every time on the kiosk is shown in' }),
    starts_at: timestamp.nullable(),
    ends_at: timestamp.nullable(),
    location: z.string().nullable(),
    registration_opens_at: timestamp
      .nullable()
      .meta({ description: 'When registration opens, while that is still ahead; else null' }),
    checkin_opens_at: timestamp
      .nullable()
      .meta({ description: 'When check-in opens, while that is still ahead; else null' }),
    accent_color: z.string().nullable().meta({
      description: "The event's accent colour (`#rrggbb`, white text readable on it); null for none",
    }),
    logo_url: z
      .string()
      .nullable()
      .meta({ description: "Where the event's logo is read, on this server; null without one" }),
  })
  .meta({ id: 'KioskEvent' });

export const createEventBody = z
  .object(settingsShape)
  .partial()
  .required({ name: true })
  .meta({ id: 'CreateEvent' });

export const updateEventBody = z.object(settingsShape).partial().meta({ id: 'UpdateEvent' });

export type EventInput = z.output<typeof updateEventBody>;
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
    registration_fields: z.array(localizedRegistrationFieldSchema),
    is_registration_open: z.boolean(),
    is_checkin_allowed: z.boolean(),
    attendees_count: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Event' });
