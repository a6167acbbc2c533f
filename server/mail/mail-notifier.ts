import type { EventRecord } from '../events/event.types.ts';
import type { Repositories } from '../store.ts';
import type { ChangeNotifier } from '../webhooks/notifier.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Clock } from '../platform/clock.ts';
import {
  cancellationMailed,
  mailsRegistrationsFrom,
  registrationMailKind,
  SKIP_REASONS,
} from './mail.rules.ts';
import type { MailOutbox } from './mail-outbox.service.ts';

export interface MailNotifierOptions {
  /**
   * Whether mail about this event leaves from here. A venue's hub following an online server answers no for the
   * events it follows: their changes travel up as ops and the online server, which holds the truth, mails them
   * (docs/sync.md), as it sends their webhooks.
   */
  mailsFor(event: EventRecord): boolean;
  clock: Clock;
}

/**
 * Mail's side of the changes the services tell of (webhooks/notifier.ts), inside their transactions and only on the
 * node that holds the truth (a replica kiosk tells nobody; a hub tells of the ops it applies only as their
 * authority): a registration queues its ticket (or "awaiting approval" while pending), an approval the ticket, a
 * cancellation its own mail when an earlier one had told the person of the registration (and not when it was made
 * with the email alone minutes after registering: mail.rules.ts, `cancellationMailed`). Nothing is queued while
 * the organization has no mail settings.
 */
export function mailNotifier(
  repos: Repositories,
  outbox: MailOutbox,
  options: MailNotifierOptions & { clock: Clock },
): ChangeNotifier {
  const settingsFor = (event: EventRecord) =>
    options.mailsFor(event) ? repos.mailSettings.settingsOf(event.organizationId) : null;

  return {
    attendeeChanged(type, event, summary, circumstances) {
      if (type !== 'attendee.registered' && type !== 'attendee.approved' && type !== 'attendee.canceled')
        return;
      const settings = settingsFor(event);
      if (!settings) return;
      // The row told of is its registration's (the earliest of the person's): its mail is about that one.
      const attendee = repos.attendees.findByUuid(summary.uuid);
      if (!attendee) return;
      const target = { eventId: event.id, registrationUuid: attendee.uuid };
      if (type === 'attendee.canceled') {
        const mailed = cancellationMailed(repos.mailOutbox.anyRegistrationMailQueued(attendee.id), {
          byEmailAlone: circumstances?.byEmailAlone ?? false,
          registeredAt: summary.registeredAt,
          now: options.clock.now(),
        });
        if (mailed) outbox.enqueue(settings, { ...target, kind: 'cancellation' });
        return;
      }
      const door = repos.tickets.ofRegistration(attendee.uuid)?.door ?? null;
      if (!mailsRegistrationsFrom(door, settings)) return;
      const kind = type === 'attendee.approved' ? 'confirmation' : registrationMailKind(attendee.status);
      if (kind) outbox.enqueue(settings, { ...target, kind });
    },

    attendeesChanged(type, event, attendees) {
      // Many registrations at once: an import (attendees/import.service.ts).
      if (type !== 'attendee.registered') return;
      const settings = settingsFor(event);
      if (!settings?.mailImports) return;
      outbox.enqueueConfirmations(
        settings,
        event.id,
        attendees().map((attendee) => attendee.uuid),
      );
    },

    eventChanged: () => {},

    addressChanged(event, summary) {
      const settings = settingsFor(event);
      if (!settings) return;
      const attendee = repos.attendees.findByUuid(summary.uuid);
      if (!attendee) return;
      // Nothing more to the old address: what waits is skipped (it would go to the row's address, now the new one).
      repos.mailOutbox.skipQueuedOfRow(
        attendee.id,
        SKIP_REASONS.addressChanged,
        toTimestamp(options.clock.now()),
      );
      // The ticket (or "awaiting approval") to the new address, whatever door it came through: someone corrected it
      // so that it arrives. The same mail as the desk's Resend ticket.
      const kind = registrationMailKind(attendee.status);
      if (kind) outbox.enqueue(settings, { eventId: event.id, registrationUuid: attendee.uuid, kind });
    },

    // Scans on check-in lists send no mail.
    scanRecorded: () => {},

    listens(organizationId, type) {
      return (
        type === 'attendee.registered' &&
        (repos.mailSettings.settingsOf(organizationId)?.mailImports ?? false)
      );
    },

    keyed: outbox.keyed,
  };
}
