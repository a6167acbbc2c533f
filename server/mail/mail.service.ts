import type { TestMailHint } from '../contract/vocabulary.ts';
import type { EventRecord } from '../events/event.types.ts';
import type { AttendeeRecord } from '../attendees/attendee.types.ts';
import type { Store } from '../store.ts';
import { randomBase62 } from '../platform/random.ts';
import { emailKey } from '../platform/email.ts';
import { toTimestamp } from '../platform/time.ts';
import { TICKET_SECRET_LENGTH } from '../tickets/ticket.rules.ts';
import {
  DAY_MS,
  DEFAULT_RECIPIENT_CAPS,
  HOUR_MS,
  hourlyAllowance,
  passwordKept,
  recipientCapReached,
  replyText,
  RESENDS_PER_HOUR,
  TEST_MAILS_PER_HOUR,
  testMailHint,
  type RecipientCaps,
} from './mail.rules.ts';
import { mailOutbox as createMailOutbox } from './mail-outbox.service.ts';
import { testMailContent } from './mail.templates.ts';
import type {
  EventMailCounts,
  PeopleByMailState,
  MailJobRecord,
  MailRecord,
  MailSettingsInput,
  MailSettingsRecord,
} from './mail.types.ts';
import { DEFAULT_SMTP_TIMEOUTS, smtpTransport, type SmtpTimeouts } from './smtp-transport.ts';

/** Over an hourly limit: when the oldest of what counts leaves the hour (a 429's Retry-After). */
export interface TooMany {
  ok: false;
  reason: 'too_many';
  retryAfterSeconds: number;
}

export type TestMailOutcome =
  | { ok: false; reason: 'not_configured' }
  | TooMany
  /**
   * `reply`: the server's own answer, its acceptance or its refusal; `detail` what went wrong when none came;
   * `hint` the likely fix of a failure.
   */
  | { ok: true; sent: boolean; reply: string | null; detail: string | null; hint: TestMailHint | null };

/** Why mail about an event cannot be sent from here. */
export type MailRefusal = 'not_configured' | 'not_sent_here';

export type ResendOutcome =
  { ok: true; mail: MailRecord } | { ok: false; reason: MailRefusal | 'canceled' | 'pending' } | TooMany;

export type RetryOutcome =
  { ok: true; waiting: number } | { ok: false; reason: MailRefusal | 'nothing_waiting' };

export type SendTicketsOutcome =
  { ok: true; job: MailJobRecord } | { ok: false; reason: MailRefusal | 'job_running' | 'nothing_to_send' };

export interface EventMailOverview {
  configured: boolean;
  /** False on a replica kiosk and, for the events it follows, on a venue's hub: another node mails them. */
  sentHere: boolean;
  counts: EventMailCounts;
  /** The event's people by where their mail stands: each person once, however many mails they had. */
  people: PeopleByMailState;
  job: MailJobRecord | null;
  /** How many mails one address may get about the event (its own caps, else the defaults). */
  caps: RecipientCaps;
}

export interface MailServiceOptions {
  /** Wakes the dispatcher: mail was queued, or may go now. */
  wake: () => void;
  /** Whether mail about this event leaves from this node (mail-notifier.ts says why it may not). */
  mailsFor(event: EventRecord): boolean;
  timeouts?: SmtpTimeouts;
  /** Certificates trusted for mail servers' TLS besides the system's (smtp-transport.ts). */
  trustedCertificates?: readonly string[];
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

  /**
   * Stores the settings, keeping the stored password only as `passwordKept` says (it belongs to its host); whatever
   * waited goes at once with them (a fixed password, a new server).
   */
  function saveSettings(organizationId: number, input: MailSettingsInput): MailSettingsRecord {
    const now = clock.now();
    store.inTransaction(() => {
      const password = passwordKept(settingsOf(organizationId), input);
      repos.mailSettings.save(organizationId, { ...input, password }, toTimestamp(now));
      repos.mailOutbox.makeDueNow(organizationId, now.getTime());
    });
    options.wake();
    return settingsOf(organizationId)!;
  }

  /** Stops mailing: nothing more is queued; what waits stays, and goes if settings come back. */
  const removeSettings = (organizationId: number): boolean => repos.mailSettings.remove(organizationId);

  /** What waits and what failed, for the settings page. */
  const outboxSummary = (organizationId: number) => repos.mailOutbox.organizationSummary(organizationId);

