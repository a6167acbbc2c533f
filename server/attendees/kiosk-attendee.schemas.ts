import { z } from 'zod';
import { BADGE_LAYOUTS } from '../contract/vocabulary.ts';
import { ATTRIBUTE, emailInput, timestamp } from '../platform/schemas.ts';
import { fieldMessage } from '../platform/field-errors.ts';
import { EMAIL_MAX_LENGTH } from '../platform/email.ts';
import { parseScannedCode } from './checkin-code.rules.ts';
import {
  FIND_MAX_MATCHES,
  FIND_NAME_MAX_LENGTH,
  FIND_NAME_MIN_LENGTH,
  nameQuery,
} from './find-by-name.rules.ts';
import { registeredAttendeeSchema } from './public-attendee.schemas.ts';

/** The registration a kiosk made: what public registration answers, and the check-in code its screen shows. */
export const kioskRegistrationSchema = registeredAttendeeSchema
  .extend({
    checkin_code: z.string().meta({ description: 'What the check-in QR code carries after `ARV1:`' }),
  })
  .meta({ id: 'KioskRegistration' });

export const kioskRegisterResponse = z.object({
  message: z.string(),
  data: kioskRegistrationSchema,
  redirect_url: z.string().optional(),
});

/** What a scanner read, as it read it: `ARV1:<check-in code>`, a profile URL (`.../p/<code>`), or a bare code. */
const scannedCode = z
  .string()
  .trim()
  // An empty code is missing, and only that: its format is not judged too.
  .min(1, { abort: true })
  .max(512)
  .refine((text) => parseScannedCode(text) !== null, { message: fieldMessage.format(ATTRIBUTE) })
  .meta({ example: 'ARV1:3kTqz9XwP0aLm2Vb' });

export const scanBody = z.object({ code: scannedCode });

/** Who the badge is for: the email they checked in with, or the code they scanned. */
export const kioskBadgeBody = z
  .object({
    email: emailInput.optional(),
    code: scannedCode.optional(),
  })
  .refine((body) => body.email !== undefined || body.code !== undefined, {
    message: fieldMessage.required(ATTRIBUTE),
    path: ['email'],
  })
  .meta({
    description: 'One of `email` (as typed at check-in) or `code` (as scanned); `email` wins if both.',
  });

/**
 * A checked-in person's badge as the kiosk prints it: what the desk's badge shows (shared/badge/ in the renderer
 * draws both). Only the answers a badge prints travel: the company and the choice fields (the ticket type is one).
 */
export const kioskBadgeResponse = z.object({
  data: z
    .object({
      layout: z.enum(BADGE_LAYOUTS),
      name: z.string(),
      answers: z.record(z.string(), z.string()),
      checkin_code: z
        .string()
        .nullable()
        .meta({
          description:
            'What the QR code carries; null when the badge is asked for by email for a registration checked in by ' +
            'finding it by name (the code goes only to whoever shows it, or the email they checked in with)',
        }),
      logo_url: z.string().nullable(),
    })
    .meta({ id: 'KioskBadge' }),
});

/**
 * A check-in by scanned code at a kiosk: the public check-in's answer without the email (a code is all the person
 * showed, so the answer tells no more than the screen shows), with the company for the badge.
 */
export const kioskScanResponse = z.object({
  message: z.string(),
  data: z
    .object({
      id: z.number().int(),
      name: z.string(),
      company: z.string().nullable(),
      checked_in_at: timestamp,
    })
    .meta({ id: 'KioskCheckIn' }),
});

/**
 * A ticket used before, beside the scan's 409 (issue 39): whose it is (the first name only) and when and where it
 * was used, so the kiosk says "Ada checked in at 10:42 at the desk" rather than welcome a forwarded screenshot. Only
 * for a registration of this event: a code's first name is what its own ticket shows.
 */
export const usedTicketSchema = z
  .object({
    first_name: z.string().nullable().meta({
      description: "The registration's first name; null when the event asks for none",
      example: 'Ada',
    }),
    checked_in_at: timestamp,
    place: z
      .enum(['kiosk', 'desk'])
      .nullable()
      .meta({ description: 'Where it was used: at a kiosk or at the staff desk; null when unknown' }),
    device: z.string().nullable().meta({
      description:
        'The name of the paired kiosk it was used on, as its hub knows it; null on the hub itself or when unknown',
      example: 'North door',
    }),
  })
  .meta({ id: 'UsedTicket' });

/** A ticket of another event of the same organization, beside the scan's 404: the kiosk names that event. */
export const ticketEventSchema = z
  .object({ name: z.string().meta({ example: 'Launch Night' }) })
  .meta({ id: 'TicketEvent' });

/** A last name typed at a kiosk, with the first name when a last name alone finds too many. */
export const findByNameBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, { abort: true })
    .max(FIND_NAME_MAX_LENGTH)
    // Letters count, not spaces or hyphens: "-  -" names nobody.
    .refine((text) => nameQuery(text) !== null, {
      message: fieldMessage.minCharacters(ATTRIBUTE, FIND_NAME_MIN_LENGTH),
    })
    .meta({ example: 'Fontaine' }),
});

export const findByNameResponse = z.object({
  data: z
    .object({
      matches: z
        .array(
          z
            .object({
              handle: z
                .string()
                .nullable()
                .meta({
                  description:
                    'Names this match for a few minutes, on this server only; spent by one check-in try. Null ' +
                    '(and no domains) when the email domain has too few others of its kind to be hidden among ' +
                    'decoys: that registration checks in with staff',
                }),
              name: z
                .string()
                .meta({ description: 'First name and the initial of the last', example: 'Hélène F.' }),
              email: z
                .string()
                .meta({ description: 'The first character of the email only', example: 'h•••@•••' }),
              domains: z.array(z.string()).meta({
                description:
                  "The email domains to choose from: the registration's own and three decoys of its kind " +
                  '(webmail, or organisations), or none (see `handle`)',
                example: ['example.com', 'gmail.com', 'orange.fr', 'outlook.com'],
              }),
            })
            .meta({ id: 'NameMatch' }),
        )
        .max(FIND_MAX_MATCHES),
      too_many: z.boolean().meta({
        description: `More than ${FIND_MAX_MATCHES} registrations match: none is listed; add the first name`,
      }),
    })
    .meta({ id: 'NameMatches' }),
});

/** Which match is one's own, proved by the domain of one's email. */
export const findCheckInBody = z.object({
  handle: z.string().trim().min(1, { abort: true }).max(64),
  domain: z.string().trim().min(1, { abort: true }).max(EMAIL_MAX_LENGTH),
});
