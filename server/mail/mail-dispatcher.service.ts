import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/database.ts';
import { emailKey } from '../platform/email.ts';
import { toTimestamp } from '../platform/time.ts';
import { wakeAfterCommit } from '../platform/wake-after-commit.ts';
import type { WriteGate } from '../platform/write-gate.ts';
import { createRepositories } from '../store.ts';
import { randomBase62 } from '../platform/random.ts';
import { languageFor, TICKET_SECRET_LENGTH, ticketPageUrl } from '../tickets/ticket.rules.ts';
import {
  DAY_MS,
  DEFAULT_RECIPIENT_CAPS,
  HOUR_MS,
  judgeSmtpFailure,
  mailStillWanted,
  nextMailAttemptAt,
  recipientCapReached,
  replyText,
  sendIntervalMs,
  SLOW_DOWN_PAUSE_MS,
} from './mail.rules.ts';
import { renderMail } from './mail.templates.ts';
import type { MailRecord, MailSettingsRecord } from './mail.types.ts';
import {
  DEFAULT_SMTP_TIMEOUTS,
  smtpTransport,
  type SendResult,
  type SmtpTimeouts,
  type SmtpTransport,
} from './smtp-transport.ts';

export interface MailDispatchOptions {
  /**
   * Send in the background: on a poll timer and right after each mail is queued. When false, nothing is sent until
   * `dispatchDue()` is called (tests step through the schedule that way, moving the injected clock).
   */
  autoDispatch: boolean;
  pollIntervalMs: number;
  /** SMTP connections kept open per organization, each with one mail out at a time. */
  connections: number;
  timeouts: SmtpTimeouts;
  /** Certificates trusted for mail servers' TLS besides the system's (smtp-transport.ts). */
  trustedCertificates: readonly string[];
  /** Spreads retries (jitter). */
  random: () => number;
  /** How long a mail being sent stays claimed; a process that dies leaves it claimed until it starts again. */
  leaseMs: number;
  /**
   * How many requests the server is answering now (platform/request-activity.ts): while some are, the next mail
   * waits a little, so that requests never queue behind mail; at least one mail goes every `YIELD_MS *
   * MAX_YIELDS` all the same.
   */
  requestsInFlight: () => number;
}

export const DEFAULT_MAIL_DISPATCH: MailDispatchOptions = {
  autoDispatch: true,
  pollIntervalMs: 1000,
  connections: 3,
  timeouts: DEFAULT_SMTP_TIMEOUTS,
  trustedCertificates: [],
  random: Math.random,
  leaseMs: 10 * 60_000,
  requestsInFlight: () => 0,
};

/** How long the next mail waits while requests are being answered, and how many such waits in a row at most. */
const YIELD_MS = 10;
const MAX_YIELDS = 20;

/** Where the dispatcher reports trouble: the app's logger (pino's object-then-message form). */
interface Logger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export type MailDispatcher = ReturnType<typeof mailDispatcher>;

/**
 * Sends the mail outbox in the background, never on a request's path, as the webhook dispatcher sends its
 * deliveries (webhooks/dispatcher.service.ts). Per organization, a few SMTP connections of its own server, reused
 * from mail to mail, at most as fast as its settings allow (`max_per_minute`), and paused a minute when the server
 * asks us to slow down. Requests come first: while the server answers some, the next mail waits a little. A registration's own mail goes before the mails of a "send tickets" job. Each mail carries
 * the Message-ID it was queued with, so one sent again after a crash (its claim outlived the process) is
 * recognisably the same mail. Temporary failures are retried on mail.rules.ts's schedule; a refusal for good keeps
 * the server's reason.
 *
 * `db` is a connection for it alone, set to synchronous=NORMAL: losing its writes to a power cut only means a mail
 * goes out once more, which its fixed Message-ID makes recognisable. It writes on the server's thread, so each of
 * its writes goes through `writeGate.write`, after another thread's write and the app connection's group of writes.
 */
