import { z } from 'zod';
import type { ResponseHeaders } from '../platform/openapi.ts';
import { emailInput, timestamp } from '../platform/schemas.ts';
import { TICKET_SECRET_LENGTH, ticketPagePath } from '../tickets/ticket.rules.ts';
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

/** What a register 201 carries besides its body, public and kiosk alike: its ticket page (`ticketPagePath`). */
export const registeredHeaders = {
  201: {
    Location: {
      description:
        "The registration's ticket page, `/t/{secret}`, on this server: the ticket opened by the secret it carries.",
      required: true,
      schema: {
        type: 'string',
        pattern: `^${ticketPagePath(`[0-9A-Za-z]{${TICKET_SECRET_LENGTH}}`)}$`,
        example: ticketPagePath('7uVpPFS6uDZwMlpO2zfLb3'),
      },
    },
  },
} as const satisfies Partial<Record<number, ResponseHeaders>>;

export const registrationBody = z.record(z.string(), z.unknown()).meta({
  description:
    'One property per registration field key of the event; keys the event does not define are ignored. An email ' +
    'field takes the address with white space around it, which is trimmed; addresses are compared without ' +
    'regard to case.',
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
