import {
  presentAttendee,
  presentAttendeeEvent,
  presentAttendeeOwnFields,
} from '../attendees/attendee.presenters.ts';
import type { AttendeeSummary } from '../attendees/attendee.types.ts';
import { presentEvent } from '../events/event.presenters.ts';
import type { EventRecord } from '../events/event.types.ts';
import type { WebhookOutbox } from './outbox.service.ts';
import type { WebhookEventType } from './webhook.rules.ts';

type AttendeeChange = Extract<WebhookEventType, `attendee.${string}`>;
type EventChange = Extract<WebhookEventType, `event.${string}`>;

/**
 * What the services tell about each change they store, inside its transaction. They speak of records; turning
 * those into webhook bodies (the attendee as `GET /api/attendees/{id}` shows it, the event as `GET /api/events/{id}`
 * does) is the webhooks feature's job, here.
 */
export interface ChangeNotifier {
  attendeeChanged(type: AttendeeChange, event: EventRecord, attendee: AttendeeSummary): void;
  /** Many attendees changed alike (an import, a bulk no-show); `attendees` is only read when somebody listens. */
  attendeesChanged(
    type: AttendeeChange,
    event: EventRecord,
    attendees: () => readonly AttendeeSummary[],
  ): void;
  eventChanged(type: EventChange, event: EventRecord, now: Date): void;
  /** Whether anybody listens to `type` in the organization: a caller may then read more, or less. */
  listens(organizationId: number, type: WebhookEventType): boolean;
}

export function webhookNotifier(outbox: WebhookOutbox): ChangeNotifier {
  return {
    attendeeChanged(type, event, attendee) {
      outbox.enqueue(event.organizationId, type, presentAttendee(attendee, event));
    },
    attendeesChanged(type, event, attendees) {
      // Each notification carries the same event: stored once for the batch.
      outbox.enqueueSharing(event.organizationId, type, () => attendees().map(presentAttendeeOwnFields), {
        event: presentAttendeeEvent(event),
      });
    },
    eventChanged(type, event, now) {
      outbox.enqueue(event.organizationId, type, presentEvent(event, now));
    },
    listens: outbox.listens,
  };
}
