import type { MailKind } from '../contract/vocabulary.ts';
import type { Clock } from '../platform/clock.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Repositories } from '../store.ts';
import { randomBase62 } from '../platform/random.ts';
import { TICKET_SECRET_LENGTH } from '../tickets/ticket.rules.ts';
import { mailMessageId } from './mail.rules.ts';
import type { MailSettingsRecord } from './mail.types.ts';

export type MailOutbox = ReturnType<typeof mailOutbox>;

/** The domain part of an address, for Message-IDs drawn in SQL (mail-outbox.repository.ts). */
export const domainOf = (address: string): string =>
  address.slice(address.lastIndexOf('@') + 1).toLowerCase() || 'arrivals.invalid';

/**
 * Writes mails into the outbox, as the webhooks' outbox does notifications (webhooks/outbox.service.ts): call it
 * inside the transaction of the change it tells of, so that both are stored or neither is. `onQueued` tells the
 * dispatcher there is work; it must not send before the caller's transaction commits (it waits a turn).
 */
export function mailOutbox(repos: Repositories, clock: Clock, onQueued: () => void) {
  /** While a replayed op is applied: the key its mails' Message-IDs derive from (see `keyed`). */
  let opKey: { key: string; written: number } | null = null;

  return {
    /**
     * Runs `work` with the mails it queues keyed by `key` (an op's id), so that their Message-IDs derive from the
     * op: the same op applied again, or on another node, names the same mail.
     */
    keyed<T>(key: string, work: () => T): T {
      opKey = { key, written: 0 };
      try {
        return work();
      } finally {
        opKey = null;
      }
    },

    /** One mail of `kind` to a registration, due now. */
    enqueue(
      settings: MailSettingsRecord,
      mail: {
        eventId: number;
        registrationUuid: string;
        kind: MailKind;
        jobId?: number | null;
        /** The desk's "Resend ticket". */
        resend?: boolean;
      },
    ): void {
      const now = clock.now();
      const key = opKey ? { op: opKey.key, index: opKey.written++ } : null;
      repos.mailOutbox.insert({
        organizationId: settings.organizationId,
        eventId: mail.eventId,
        registrationUuid: mail.registrationUuid,
        kind: mail.kind,
        messageId: mailMessageId(settings.fromAddress, key),
        jobId: mail.jobId ?? null,
        dueAt: now.getTime(),
        createdAt: toTimestamp(now),
        resend: mail.resend ?? false,
      });
      onQueued();
    },

    /** Tickets for an import's confirmed registrations, in one statement; returns how many. */
    enqueueConfirmations(settings: MailSettingsRecord, eventId: number, uuids: readonly string[]): number {
      const now = clock.now();
      const queued = repos.mailOutbox.insertConfirmationsFor(
        settings.organizationId,
        eventId,
        uuids,
        domainOf(settings.fromAddress),
        now.getTime(),
        toTimestamp(now),
      );
      if (queued > 0) onQueued();
      return queued;
    },

    /** A "send tickets" job for the event: a ticket for each registration not yet sent one. Returns its id. */
    enqueueSendTickets(settings: MailSettingsRecord, eventId: number): number {
      const now = clock.now();
      const at = toTimestamp(now);
      // Registrations from before tickets get their secret now, here: the node that mails, where the links go.
      for (const uuid of repos.mailOutbox.notYetSentWithoutSecret(eventId)) {
        repos.tickets.drawSecret(uuid, randomBase62(TICKET_SECRET_LENGTH));
      }
      const jobId = repos.mailOutbox.insertSendTicketsJob(
        settings.organizationId,
        eventId,
        domainOf(settings.fromAddress),
        now.getTime(),
        at,
      );
      onQueued();
      return jobId;
    },

    /** Mail that waited may go now (the settings changed). */
    wake: onQueued,
  };
}
