import { z } from 'zod';
import { LANGUAGES } from '../contract/vocabulary.ts';
import { timestamp } from '../platform/schemas.ts';

export const ticketParams = z.object({
  secret: z.string().meta({ description: "The ticket's secret, from its address (`/t/{secret}`)" }),
});

export const ticketSchema = z
  .object({
    status: z.enum(['pending', 'confirmed', 'canceled']),
    name: z.string(),
    email: z.string(),
    registered_at: timestamp,
    checked_in_at: timestamp.nullable(),
    checkin_code: z
      .string()
      .nullable()
      .meta({ description: 'While the ticket can check its holder in; else null' }),
    qr_text: z.string().nullable().meta({
      description: 'What the QR code carries (`ARV1:` and the code); null with the code',
      example: 'ARV1:3kTqz9XwP0aLm2Vb',
    }),
    language: z.enum(LANGUAGES).meta({ description: 'The language it was registered in' }),
    can_cancel: z.boolean().meta({ description: 'Live and not checked in: POST .../cancel would succeed' }),
    mailed: z.boolean().meta({
      description: 'Whether this server mails the ticket (mail is set up for its organization here)',
    }),
    email_correctable_until: timestamp.nullable().meta({
      description:
        'Until when PATCH /public/tickets/{secret} may correct the email: a day after registering; null after',
    }),
    calendar_url: z
      .string()
      .nullable()
      .meta({ description: 'The `.ics` on this server; null while the event has no start' }),
    mail_delivery: z
      .enum(['delayed', 'failed'])
      .nullable()
      .meta({
        description:
          'The email with this ticket: `delayed` while it waits to be tried again, `failed` when it could not be ' +
          'sent (and none before it was); null when sent, on its way, or never mailed from here',
      }),
    event: z
      .object({
        id: z.string(),
        name: z.string(),
        description: z.string(),
        timezone: z.string().meta({ description: 'IANA time zone the times are told in' }),
        starts_at: timestamp.nullable(),
        ends_at: timestamp.nullable(),
        starts_at_local: z.string().nullable().meta({
          description: "The start in the event's zone, with that zone's offset",
          example: '2026-12-01T10:00:00+01:00',
        }),
        ends_at_local: z.string().nullable(),
        location: z.string().nullable(),
        organization: z.object({ name: z.string(), slug: z.string() }),
        accent_color: z.string().nullable(),
        logo_url: z.string().nullable(),
      })
      .meta({ id: 'TicketEvent' }),
  })
  .meta({ id: 'Ticket' });

export const ticketResponse = z.object({ data: ticketSchema });

export const ticketEmailBody = z.object({ email: z.unknown() }).meta({
  id: 'TicketEmailCorrection',
  description: "The ticket's corrected email address, checked as registration checks it.",
  example: { email: 'ada@example.com' },
});

export const ticketEmailResponse = z.object({ message: z.string(), data: ticketSchema });
