import type { EventRecord } from '../events/event.types.ts';
import type { AttendeeRecord } from '../attendees/attendee.types.ts';
import type { Store } from '../store.ts';
import { randomBase62 } from '../platform/random.ts';
import { toTimestamp } from '../platform/time.ts';
import { TICKET_SECRET_LENGTH } from '../tickets/ticket.rules.ts';
import { replyText } from './mail.rules.ts';
import { mailOutbox as createMailOutbox } from './mail-outbox.service.ts';
import { testMailContent } from './mail.templates.ts';
import type {
  EventMailCounts,
  MailJobRecord,
  MailRecord,
  MailSettingsInput,
  MailSettingsRecord,
} from './mail.types.ts';
import { DEFAULT_SMTP_TIMEOUTS, smtpTransport, type SmtpTimeouts } from './smtp-transport.ts';

export type TestMailOutcome =
  | { ok: false; reason: 'not_configured' }
  /** `reply`: the server's own answer, its acceptance or its refusal; `detail` what went wrong when none came. */
  | { ok: true; sent: boolean; reply: string | null; detail: string | null };

/** Why mail about an event cannot be sent from here. */
export type MailRefusal = 'not_configured' | 'not_sent_here';

export type ResendOutcome =
  { ok: true; mail: MailRecord } | { ok: false; reason: MailRefusal | 'canceled' | 'pending' };

export type SendTicketsOutcome =
  { ok: true; job: MailJobRecord } | { ok: false; reason: MailRefusal | 'job_running' | 'nothing_to_send' };

export interface EventMailOverview {
  configured: boolean;
  /** False on a replica kiosk and, for the events it follows, on a venue's hub: another node mails them. */
  sentHere: boolean;
  counts: EventMailCounts;
  job: MailJobRecord | null;
}

export interface MailServiceOptions {
  /** Wakes the dispatcher: mail was queued, or may go now. */
  wake: () => void;
  /** Whether mail about this event leaves from this node (mail-notifier.ts says why it may not). */
  mailsFor(event: EventRecord): boolean;
  timeouts?: SmtpTimeouts;
}

/**
 * Mail for owners and the desk: the organization's SMTP settings (the password write-only) and a test email
 * answering with the server's own reply; each registration's mails; "Resend ticket"; "Send tickets" to everyone not
 * yet sent one, as a job whose mails the dispatcher sends at the server's pace. The CLI (`arrivals mail set`,
 * `arrivals mail test`) calls the same functions.
 */
