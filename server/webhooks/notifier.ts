import {
  presentAttendee,
  presentAttendeeEvent,
  presentAttendeeOwnFields,
} from '../attendees/attendee.presenters.ts';
import type { AttendeeSummary } from '../attendees/attendee.types.ts';
import { presentEvent } from '../events/event.presenters.ts';
import type { EventRecord } from '../events/event.types.ts';
import { presentScan } from '../lists/list.presenters.ts';
import type { ScanRecord } from '../lists/scan.rules.ts';
import type { WebhookOutbox } from './outbox.service.ts';
import type { WebhookEventType } from './webhook.rules.ts';

type AttendeeChange = Extract<WebhookEventType, `attendee.${string}`>;
type EventChange = Extract<WebhookEventType, `event.${string}`>;

/** How a change was made, where a listener decides by it (mail-notifier.ts). */
export interface ChangeCircumstances {
  /**
   * A cancellation asked with nothing but the email: the interface's public cancel, which anyone can make for any
   * address (not the ticket link, the desk or the API).
   */
  byEmailAlone?: boolean;
}

/**
 * What the services tell about each change they store, inside its transaction. They speak of records; turning
 * those into webhook bodies (the attendee as `GET /api/attendees/{id}` shows it, the event as `GET /api/events/{id}`
 * does) is the webhooks feature's job, here.
 */
export interface ChangeNotifier {
  attendeeChanged(
    type: AttendeeChange,
    event: EventRecord,
    attendee: AttendeeSummary,
    circumstances?: ChangeCircumstances,
  ): void;
  /** Many attendees changed alike (an import, a bulk no-show); `attendees` is only read when somebody listens. */
  attendeesChanged(
    type: AttendeeChange,
    event: EventRecord,
    attendees: () => readonly AttendeeSummary[],
  ): void;
  eventChanged(type: EventChange, event: EventRecord, now: Date): void;
  /** A scan on a check-in list that counts: an entry, or an exit (scanned, or the automatic check-out). */
  scanRecorded(
    type: 'attendee.entered' | 'attendee.exited',
    event: EventRecord,
    attendee: AttendeeSummary,
    scan: ScanRecord,
  ): void;
  /**
   * An attendee's email was corrected (an edit: told after its `attendee.updated`): mail queued for the old address
   * is not sent, and the new one gets the ticket. Webhooks hear of it as the update.
   */
  addressChanged(event: EventRecord, attendee: AttendeeSummary): void;
  /** Whether anybody listens to `type` in the organization: a caller may then read more, or less. */
  listens(organizationId: number, type: WebhookEventType): boolean;
  /** Runs `work` with the webhook-ids of what it tells derived from `key` (an op's id: sync/apply.service.ts). */
  keyed<T>(key: string, work: () => T): T;
}

/** A replica tells nobody: its hub sends the webhooks, once, for the changes that win there. */
export const silentNotifier: ChangeNotifier = {
  attendeeChanged: () => {},
  attendeesChanged: () => {},
  eventChanged: () => {},
  scanRecorded: () => {},
  addressChanged: () => {},
  listens: () => false,
  keyed: (_key, work) => work(),
};

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
    scanRecorded(type, event, attendee, scan) {
      outbox.enqueue(event.organizationId, type, {
        attendee: presentAttendee(attendee, event),
        list: { id: scan.list.uuid, name: scan.list.name },
        scan: presentScan(scan),
      });
    },
    addressChanged: () => {},
    listens: outbox.listens,
    keyed: outbox.keyed,
  };
}

/**
 * One notifier telling several (webhooks and mail): each is told of every change, in the same transaction. A batch's
 * attendees are read once, whoever asks first.
 */
export function notifyingAll(...notifiers: readonly ChangeNotifier[]): ChangeNotifier {
  return {
    attendeeChanged(type, event, attendee, circumstances) {
      for (const notifier of notifiers) notifier.attendeeChanged(type, event, attendee, circumstances);
    },
    attendeesChanged(type, event, attendees) {
      let read: readonly AttendeeSummary[] | undefined;
      const once = () => (read ??= attendees());
      for (const notifier of notifiers) notifier.attendeesChanged(type, event, once);
    },
    eventChanged(type, event, now) {
      for (const notifier of notifiers) notifier.eventChanged(type, event, now);
    },
    scanRecorded(type, event, attendee, scan) {
      for (const notifier of notifiers) notifier.scanRecorded(type, event, attendee, scan);
    },
    addressChanged(event, attendee) {
      for (const notifier of notifiers) notifier.addressChanged(event, attendee);
    },
    listens: (organizationId, type) => notifiers.some((notifier) => notifier.listens(organizationId, type)),
    keyed<T>(key: string, work: () => T): T {
      const run = notifiers.reduceRight<() => T>((inner, notifier) => () => notifier.keyed(key, inner), work);
      return run();
    },
  };
}
