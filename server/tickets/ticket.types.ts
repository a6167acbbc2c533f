import type { AttendeeRecord } from '../attendees/attendee.types.ts';
import type { EventRecord } from '../events/event.types.ts';
import type { Organization } from '../organizations/organization.types.ts';
import type { TicketRecord } from './ticket.repository.ts';

/**
 * A registration as its ticket shows it: its ticket (secret, language), the row it is shown as (two registrations
 * of one email are one row), its event and organization.
 */
export interface Ticket {
  ticket: TicketRecord;
  attendee: AttendeeRecord;
  event: EventRecord;
  organization: Organization;
  /** Whether the mail carrying the ticket is late or failed (mail.rules.ts, `ticketMailDelivery`). */
  mailDelivery: 'delayed' | 'failed' | null;
}