export function mailService(store: Store, options: MailServiceOptions) {
  const { repos, clock } = store;
  const outbox = createMailOutbox(repos, clock, options.wake);

  const settingsOf = (organizationId: number): MailSettingsRecord | null =>
    repos.mailSettings.settingsOf(organizationId);

  /** Stores the settings; whatever waited goes at once with them (a fixed password, a new server). */
  function saveSettings(organizationId: number, input: MailSettingsInput): MailSettingsRecord {
    const now = clock.now();
    store.inTransaction(() => {
      repos.mailSettings.save(organizationId, input, toTimestamp(now));
      repos.mailOutbox.makeDueNow(organizationId, now.getTime());
    });
    options.wake();
    return settingsOf(organizationId)!;
  }

  /** Stops mailing: nothing more is queued; what waits stays, and goes if settings come back. */
  const removeSettings = (organizationId: number): boolean => repos.mailSettings.remove(organizationId);

  /** What waits and what failed, for the settings page. */
  const outboxSummary = (organizationId: number) => repos.mailOutbox.organizationSummary(organizationId);

  /** Sends a test email now, on a connection of its own, and answers with what the server said. */
  async function sendTest(organizationId: number, to: string): Promise<TestMailOutcome> {
    const settings = settingsOf(organizationId);
    if (!settings) return { ok: false, reason: 'not_configured' };
    const organization = repos.organizations.findById(organizationId);
    const transport = smtpTransport(settings, {
      connections: 1,
      timeouts: options.timeouts ?? DEFAULT_SMTP_TIMEOUTS,
    });
    try {
      const content = testMailContent(organization?.name ?? '');
      const result = await transport.send({
        from: settings.fromName
          ? { name: settings.fromName, address: settings.fromAddress }
          : settings.fromAddress,
        to,
        ...(settings.replyTo ? { replyTo: settings.replyTo } : {}),
        subject: content.subject,
        text: content.text,
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
      if (result.ok) return { ok: true, sent: true, reply: replyText(result.reply, null), detail: null };
      const { failure } = result;
      return {
        ok: true,
        sent: false,
        reply: replyText(failure.response, failure.responseCode),
        detail: failure.responseCode === null ? failure.message : null,
      };
    } finally {
      transport.close();
    }
  }

  /** Where an event's mail stands here: counts, the latest "send tickets" job, whether it is mailed from here. */
  function eventOverview(event: EventRecord): EventMailOverview {
    return {
      configured: settingsOf(event.organizationId) !== null,
      sentHere: options.mailsFor(event),
      counts: {
        ...repos.mailOutbox.eventCounts(event.id),
        notSent: repos.mailOutbox.countNotYetSent(event.id),
      },
      job: repos.mailOutbox.latestJob(event.id),
    };
  }

  /** Every mail of a registration, newest first (none where another node mails it). */
  const mailsOf = (attendee: AttendeeRecord): MailRecord[] => repos.mailOutbox.ofAttendee(attendee.id);

  /**
   * Each registration's newest mail, for the desk's list; null for the event when this node does not mail it (its
   * mails are another node's to know).
   */
  function latestMailOf(
    event: EventRecord,
    attendees: readonly AttendeeRecord[],
  ): Map<number, MailRecord> | null {
    if (!options.mailsFor(event)) return null;
    return repos.mailOutbox.latestOf(attendees.map((attendee) => attendee.id));
  }

  function refusalFor(event: EventRecord): { reason: MailRefusal } | { settings: MailSettingsRecord } {
    if (!options.mailsFor(event)) return { reason: 'not_sent_here' };
    const settings = settingsOf(event.organizationId);
    return settings ? { settings } : { reason: 'not_configured' };
  }

  /** The desk's "Resend ticket": a new mail with the registration's ticket (the same link and code). */
  function resendTicket(event: EventRecord, attendee: AttendeeRecord): ResendOutcome {
    const allowed = refusalFor(event);
    if ('reason' in allowed) return { ok: false, reason: allowed.reason };
    if (attendee.status === 'canceled') return { ok: false, reason: 'canceled' };
    if (attendee.status === 'pending') return { ok: false, reason: 'pending' };
    const mail = store.inTransaction(() => {
      // A registration from before tickets gets its secret now, on the node that mails.
      repos.tickets.drawSecret(attendee.uuid, randomBase62(TICKET_SECRET_LENGTH));
      outbox.enqueue(allowed.settings, {
        eventId: event.id,
        registrationUuid: attendee.uuid,
        kind: 'confirmation',
      });
      return repos.mailOutbox.ofAttendee(attendee.id)[0]!;
    });
    return { ok: true, mail };
  }

  /** The desk's "Send tickets": every confirmed registration not yet sent its ticket, as one paced job. */
  function sendTickets(event: EventRecord): SendTicketsOutcome {
    const allowed = refusalFor(event);
    if ('reason' in allowed) return { ok: false, reason: allowed.reason };
    return store.inTransaction((): SendTicketsOutcome => {
      const running = repos.mailOutbox.latestJob(event.id);
      if (running && running.finishedAt === null) return { ok: false, reason: 'job_running' };
      if (repos.mailOutbox.countNotYetSent(event.id) === 0) return { ok: false, reason: 'nothing_to_send' };
      outbox.enqueueSendTickets(allowed.settings, event.id);
      return { ok: true, job: repos.mailOutbox.latestJob(event.id)! };
    });
  }

  return {
    settingsOf,
    saveSettings,
    removeSettings,
    outboxSummary,
    sendTest,
    eventOverview,
    mailsOf,
    latestMailOf,
    resendTicket,
    sendTickets,
    /** Whether mail about this event leaves from this node. */
    mailsFor: options.mailsFor,
    /** The outbox the notifier queues into. */
    outbox,
  };
}

export type MailService = ReturnType<typeof mailService>;
