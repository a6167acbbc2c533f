import type { AttendeeRecord } from '../attendees/attendee.types.ts';
import type { EventRecord } from '../events/event.types.ts';
import type { Organization } from '../organizations/organization.types.ts';

/** A registration as its ticket shows it: with its event and organization. */
export interface Ticket {
  attendee: AttendeeRecord;
  event: EventRecord;
  organization: Organization;
}
