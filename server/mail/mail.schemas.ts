import { z } from 'zod';
import {
  MAIL_KINDS,
  MAIL_STATES,
  MAIL_STATUSES,
  SMTP_SECURITY,
  TEST_MAIL_HINTS,
} from '../contract/vocabulary.ts';
import { fieldMessage } from '../platform/field-errors.ts';
import { MAX_RECIPIENT_CAPS, usualSecurity } from './mail.rules.ts';
import { ATTRIBUTE, emailInput, singleLine, timestamp } from '../platform/schemas.ts';
import { isAddressLiteral, isMailServerAddressAllowed, unbracketed } from '../webhooks/destination.rules.ts';

/** A host name or IP address, as typed: no scheme, no port, no spaces (an IPv6 address may carry an IPv4 one). */
const HOST = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?|[0-9a-fA-F]*:[0-9a-fA-F:.]*)$/;

/** A host that is an address written out must be one a mail server may be at (webhooks/destination.rules.ts). */
const isAllowedMailHost = (host: string) =>
  !isAddressLiteral(host) || isMailServerAddressAllowed(unbracketed(host));

/** `http(s)://host[:port][/path]` without credentials, query or fragment: what ticket links start with. */
export function isPublicUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === '' &&
      url.search === '' &&
      url.hash === ''
    );
  } catch {
    return false;
  }
}

const optionalText = (max: number) =>
  singleLine(z.string().trim().max(max))
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

export const mailSettingsBody = z
  .object({
    host: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .regex(HOST, { message: fieldMessage.format(ATTRIBUTE), abort: true })
      // A name is judged by what it resolves to, at every connection (smtp-transport.ts).
      .refine(isAllowedMailHost, { message: fieldMessage.mailHostNotAllowed(ATTRIBUTE) })
      .meta({ example: 'smtp.example.com' }),
    port: z.number().int().min(1).max(65535).meta({ example: 587 }),
    security: z
      .enum(SMTP_SECURITY)
      .optional()
      .meta({
        description:
          'tls: TLS from the start (usually port 465); starttls: required upgrade, never plain (587); none: a LAN ' +
          'relay that takes mail without signing in (no password). Left out: tls on port 465, else starttls.',
      }),
    username: optionalText(255),
    password: z
      .string()
      .max(1024)
      .nullable()
      .optional()
      .meta({
        description:
          'Write-only: never returned. Left out, the stored password is kept while the host, port, security and user ' +
          'name stay, and dropped when any of them changes (it belongs to its server); null clears it. Refused with ' +
          'security none.',
      }),
    from_address: emailInput,
    from_name: optionalText(255),
    reply_to: emailInput
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    // One line: the URL parser would drop a line break or tab the stored text then keeps.
    public_url: singleLine(z.string().trim().min(1).max(2048))
      .refine(isPublicUrl, { message: fieldMessage.httpUrl(ATTRIBUTE) })
      .transform((value) => value.replace(/\/+$/, ''))
      .meta({
        description: "The address people's phones reach this server at; ticket links start with it",
        example: 'https://tickets.example.org',
      }),
    mail_kiosk_registrations: z.boolean().default(false).meta({
      description:
        'Mail their ticket to people who register at a kiosk (the event page and the API always do)',
    }),
    mail_imports: z.boolean().default(false).meta({
      description: "Mail each imported person their ticket at once (else the desk's Send tickets does)",
    }),
    max_per_minute: z.number().int().min(1).max(100_000).nullable().default(null).meta({
      description: 'The most mails a minute the server takes; null: as fast as it answers',
    }),
  })
  .superRefine((body, context) => {
    // A password with `none` would cross the network in clear (a server that offered STARTTLS included).
    if (body.security === 'none' && typeof body.password === 'string' && body.password !== '') {
      context.addIssue({ code: 'custom', path: ['security'], message: fieldMessage.passwordNeedsTls() });
    }
  })
  .meta({ id: 'MailSettingsChange' });

export type MailSettingsBody = z.output<typeof mailSettingsBody>;

/** The mail server and sender a body names, as the mail service takes them (the dashboard's form and the CLI). */
export const mailServerOf = (body: MailSettingsBody) => ({
  host: body.host,
  port: body.port,
  security: body.security ?? usualSecurity(body.port),
  username: body.username,
  password: body.password,
  fromAddress: body.from_address,
  fromName: body.from_name,
  replyTo: body.reply_to,
  publicUrl: body.public_url,
});

export const mailSettingsSchema = z
  .object({
    host: z.string(),
    port: z.number().int(),
    security: z.enum(SMTP_SECURITY),
    username: z.string().nullable(),
    has_password: z.boolean().meta({ description: 'A password is stored (it is never shown)' }),
    from_address: z.string(),
    from_name: z.string().nullable(),
    reply_to: z.string().nullable(),
    public_url: z.string(),
    mail_kiosk_registrations: z.boolean(),
    mail_imports: z.boolean(),
    max_per_minute: z.number().int().nullable(),
    updated_at: timestamp,
    outbox: z
      .object({
        queued: z.number().int().meta({ description: 'Mails waiting to go' }),
        failed: z.number().int().meta({ description: 'Mails refused for good' }),
        last_error: z
          .string()
          .nullable()
          .meta({ description: "The last problem met: the server's own reply" }),
        last_error_at: timestamp.nullable(),
      })
      .meta({ id: 'MailOutboxSummary' }),
  })
  .meta({ id: 'MailSettings' });

