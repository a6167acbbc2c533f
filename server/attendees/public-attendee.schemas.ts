import { z } from 'zod';
import { emailInput, timestamp } from '../platform/schemas.ts';
import { PUBLIC_ATTENDEE_STATUSES } from './attendee.rules.ts';

/** The statuses the public side shows: a no-show (staff-only) shows the status it had before (`publicStatus`). */
const publicStatus = z.enum(PUBLIC_ATTENDEE_STATUSES);

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

export const checkQuery = z.object({ email: emailInput });

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