export function mailDispatcher(db: Db, clock: Clock, options: MailDispatchOptions, writeGate: WriteGate) {
  db.pragma('synchronous = NORMAL');
  const repos = createRepositories(db);
  const { mailOutbox: outbox, mailSettings, attendees, events, organizations, tickets } = repos;
  const shutdown = new AbortController();
  const serving = new Map<number, Promise<void>>();
  const transports = new Map<number, { fingerprint: string; transport: SmtpTransport }>();
  /**
   * Per organization: the earliest next send by its pace, and until when its server asked us to wait (the clock's
   * ms, like every retry time).
   */
  const nextSendAt = new Map<number, number>();
  const pausedUntil = new Map<number, number>();
  /**
   * Organizations whose mails may wait because their server could not be reached: on the next success those go at
   * once. Every organization counts at the start, for what an earlier run left waiting.
   */
  const waitingOnServer = new Set<number>();
  let log: Logger | null = null;
  let timer: NodeJS.Timeout | null = null;
  const wakeTimers = new Set<NodeJS.Timeout>();

  /** The organization's pooled transport, made again whenever what the connection depends on changed. */
  function transportFor(settings: MailSettingsRecord): SmtpTransport {
    const { host, port, security, username, password } = settings;
    const fingerprint = JSON.stringify([host, port, security, username, password]);
    const held = transports.get(settings.organizationId);
    if (held && held.fingerprint === fingerprint) return held.transport;
    held?.transport.close();
    const transport = smtpTransport(settings, {
      connections: options.connections,
      timeouts: options.timeouts,
      trustedCertificates: options.trustedCertificates,
    });
    transports.set(settings.organizationId, { fingerprint, transport });
    return transport;
  }

  /** Wakes the dispatcher after `ms` of real time (a pace or a pause to wait out), in the background only. */
  function wakeIn(ms: number): void {
    if (!options.autoDispatch || shutdown.signal.aborted) return;
    const handle = setTimeout(() => {
      wakeTimers.delete(handle);
      wake();
    }, ms);
    handle.unref();
    wakeTimers.add(handle);
  }

  type Sent = { outcome: 'sent' | 'skipped' | 'failed' | 'retry'; unreachable: boolean };

  async function sendOne(
    settings: MailSettingsRecord,
    transport: SmtpTransport,
    mail: MailRecord,
  ): Promise<Sent> {
    const now = clock.now();
    // The row the registration is shown as now (two registrations of one email are one row: the earliest).
    const attendee =
      attendees.findByUuid(mail.registrationUuid) ?? attendees.findMergedInto(mail.registrationUuid);
    const event = events.findById(mail.eventId);
    const wanted = mailStillWanted(
      mail.kind,
      attendee,
      event ?? { startsAt: null, endsAt: null },
      now,
      mail.kind === 'cancellation' && attendee !== null && outbox.anyRegistrationMailSent(attendee.id),
    );
    let ticket = tickets.ofRegistration(mail.registrationUuid);
    if (!wanted.wanted || !event || !attendee || !ticket) {
      await writeGate.write(() =>
        outbox.skip(
          mail.id,
          wanted.wanted ? 'The registration no longer exists.' : wanted.reason,
          toTimestamp(now),
        ),
      );
      return { outcome: 'skipped', unreachable: false };
    }
    // Judged before anything awaits: the mails claimed after this one count it as being sent.
    const overCap = recipientCapReached(
      outbox.recipientCounts(mail, emailKey(attendee.email), now.getTime() - HOUR_MS, now.getTime() - DAY_MS),
      mailSettings.capsOf(mail.eventId) ?? DEFAULT_RECIPIENT_CAPS,
    );
    if (overCap !== null) {
      await writeGate.write(() => outbox.suppress(mail.id, overCap, toTimestamp(now)));
      log?.warn(
        { mail: mail.id, organization: mail.organizationId, kind: mail.kind },
        'mail suppressed: its address reached the per-address cap',
      );
      return { outcome: 'skipped', unreachable: false };
    }
    if (ticket.secret === null) {
      // A registration from before tickets: its secret is drawn here, the node that mails, where the link goes.
      ticket = await writeGate.write(
        () =>
          tickets.drawSecret(mail.registrationUuid, randomBase62(TICKET_SECRET_LENGTH)) ??
          tickets.ofRegistration(mail.registrationUuid)!,
      );
    }
    const language = languageFor(ticket.language);
    const content = await renderMail({
      kind: mail.kind,
      language,
      attendee: {
        uuid: attendee.uuid,
        name: attendee.name,
        answers: attendee.answers,
        checkinCode: attendee.checkinCode,
      },
      event,
      organizationName: organizations.findById(settings.organizationId)?.name ?? '',
      ticketUrl: ticketPageUrl(settings.publicUrl, ticket.secret!),
      now,
    });
    const result: SendResult = await transport.send({
      from: settings.fromName
        ? { name: settings.fromName, address: settings.fromAddress }
        : settings.fromAddress,
      to: attendee.email,
      ...(settings.replyTo ? { replyTo: settings.replyTo } : {}),
      subject: content.subject,
      text: content.text,
      html: content.html,
      attachments: content.attachments,
      messageId: mail.messageId,
      date: now,
      headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': language },
    });
    if (shutdown.signal.aborted) {
      // Cut off by app.close(): not the server's failure. It goes again after the restart, as the same mail.
      await writeGate.write(() => {
        if (db.open) outbox.release(mail.id, clock.now().getTime());
      });
      return { outcome: 'retry', unreachable: false };
    }
    return writeGate.write(() => record(mail, result, emailKey(attendee.email)));
  }

  /** Stores what an attempt came to; `address` is the one it went to (as `email_key`). */
  function record(mail: MailRecord, result: SendResult, address: string): Sent {
    const finished = clock.now();
    const at = toTimestamp(finished);
    if (result.ok) {
      db.transaction(() => {
        outbox.recordAttempt(mail.id, {
          status: 'sent',
          nextAttemptAt: finished.getTime(),
          refused: false,
          unreachable: false,
          smtpReply: replyText(result.reply, null),
          error: null,
          sentAt: at,
          now: at,
        });
        // The server takes mail again: what waited only because it could not be reached goes now.
        if (waitingOnServer.delete(mail.organizationId))
          outbox.pullForward(mail.organizationId, finished.getTime());
      }).immediate();
      return { outcome: 'sent', unreachable: false };
    }
    const verdict = judgeSmtpFailure(result.failure);
    const reply = replyText(result.failure.response, result.failure.responseCode);
    const context = {
      mail: mail.id,
      organization: mail.organizationId,
      kind: mail.kind,
      attempt: mail.attempts + 1,
      responseCode: result.failure.responseCode,
      code: result.failure.code,
    };
    if (verdict.outcome === 'failed') {
      outbox.recordAttempt(mail.id, {
        status: 'failed',
        nextAttemptAt: finished.getTime(),
        refused: true,
        unreachable: false,
        smtpReply: reply,
        error: verdict.reason,
        sentAt: null,
        now: at,
        // Send tickets leaves this person out until their email changes (mail-outbox.repository.ts).
        refusedAddress: verdict.addressRefused ? address : null,
      });
      log?.warn(context, 'mail refused for good by the SMTP server');
      return { outcome: 'failed', unreachable: false };
    }
    const counts = { attempts: mail.attempts + 1, refusals: mail.refusals + (verdict.unreachable ? 0 : 1) };
    const next = nextMailAttemptAt(finished.getTime(), verdict, counts, options.random);
    if (verdict.slowDown) pausedUntil.set(mail.organizationId, finished.getTime() + SLOW_DOWN_PAUSE_MS);
    if (verdict.unreachable) waitingOnServer.add(mail.organizationId);
    outbox.recordAttempt(mail.id, {
      status: next === null ? 'failed' : 'queued',
      nextAttemptAt: next ?? finished.getTime(),
      refused: !verdict.unreachable,
      unreachable: verdict.unreachable,
      smtpReply: reply,
      error: verdict.reason,
      sentAt: null,
      now: at,
    });
    if (next === null) log?.error(context, 'mail failed for good: every retry was refused');
    else log?.warn(context, 'mail not sent; it will be retried');
    return { outcome: next === null ? 'failed' : 'retry', unreachable: verdict.unreachable };
  }

  /**
   * Sends the organization's due mails until none is due, its server cannot be reached, or its pace or a pause says
   * to wait (then a timer wakes the dispatcher, in the background).
   */
  async function serveOrganization(organizationId: number): Promise<void> {
    const inFlight = new Set<Promise<Sent>>();
    let down = false;
    let yields = 0;
    try {
      while (!shutdown.signal.aborted && !down) {
        // Read at each mail: an owner's change (a new password, a pace) applies from the next one on.
        const settings = mailSettings.settingsOf(organizationId);
        if (!settings) break;
        const interval = sendIntervalMs(settings.maxPerMinute);
        const clockNow = clock.now().getTime();
        const waitFor = Math.max(
          (pausedUntil.get(organizationId) ?? 0) - clockNow,
          (nextSendAt.get(organizationId) ?? 0) - clockNow,
        );
        if (waitFor > 0) {
          // Paced or paused: what is out finishes, then a timer resumes (in the background; a test moves its clock).
          if (inFlight.size > 0) {
            await Promise.race(inFlight);
            continue;
          }
          wakeIn(waitFor);
          break;
        }
        if (inFlight.size >= options.connections) {
          await Promise.race(inFlight);
          continue;
        }
        if (options.requestsInFlight() > 0 && yields < MAX_YIELDS) {
          yields++;
          await sleep(YIELD_MS);
          continue;
        }
        yields = 0;
        const mail = await writeGate.write(() => {
          if (shutdown.signal.aborted) return null;
          const now = clock.now().getTime();
          return outbox.claimNext(organizationId, now, now + options.leaseMs);
        });
        if (shutdown.signal.aborted) break;
        if (!mail) {
          if (inFlight.size === 0) break;
          await Promise.race(inFlight);
          continue;
        }
        if (interval > 0)
          nextSendAt.set(organizationId, Math.max(clockNow, nextSendAt.get(organizationId) ?? 0) + interval);
        const sending: Promise<Sent> = sendOne(settings, transportFor(settings), mail)
          .catch(async (error: unknown): Promise<Sent> => {
            log?.error({ err: error, mail: mail.id, organization: organizationId }, 'mail dispatch failed');
            if (db.open) {
              await writeGate.write(() => {
                if (db.open) outbox.release(mail.id, clock.now().getTime() + 60_000);
              });
            }
            return { outcome: 'retry', unreachable: false };
          })
          .then((sent) => {
            // No server to talk to: the rest wait for the next round (each retry then finds out for itself).
            if (sent.unreachable) down = true;
            return sent;
          })
          .finally(() => inFlight.delete(sending));
        inFlight.add(sending);
      }
    } finally {
      await Promise.allSettled(inFlight);
    }
  }

  /**
   * One round: serves every organization with due mail (each at most once at a time), and resolves when those
   * sends, and any already under way, have settled.
   */
  async function dispatchDue(): Promise<void> {
    // A read, of what has committed until now (the mail queued this turn included).
    await writeGate.write(() => {
      if (shutdown.signal.aborted) return;
      for (const organizationId of outbox.dueOrganizations(clock.now().getTime())) {
        if (serving.has(organizationId)) continue;
        const round = serveOrganization(organizationId).finally(() => serving.delete(organizationId));
        serving.set(organizationId, round);
      }
    });
    await Promise.allSettled(serving.values());
  }

  function dispatchInBackground(): void {
    dispatchDue().catch((error: unknown) => log?.error({ err: error }, 'mail dispatch failed'));
  }

  /** There is new mail: a round once the transaction that queued it has committed. */
  const wake = options.autoDispatch ? wakeAfterCommit(dispatchInBackground, shutdown.signal) : () => {};

  return {
    dispatchDue,
    wake,

    /** Resumes what a previous run left: its claims died with it, and those mails go again, as the same mails. */
    start(logger: Logger): void {
      log = logger;
      outbox.releaseAll(clock.now().getTime());
      for (const organizationId of mailSettings.organizationIds()) waitingOnServer.add(organizationId);
      if (!options.autoDispatch) return;
      timer = setInterval(dispatchInBackground, options.pollIntervalMs);
      timer.unref();
      wake();
    },

    /** Stops sending; mails under way are given back unsent (not counted as attempts) and go after a restart. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      for (const handle of wakeTimers) clearTimeout(handle);
      shutdown.abort();
      for (const { transport } of transports.values()) transport.close();
      await Promise.allSettled(serving.values());
      db.close();
    },
  };
}
