import type { z } from 'zod';
import { publicLogoPath } from '../brand/brand.rules.ts';
import type { EventBrand } from '../brand/brand.types.ts';
import { CHECKIN_QR_PREFIX } from '../contract/vocabulary.ts';
import { formatZonedIso, toTimestamp } from '../platform/time.ts';
import type { ticketSchema } from './ticket.schemas.ts';
import type { Ticket } from './ticket.types.ts';
import {
  languageFor,
  ticketCalendarPath,
  ticketCanCancel,
  ticketShowsCode,
  ticketStatus,
} from './ticket.rules.ts';

/** A ticket as its page shows it: the registration, its code while it can check in, the event in its own zone. */
export function presentTicket(
  ticket: Ticket,
  brand: EventBrand,
  secret: string,
  mail: {
    /** Until when the holder may correct the address (ticket.service.ts `emailCorrectionDeadline`). */
    correctableUntil: Date | null;
    /** Whether this server mails the ticket: the page then says where it went. */
    mailed: boolean;
  },
): z.input<typeof ticketSchema> {
  const { attendee, event, organization } = ticket;
  const code = ticketShowsCode(attendee.status, attendee.statusBeforeNoShow) ? attendee.checkinCode : null;
  const inZone = (timestamp: string | null) => timestamp && formatZonedIso(timestamp, event.timezone);
  return {
    status: ticketStatus(attendee.status, attendee.statusBeforeNoShow),
    name: attendee.name,
    email: attendee.email,
    registered_at: attendee.registeredAt,
    checked_in_at: attendee.checkedInAt,
    checkin_code: code,
    qr_text: code && CHECKIN_QR_PREFIX + code,
    language: languageFor(ticket.ticket.language),
    can_cancel: ticketCanCancel(attendee.status, attendee.checkedInAt),
    mailed: mail.mailed,
    email_correctable_until: mail.correctableUntil && toTimestamp(mail.correctableUntil),
    calendar_url: event.startsAt === null ? null : ticketCalendarPath(secret),
    mail_delivery: ticket.mailDelivery,
    event: {
      id: event.uuid,
      name: event.name,
      description: event.description,
      timezone: event.timezone,
      starts_at: event.startsAt,
      ends_at: event.endsAt,
      starts_at_local: inZone(event.startsAt),
      ends_at_local: inZone(event.endsAt),
      location: event.location,
      organization: { name: organization.name, slug: organization.slug },
      accent_color: brand.accentColor,
      logo_url: brand.logoEtag ? publicLogoPath(event.uuid, brand.logoEtag) : null,
    },
  };
}
