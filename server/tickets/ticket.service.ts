import type { AttendeeService, CancelOutcome, EditOutcome } from '../attendees/attendee.service.ts';
import { ticketMailDelivery } from '../mail/mail.rules.ts';
import type { Store } from '../store.ts';
import { ticketCalendar } from './ticket-calendar.ts';
import type { Ticket } from './ticket.types.ts';
import {
  emailCorrectableUntil,
  isWellFormedTicketSecret,
  languageFor,
  ticketPageUrl,
} from './ticket.rules.ts';

export type TicketCancelOutcome = CancelOutcome | { ok: false; reason: 'ticket_not_found' };
export type TicketEmailOutcome = EditOutcome | { ok: false; reason: 'ticket_not_found' | 'too_late' };

/**
 * A registration's ticket, opened by the secret its address carries (`/t/{secret}`): what the ticket page shows, its
 * calendar file, and cancelling it. A secret that is malformed, unknown or another's all find nothing, the same way.
 */
export function ticketService(store: Store, attendees: AttendeeService) {
  const { repos, clock } = store;

  function findTicket(secret: string): Ticket | null {
    if (!isWellFormedTicketSecret(secret)) return null;
    const ticket = repos.tickets.findBySecret(secret);
    if (!ticket) return null;
    const attendee =
      repos.attendees.findByUuid(ticket.registrationUuid) ??
      repos.attendees.findMergedInto(ticket.registrationUuid);
    if (!attendee) return null;
    const event = repos.events.findById(attendee.eventId);
    const organization = event && repos.organizations.findById(event.organizationId);
    if (!event || !organization) return null;
    const mailDelivery = ticketMailDelivery(repos.mailOutbox.ofAttendee(attendee.id));
    return { ticket, attendee, event, organization, mailDelivery };
  }

  /**
   * The holder cancelling: the attendee service's cancel, so the rules, webhooks, mail and sync op are those of
   * every other cancellation.
   */
  function cancelByTicket(secret: string): TicketCancelOutcome {
    const ticket = findTicket(secret);
    if (!ticket) return { ok: false, reason: 'ticket_not_found' };
    return attendees.cancelRegistration(ticket.event, ticket.attendee);
  }

  /**
   * Until when the holder may correct the ticket's address: a day after the registration the secret is of
   * (ticket.rules.ts), while it is live; null once that passed or it is cancelled.
   */
  function emailCorrectionDeadline(ticket: Ticket): Date | null {
    const registration = repos.ledger.registrationByUuid(ticket.ticket.registrationUuid);
    if (!registration) return null;
    const until = emailCorrectableUntil(registration.at, ticket.attendee.status);
    return until && until.getTime() > clock.now().getTime() ? until : null;
  }

  /**
   * The holder correcting their address (the page after registering offers it: "Wrong address?"): the attendee
   * service's edit, so its validation, uniqueness, webhook, sync op and mail (the ticket to the new address, nothing
   * more to the old) are every edit's. For a day after registering; after that, staff correct it.
   */
  function correctEmail(secret: string, body: unknown): TicketEmailOutcome {
    const ticket = findTicket(secret);
    if (!ticket) return { ok: false, reason: 'ticket_not_found' };
    if (ticket.attendee.status === 'canceled') return { ok: false, reason: 'canceled' };
    if (!emailCorrectionDeadline(ticket)) return { ok: false, reason: 'too_late' };
    const email = typeof body === 'object' && body !== null ? (body as { email?: unknown }).email : undefined;
    return attendees.editAttendee(
      ticket.event,
      ticket.attendee,
      { email: email ?? null },
      {
        via: 'ticket',
        staff: null,
      },
    );
  }

  /**
   * The ticket's `.ics`, its link under `origin` (the organization's public address when mail is set up, else this
   * server as it was asked). Null: no such ticket; `no_date`: the event has no start yet.
   */
  function calendarOf(secret: string, origin: (ticket: Ticket) => string): string | 'no_date' | null {
    const ticket = findTicket(secret);
    if (!ticket) return null;
    const { attendee, event } = ticket;
    const language = languageFor(ticket.ticket.language);
    const ics = ticketCalendar(
      event,
      { uuid: attendee.uuid, ticketUrl: ticketPageUrl(origin(ticket), secret) },
      language,
      clock.now(),
    );
    return ics ?? 'no_date';
  }

  return { findTicket, cancelByTicket, calendarOf, correctEmail, emailCorrectionDeadline };
}

export type TicketService = ReturnType<typeof ticketService>;
