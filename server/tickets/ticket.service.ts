import type { AttendeeService, CancelOutcome } from '../attendees/attendee.service.ts';
import { ticketMailDelivery } from '../mail/mail.rules.ts';
import type { Store } from '../store.ts';
import { ticketCalendar } from './ticket-calendar.ts';
import type { Ticket } from './ticket.types.ts';
import { isWellFormedTicketSecret, languageFor, ticketPageUrl } from './ticket.rules.ts';

export type TicketCancelOutcome = CancelOutcome | { ok: false; reason: 'ticket_not_found' };

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

  return { findTicket, cancelByTicket, calendarOf };
}

export type TicketService = ReturnType<typeof ticketService>;