export const mailSettingsResponse = z.object({ data: mailSettingsSchema.nullable() });

export const testMailBody = z.object({ to: emailInput });

export const testMailResponse = z.object({
  message: z.string(),
  data: z
    .object({
      sent: z.boolean(),
      reply: z.string().nullable().meta({
        description:
          "The mail server's own reply: its acceptance, or its refusal (e.g. `535 5.7.8 Authentication failed`)",
      }),
      detail: z
        .string()
        .nullable()
        .meta({ description: 'What went wrong when no reply came (no connection)' }),
      hint: z
        .enum(TEST_MAIL_HINTS)
        .optional()
        .meta({
          description:
            'Where a failure has a likely fix: no_starttls (try 465 with TLS, or none), use_starttls (TLS on a ' +
            'plain-text port), use_tls (no greeting: a TLS port), credentials, sign_in, sender, certificate, ' +
            'port_closed, host_not_found, unreachable',
        }),
    })
    .meta({ id: 'TestMailResult' }),
});

export const mailSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(MAIL_KINDS),
    status: z.enum(MAIL_STATUSES),
    queued_at: timestamp,
    sent_at: timestamp.nullable(),
    attempts: z.number().int(),
    next_attempt_at: timestamp.nullable().meta({ description: 'While queued: when it is tried next' }),
    error: z.string().nullable().meta({ description: 'Why it waits, failed or was skipped' }),
    smtp_reply: z.string().nullable().meta({ description: "The mail server's last reply" }),
    message_id: z.string().meta({ description: 'The Message-ID every attempt of this mail carries' }),
  })
  .meta({ id: 'Mail' });

/** The newest mail of a registration in the desk's list. */
export const deskMailSchema = z
  .object({
    kind: z.enum(MAIL_KINDS),
    status: z.enum(MAIL_STATUSES),
    bounced: z
      .literal(true)
      .optional()
      .meta({
        description:
          'Present on a failure that refused the address as it is now for good (the desk filter’s `bounced`): Send ' +
          'tickets leaves the person out until their email changes',
      }),
    queued_at: timestamp,
    sent_at: timestamp.nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'DeskMail' });

export const mailJobSchema = z
  .object({
    id: z.number().int(),
    total: z.number().int(),
    queued: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
    suppressed: z.number().int().meta({ description: 'Not sent: over the per-address cap' }),
    started_at: timestamp,
    finished_at: timestamp.nullable(),
  })
  .meta({ id: 'MailJob' });

/** How many mails one address may get about an event (mail.rules.ts, `recipientCapReached`). */
export const mailLimitsSchema = z
  .object({
    per_address_per_hour: z.number().int(),
    per_address_per_day: z.number().int(),
  })
  .meta({ id: 'MailLimits', description: 'How many mails one address may get about the event' });

export const mailLimitsBody = z
  .object({
    per_address_per_hour: z.number().int().min(1).max(MAX_RECIPIENT_CAPS.perHour),
    per_address_per_day: z.number().int().min(1).max(MAX_RECIPIENT_CAPS.perDay),
  })
  .meta({ id: 'MailLimitsChange' });

export const mailLimitsResponse = z.object({ data: mailLimitsSchema });

type PeopleShape = Record<(typeof MAIL_STATES)[number], z.ZodNumber>;

export const eventMailResponse = z.object({
  data: z
    .object({
      configured: z.boolean().meta({ description: 'The organization has mail settings' }),
      sent_here: z.boolean().meta({
        description:
          "False when another node mails this event (a venue's hub for the events it follows: the online server)",
      }),
      counts: z.object({
        queued: z.number().int(),
        sent: z.number().int(),
        failed: z.number().int(),
        suppressed: z.number().int().meta({
          description: 'Not sent: their address had had as many mails about the event as it may get',
        }),
        not_sent: z.number().int().meta({
          description:
            'Confirmed registrations, not checked in, never sent a ticket: what Send tickets mails',
        }),
      }),
      people: z
        .object(Object.fromEntries(MAIL_STATES.map((state) => [state, z.number().int()])) as PeopleShape)
        .meta({
          id: 'PeopleByMailState',
          description:
            "The event's people (every attendee row once, whatever its status) by where their mail stands: their " +
            'newest mail, as the desk filters them; `none`: never mailed',
        }),
      job: mailJobSchema.nullable().meta({ description: 'The latest Send tickets job' }),
      limits: mailLimitsSchema,
    })
    .meta({ id: 'EventMail' }),
});

export const attendeeMailResponse = z.object({ data: z.array(mailSchema) });
export const resendResponse = z.object({ message: z.string(), data: mailSchema });
export const sendTicketsResponse = z.object({ message: z.string(), data: mailJobSchema });

export const retryResponse = z.object({
  message: z.string(),
  data: z
    .object({ waiting: z.number().int().meta({ description: 'Mails waiting, now tried again at once' }) })
    .meta({ id: 'MailRetry' }),
});