  /**
   * Sends a test email now, on a connection of its own, and answers with what the server said. At most
   * `TEST_MAILS_PER_HOUR` an hour for the organization, each counted (sent or not) for its address's caps too:
   * the test email is no way to mail strangers or to try one port after another.
   */
  async function sendTest(organizationId: number, to: string): Promise<TestMailOutcome> {
    const settings = settingsOf(organizationId);
    if (!settings) return { ok: false, reason: 'not_configured' };
    const now = clock.now().getTime();
    const sent = repos.mailOutbox.testSendsSince(organizationId, now - HOUR_MS);
    const allowance = hourlyAllowance(sent.count, sent.oldestAt, TEST_MAILS_PER_HOUR, now);
    if (!allowance.allowed) return { ok: false, reason: 'too_many', ...allowance };
    repos.mailOutbox.recordTestSend(organizationId, emailKey(to), now);
    const organization = repos.organizations.findById(organizationId);
    const transport = smtpTransport(settings, {
      connections: 1,
      timeouts: options.timeouts ?? DEFAULT_SMTP_TIMEOUTS,
      trustedCertificates: options.trustedCertificates,
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
      if (result.ok) {
        return { ok: true, sent: true, reply: replyText(result.reply, null), detail: null, hint: null };
      }
      const { failure } = result;
      return {
        ok: true,
        sent: false,
        reply: replyText(failure.response, failure.responseCode),
        detail: failure.responseCode === null ? failure.message : null,
        hint: testMailHint(failure, settings.security),
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
      people: repos.mailOutbox.peopleByMailState(event.id),
      job: repos.mailOutbox.latestJob(event.id),
      caps: capsOf(event),
    };
  }

  /** How many mails one address may get about the event: its own caps where an owner raised them, else the defaults. */
  const capsOf = (event: EventRecord): RecipientCaps =>
    repos.mailSettings.capsOf(event.id) ?? DEFAULT_RECIPIENT_CAPS;

  /** An owner's caps for the event (the event editor's email settings); the mail service's own rule checks them. */
  function setCaps(event: EventRecord, caps: RecipientCaps): RecipientCaps {
    repos.mailSettings.setCaps(event.id, caps, toTimestamp(clock.now()));
    return capsOf(event);
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
    // However often staff press it, one person gets a few: the per-address caps then hold the rest back.
    const now = clock.now().getTime();
    const resent = repos.mailOutbox.resendsSince(attendee.id, now - HOUR_MS);
    const allowance = hourlyAllowance(resent.count, resent.oldestAt, RESENDS_PER_HOUR, now);
    if (!allowance.allowed) return { ok: false, reason: 'too_many', ...allowance };
    const mail = store.inTransaction(() => {
      // A registration from before tickets gets its secret now, on the node that mails.
      repos.tickets.drawSecret(attendee.uuid, randomBase62(TICKET_SECRET_LENGTH));
      outbox.enqueue(allowed.settings, {
        eventId: event.id,
        registrationUuid: attendee.uuid,
        kind: 'confirmation',
        resend: true,
      });
      return repos.mailOutbox.ofAttendee(attendee.id)[0]!;
    });
    return { ok: true, mail };
  }

  /**
   * "Retry now" on a person waiting for a mail: their waiting mails go now rather than when the retry schedule says
   * (after an outage, say), each an attempt like any other.
   */
  function retryAttendee(event: EventRecord, attendee: AttendeeRecord): RetryOutcome {
    const allowed = refusalFor(event);
    if ('reason' in allowed) return { ok: false, reason: allowed.reason };
    const waiting = repos.mailOutbox.queuedOfAttendee(attendee.id);
    if (waiting === 0) return { ok: false, reason: 'nothing_waiting' };
    repos.mailOutbox.retryAttendee(attendee.id, clock.now().getTime());
    options.wake();
    return { ok: true, waiting };
  }

  /** "Retry now" on the Email page: every mail of the organization that waits goes now. */
  function retryOrganization(organizationId: number): RetryOutcome {
    if (!settingsOf(organizationId)) return { ok: false, reason: 'not_configured' };
    repos.mailOutbox.makeDueNow(organizationId, clock.now().getTime());
    options.wake();
    return { ok: true, waiting: repos.mailOutbox.organizationSummary(organizationId).queued };
  }

  /**
   * The event page's "Send my ticket again", which anyone may ask for any address: the registration of `email`, if
   * there is one that has something to send (a ticket, or "awaiting approval"), is mailed again, to its own
   * address only. Nothing says whether it was: the caller learns nothing about who is registered. Queued only while
   * the address is under its caps and the registration under the resend limit, so asking again and again fills no
   * outbox with mails that would only be suppressed.
   */
  function sendTicketAgain(event: EventRecord, email: string): void {
    const allowed = refusalFor(event);
    if ('reason' in allowed) return;
    const attendee = repos.attendees.findForEmail(event.id, email);
    if (!attendee || attendee.eventId !== event.id) return;
    const kind =
      attendee.status === 'pending'
        ? 'pending'
        : attendee.status === 'confirmed' || attendee.status === 'no_show'
          ? 'confirmation'
          : null;
    if (kind === null) return;
    const now = clock.now().getTime();
    const resent = repos.mailOutbox.resendsSince(attendee.id, now - HOUR_MS);
    if (!hourlyAllowance(resent.count, resent.oldestAt, RESENDS_PER_HOUR, now).allowed) return;
    const counts = repos.mailOutbox.recipientCounts(
      { id: 0, organizationId: event.organizationId, eventId: event.id },
      emailKey(attendee.email),
      now - HOUR_MS,
      now - DAY_MS,
    );
    if (recipientCapReached(counts, capsOf(event)) !== null) return;
    store.inTransaction(() => {
      repos.tickets.drawSecret(attendee.uuid, randomBase62(TICKET_SECRET_LENGTH));
      outbox.enqueue(allowed.settings, {
        eventId: event.id,
        registrationUuid: attendee.uuid,
        kind,
        resend: true,
      });
    });
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
    retryAttendee,
    retryOrganization,
    sendTicketAgain,
    sendTickets,
    capsOf,
    setCaps,
    /** Whether mail about this event leaves from this node. */
    mailsFor: options.mailsFor,
    /** The outbox the notifier queues into. */
    outbox,
  };
}

export type MailService = ReturnType<typeof mailService>;
