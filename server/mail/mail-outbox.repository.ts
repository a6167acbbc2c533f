import type { MailKind, MailState, MailStatus } from '../contract/vocabulary.ts';
import type { Db } from '../platform/database.ts';
import { toTimestamp } from '../platform/time.ts';
import type { RecipientCounts } from './mail.rules.ts';
import type { EventMailCounts, MailJobRecord, MailRecord } from './mail.types.ts';

interface MailRow {
  id: number;
  organization_id: number;
  event_id: number;
  registration_uuid: string;
  kind: MailKind;
  message_id: string;
  status: MailStatus;
  job_id: number | null;
  attempts: number;
  refusals: number;
  next_attempt_at: number;
  last_unreachable: number;
  smtp_reply: string | null;
  error: string | null;
  created_at: string;
  sent_at: string | null;
  updated_at: string;
  refused_address: string | null;
}

const toMail = (row: MailRow): MailRecord => ({
  id: row.id,
  organizationId: row.organization_id,
  eventId: row.event_id,
  registrationUuid: row.registration_uuid,
  kind: row.kind,
  messageId: row.message_id,
  status: row.status,
  jobId: row.job_id,
  attempts: row.attempts,
  refusals: row.refusals,
  nextAttemptAt: row.next_attempt_at,
  lastUnreachable: row.last_unreachable === 1,
  smtpReply: row.smtp_reply,
  error: row.error,
  createdAt: row.created_at,
  sentAt: row.sent_at,
  updatedAt: row.updated_at,
  refusedAddress: row.refused_address,
});

const MAIL_COLUMNS =
  'id, organization_id, event_id, registration_uuid, kind, message_id, status, job_id, attempts, refusals, ' +
  'next_attempt_at, last_unreachable, smtp_reply, error, created_at, sent_at, updated_at, refused_address';

export interface NewMail {
  organizationId: number;
  eventId: number;
  /** The registration it is about: the row's own when queued. */
  registrationUuid: string;
  kind: MailKind;
  messageId: string;
  jobId: number | null;
  /** Unix ms. */
  dueAt: number;
  createdAt: string;
  /** Queued by the desk's "Resend ticket" (3 an hour a person). */
  resend?: boolean;
}

/** What one attempt did to its mail. */
export interface MailAttemptResult {
  status: MailStatus;
  /** Unix ms, while it stays queued. */
  nextAttemptAt: number;
  refused: boolean;
  unreachable: boolean;
  smtpReply: string | null;
  error: string | null;
  sentAt: string | null;
  now: string;
  /** The address (as `email_key`) the server refused for good, when it refused the recipient. */
  refusedAddress?: string | null;
}

/** The mails of the registrations an attendee row is shown as (two registrations of one email are one row). */
const MAILS_OF_ROW = `registrations AS r CROSS JOIN mail_outbox AS o ON o.registration_uuid = r.uuid`;

/**
 * The attendees of an event that "Send tickets" mails: confirmed, not yet checked in, with no ticket sent or on
 * its way, and whose address the server has not refused for good (until their email changes: another address is
 * worth a try). The one copy of that rule, used by the count the desk shows and by the job itself.
 */
const NOT_YET_SENT = `a.event_id = @event AND a.status = 'confirmed' AND a.checked_in_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM ${MAILS_OF_ROW}
                  WHERE r.attendee_id = a.id AND o.kind = 'confirmation' AND o.status IN ('queued', 'sent'))
  AND NOT EXISTS (SELECT 1 FROM ${MAILS_OF_ROW}
                  WHERE r.attendee_id = a.id AND o.refused_address = a.email_key)`;

/**
 * Where the mail of the attendee row `row` (an alias of `attendees`) stands, as the desk filters and counts people
 * (contract/vocabulary.ts, `MAIL_STATES`): its newest mail that was not skipped, the one the desk's mail column
 * shows (`latestOf`), a failure of the row's own address counting as bounced; `none` without one. The TypeScript
 * copy is mail.rules.ts's `mailStateOf`. Used by the attendee list's filter (attendees/attendee.repository.ts) and by `peopleByMailState` here.
 */
export const personMailState = (row: string) => `coalesce(
  (SELECT CASE WHEN o.status = 'failed' AND o.refused_address = ${row}.email_key THEN 'bounced' ELSE o.status END
   FROM ${MAILS_OF_ROW} WHERE r.attendee_id = ${row}.id AND o.status <> 'skipped' ORDER BY o.id DESC LIMIT 1),
  'none')`;

/**
 * A Message-ID drawn in SQL for mails queued many at once, as `mailMessageId` (mail.rules.ts) draws one: 128
 * random bits at the sender's domain.
 */
const SQL_MESSAGE_ID = `'<' || lower(hex(randomblob(16))) || '@' || @domain || '>'`;

/** The mail outbox (migration 020): what waits, what went, what failed and why; and "send tickets" jobs. */
export function mailOutboxRepository(db: Db) {
  const insert = db.prepare<Record<string, unknown>>(
    `INSERT INTO mail_outbox (organization_id, event_id, registration_uuid, kind, message_id, job_id,
       next_attempt_at, created_at, updated_at, resend)
     VALUES (@organization_id, @event_id, @registration_uuid, @kind, @message_id, @job_id, @due_at, @created_at,
       @created_at, @resend)`,
  );
  // An import's registrations, told of all at once (`attendeesChanged`): one statement for thousands.
  const insertForUuids = db.prepare<Record<string, unknown>>(
    `INSERT INTO mail_outbox (organization_id, event_id, registration_uuid, kind, message_id, next_attempt_at,
       created_at, updated_at)
     SELECT @organization_id, a.event_id, a.uuid, 'confirmation', ${SQL_MESSAGE_ID}, @due_at, @created_at,
       @created_at
     FROM json_each(@uuids) AS ids CROSS JOIN attendees AS a ON a.uuid = ids.value
     WHERE a.event_id = @event AND a.status = 'confirmed'`,
  );
  const insertJob = db.prepare<[number, number, number, string]>(
    'INSERT INTO mail_jobs (organization_id, event_id, total, created_at) VALUES (?, ?, ?, ?)',
  );
  const setJobTotal = db.prepare<[number, number | bigint]>('UPDATE mail_jobs SET total = ? WHERE id = ?');
  const insertNotYetSent = db.prepare<Record<string, unknown>>(
    `INSERT INTO mail_outbox (organization_id, event_id, registration_uuid, kind, message_id, job_id,
       next_attempt_at, created_at, updated_at)
     SELECT @organization_id, a.event_id, a.uuid, 'confirmation', ${SQL_MESSAGE_ID}, @job, @due_at, @created_at,
       @created_at
     FROM attendees AS a WHERE ${NOT_YET_SENT} ORDER BY a.id`,
  );
  const countNotYetSent = db
    .prepare<{ event: number }, number>(`SELECT count(*) FROM attendees AS a WHERE ${NOT_YET_SENT}`)
    .pluck();
  const withoutSecret = db
    .prepare<{ event: number }, string>(
      `SELECT a.uuid FROM attendees AS a JOIN registrations AS t ON t.uuid = a.uuid
       WHERE ${NOT_YET_SENT} AND t.ticket_secret IS NULL`,
    )
    .pluck();
  const byId = db.prepare<[number], MailRow>(`SELECT ${MAIL_COLUMNS} FROM mail_outbox WHERE id = ?`);
  const MAIL_COLUMNS_OF_O = MAIL_COLUMNS.split(', ')
    .map((column) => `o.${column}`)
    .join(', ');
  const ofRow = db.prepare<[number], MailRow>(
    `SELECT ${MAIL_COLUMNS_OF_O} FROM ${MAILS_OF_ROW} WHERE r.attendee_id = ? ORDER BY o.id DESC`,
  );
  const ofRows = db.prepare<[string], MailRow & { attendee_id: number }>(
    `SELECT r.attendee_id, ${MAIL_COLUMNS_OF_O}
     FROM json_each(?) AS ids
       CROSS JOIN registrations AS r ON r.attendee_id = ids.value
       CROSS JOIN mail_outbox AS o ON o.registration_uuid = r.uuid
     WHERE o.status <> 'skipped'`,
  );
  const anySent = db
    .prepare<[number], number>(
      `SELECT EXISTS (SELECT 1 FROM ${MAILS_OF_ROW}
                      WHERE r.attendee_id = ? AND o.kind IN ('confirmation', 'pending') AND o.status = 'sent')`,
    )
    .pluck();
  const anyTold = db
    .prepare<[number], number>(
      `SELECT EXISTS (SELECT 1 FROM ${MAILS_OF_ROW}
                      WHERE r.attendee_id = ? AND o.kind IN ('confirmation', 'pending')
                        AND o.status NOT IN ('skipped', 'suppressed'))`,
    )
    .pluck();
  // What an address had about an event (every registration of that email in it), besides the mail `id`: sent in
  // the last day (and hour), and being sent now; and the organization's test emails to it. The per-address caps
  // (mail.rules.ts, `recipientCapReached`) are judged on these.
  const recipientCounts = db.prepare<Record<string, unknown>, RecipientCounts>(
    `SELECT
       (SELECT count(*) FROM registrations AS r CROSS JOIN mail_outbox AS o ON o.registration_uuid = r.uuid
        WHERE r.event_id = @event AND r.email_key = @key AND o.id <> @id
          AND ((o.status = 'sent' AND o.sent_at > @hour) OR (o.status = 'queued' AND o.lease_expires_at IS NOT NULL)))
       + (SELECT count(*) FROM mail_test_sends
          WHERE organization_id = @organization AND recipient = @key AND sent_at > @hour_ms) AS hour,
       (SELECT count(*) FROM registrations AS r CROSS JOIN mail_outbox AS o ON o.registration_uuid = r.uuid
        WHERE r.event_id = @event AND r.email_key = @key AND o.id <> @id
          AND ((o.status = 'sent' AND o.sent_at > @day) OR (o.status = 'queued' AND o.lease_expires_at IS NOT NULL)))
       + (SELECT count(*) FROM mail_test_sends
          WHERE organization_id = @organization AND recipient = @key AND sent_at > @day_ms) AS day`,
  );
  const resendsOfRow = db.prepare<[number, string], { count: number; oldest: string | null }>(
    `SELECT count(*) AS count, min(o.created_at) AS oldest FROM ${MAILS_OF_ROW}
     WHERE r.attendee_id = ? AND o.resend = 1 AND o.created_at > ?`,
  );
  const insertTestSend = db.prepare<[number, string, number]>(
    'INSERT INTO mail_test_sends (organization_id, recipient, sent_at) VALUES (?, ?, ?)',
  );
  const testSendsSince = db.prepare<[number, number], { count: number; oldest: number | null }>(
    'SELECT count(*) AS count, min(sent_at) AS oldest FROM mail_test_sends WHERE organization_id = ? AND sent_at > ?',
  );
  const suppress = db.prepare<[string, string, number]>(
    `UPDATE mail_outbox SET status = 'suppressed', error = ?, lease_expires_at = NULL, updated_at = ?
     WHERE id = ? AND status = 'queued'`,
  );
  const peopleByState = db.prepare<[number], { state: MailState; total: number }>(
    `SELECT state, count(*) AS total
     FROM (SELECT ${personMailState('a')} AS state FROM attendees AS a WHERE a.event_id = ?) GROUP BY state`,
  );
  const retryRow = db.prepare<{ attendee: number; now: number }>(
    `UPDATE mail_outbox SET next_attempt_at = @now
     WHERE registration_uuid IN (SELECT uuid FROM registrations WHERE attendee_id = @attendee)
       AND status = 'queued' AND lease_expires_at IS NULL AND next_attempt_at > @now`,
  );
  const queuedOfRow = db
    .prepare<[number], number>(
      `SELECT count(*) FROM ${MAILS_OF_ROW} WHERE r.attendee_id = ? AND o.status = 'queued'`,
    )
    .pluck();
  const eventCounts = db.prepare<[number], { status: MailStatus; total: number }>(
    'SELECT status, count(*) AS total FROM mail_outbox WHERE event_id = ? GROUP BY status',
  );
  const latestJob = db.prepare<[number], { id: number; event_id: number; total: number; created_at: string }>(
    'SELECT id, event_id, total, created_at FROM mail_jobs WHERE event_id = ? ORDER BY id DESC LIMIT 1',
  );
  const jobCounts = db.prepare<[number], { status: MailStatus; total: number; last: string }>(
    `SELECT status, count(*) AS total, max(updated_at) AS last FROM mail_outbox WHERE job_id = ? GROUP BY status`,
  );
  const organizationsWithSettings = db
    .prepare<[], number>('SELECT organization_id FROM mail_settings ORDER BY organization_id')
    .pluck();
  const hasDue = db
    .prepare<[number, number, number, number], number>(
      `SELECT EXISTS (SELECT 1 FROM mail_outbox INDEXED BY mail_outbox_due
                      WHERE organization_id = ? AND status = 'queued' AND job_id IS NULL AND next_attempt_at <= ?)
           OR EXISTS (SELECT 1 FROM mail_outbox INDEXED BY mail_outbox_job_due
                      WHERE organization_id = ? AND status = 'queued' AND job_id IS NOT NULL
                        AND next_attempt_at <= ?)`,
    )
    .pluck();
  // A registration's own mail first, then a job's: the two partial indexes, each read in due order.
  const claimOwn = db.prepare<{ organization: number; now: number; lease: number }, MailRow>(
    `UPDATE mail_outbox SET lease_expires_at = @lease, next_attempt_at = @lease
     WHERE id = (SELECT id FROM mail_outbox INDEXED BY mail_outbox_due
                 WHERE organization_id = @organization AND status = 'queued' AND job_id IS NULL
                   AND next_attempt_at <= @now
                 ORDER BY next_attempt_at LIMIT 1)
     RETURNING ${MAIL_COLUMNS}`,
  );
  const claimJob = db.prepare<{ organization: number; now: number; lease: number }, MailRow>(
    `UPDATE mail_outbox SET lease_expires_at = @lease, next_attempt_at = @lease
     WHERE id = (SELECT id FROM mail_outbox INDEXED BY mail_outbox_job_due
                 WHERE organization_id = @organization AND status = 'queued' AND job_id IS NOT NULL
                   AND next_attempt_at <= @now
                 ORDER BY next_attempt_at LIMIT 1)
     RETURNING ${MAIL_COLUMNS}`,
  );
  const release = db.prepare<[number, number]>(
    'UPDATE mail_outbox SET lease_expires_at = NULL, next_attempt_at = ? WHERE id = ? AND lease_expires_at IS NOT NULL',
  );
  const releaseAll = db.prepare<[number]>(
    `UPDATE mail_outbox SET lease_expires_at = NULL, next_attempt_at = ?
     WHERE lease_expires_at IS NOT NULL AND status = 'queued'`,
  );
  const finish = db.prepare<Record<string, unknown>>(
    `UPDATE mail_outbox SET status = @status, attempts = attempts + 1, refusals = refusals + @refused,
       next_attempt_at = @next_attempt_at, lease_expires_at = NULL, last_unreachable = @unreachable,
       smtp_reply = coalesce(@smtp_reply, smtp_reply), error = @error, sent_at = @sent_at, updated_at = @now,
       refused_address = @refused_address
     WHERE id = @id`,
  );
  const skip = db.prepare<[string, string, number]>(
    `UPDATE mail_outbox SET status = 'skipped', error = ?, lease_expires_at = NULL, updated_at = ?
     WHERE id = ? AND status = 'queued'`,
  );
  // A mail being sent (leased) is on its way already; the others of the row wait no more.
  const skipQueuedOfRow = db.prepare<{ attendee: number; reason: string; now: string }>(
    `UPDATE mail_outbox SET status = 'skipped', error = @reason, updated_at = @now
     WHERE status = 'queued' AND lease_expires_at IS NULL
       AND registration_uuid IN (SELECT uuid FROM registrations WHERE attendee_id = @attendee)`,
  );
  // After a success: what waited only because no server answered is due now (the webhooks' pullForward). After
  // the settings change: everything waiting is due now. Each reads both indexes of what waits, by its range of
  // later times: the mails due already are not read.
  const laterOwn = (only: string) =>
    db.prepare<{ organization: number; now: number }>(
      `UPDATE mail_outbox SET next_attempt_at = @now
       WHERE id IN (SELECT id FROM mail_outbox INDEXED BY mail_outbox_due
                    WHERE organization_id = @organization AND status = 'queued' AND job_id IS NULL
                      AND next_attempt_at > @now)
         AND lease_expires_at IS NULL ${only}`,
    );
  const laterOfJobs = (only: string) =>
    db.prepare<{ organization: number; now: number }>(
      `UPDATE mail_outbox SET next_attempt_at = @now
       WHERE id IN (SELECT id FROM mail_outbox INDEXED BY mail_outbox_job_due
                    WHERE organization_id = @organization AND status = 'queued' AND job_id IS NOT NULL
                      AND next_attempt_at > @now)
         AND lease_expires_at IS NULL ${only}`,
    );
  const pullForward = [laterOwn('AND last_unreachable = 1'), laterOfJobs('AND last_unreachable = 1')];
  const dueNow = [laterOwn(''), laterOfJobs('')];
  const waitingOf = db.prepare<[number], { queued: number; failed: number }>(
    `SELECT count(*) FILTER (WHERE status = 'queued') AS queued, count(*) FILTER (WHERE status = 'failed') AS failed
     FROM mail_outbox WHERE organization_id = ?`,
  );
  const lastProblem = db.prepare<[number], { error: string; updated_at: string }>(
    `SELECT error, updated_at FROM mail_outbox
     WHERE organization_id = ? AND status IN ('queued', 'failed') AND error IS NOT NULL
     ORDER BY updated_at DESC, id DESC LIMIT 1`,
  );

  function job(row: { id: number; event_id: number; total: number; created_at: string }): MailJobRecord {
    const counts = { queued: 0, sent: 0, failed: 0, skipped: 0, suppressed: 0 };
    let last: string | null = null;
    for (const { status, total, last: at } of jobCounts.all(row.id)) {
      counts[status] = total;
      if (last === null || at > last) last = at;
    }
    return {
      id: row.id,
      eventId: row.event_id,
      total: row.total,
      ...counts,
      createdAt: row.created_at,
      finishedAt: counts.queued === 0 ? (last ?? row.created_at) : null,
    };
  }

  return {
    insert(mail: NewMail): void {
      insert.run({
        organization_id: mail.organizationId,
        event_id: mail.eventId,
        registration_uuid: mail.registrationUuid,
        kind: mail.kind,
        message_id: mail.messageId,
        job_id: mail.jobId,
        due_at: mail.dueAt,
        created_at: mail.createdAt,
        resend: mail.resend ? 1 : 0,
      });
    },

    /** Tickets for the event's confirmed registrations among `uuids` (an import's); returns how many. */
    insertConfirmationsFor(
      organizationId: number,
      eventId: number,
      uuids: readonly string[],
      domain: string,
      dueAt: number,
      createdAt: string,
    ): number {
      return insertForUuids.run({
        organization_id: organizationId,
        event: eventId,
        uuids: JSON.stringify(uuids),
        domain,
        due_at: dueAt,
        created_at: createdAt,
      }).changes;
    },

    /** How many registrations of the event "Send tickets" would mail now. */
    countNotYetSent: (eventId: number): number => countNotYetSent.get({ event: eventId })!,

    /** Those of them from before tickets, which need a secret first: their registrations' UUIDs. */
    notYetSentWithoutSecret: (eventId: number): string[] => withoutSecret.all({ event: eventId }),

    /** A "send tickets" job: a ticket queued for each registration not yet sent one. Returns the job's id. */
    insertSendTicketsJob(
      organizationId: number,
      eventId: number,
      domain: string,
      dueAt: number,
      createdAt: string,
    ): number {
      const jobId = insertJob.run(organizationId, eventId, 0, createdAt).lastInsertRowid;
      const queued = insertNotYetSent.run({
        organization_id: organizationId,
        event: eventId,
        job: jobId,
        domain,
        due_at: dueAt,
        created_at: createdAt,
      }).changes;
      setJobTotal.run(queued, jobId);
      return Number(jobId);
    },

    findById(id: number): MailRecord | null {
      const row = byId.get(id);
      return row ? toMail(row) : null;
    },

    /** Every mail of an attendee row (of each registration it is shown as), newest first. */
    ofAttendee: (attendeeId: number): MailRecord[] => ofRow.all(attendeeId).map(toMail),

    /** Each attendee row's newest mail that was not skipped, by the row's id; rows with none are absent. */
    latestOf(attendeeIds: readonly number[]): Map<number, MailRecord> {
      const latest = new Map<number, MailRecord>();
      if (attendeeIds.length === 0) return latest;
      for (const row of ofRows.all(JSON.stringify(attendeeIds))) {
        const held = latest.get(row.attendee_id);
        if (!held || held.id < row.id) latest.set(row.attendee_id, toMail(row));
      }
      return latest;
    },

    /** Whether the row's ticket or "awaiting approval" mail went out. */
    anyRegistrationMailSent: (attendeeId: number): boolean => anySent.get(attendeeId) === 1,

    /** Whether a ticket or "awaiting approval" mail was queued for the row (sent, waiting or failed). */
    anyRegistrationMailQueued: (attendeeId: number): boolean => anyTold.get(attendeeId) === 1,

    eventCounts(eventId: number): Omit<EventMailCounts, 'notSent'> {
      const counts = { queued: 0, sent: 0, failed: 0, suppressed: 0 };
      for (const { status, total } of eventCounts.all(eventId)) {
        if (status !== 'skipped') counts[status] = total;
      }
      return counts;
    },

    /** How many of the event's people each mail state holds (every attendee row counts once). */
    peopleByMailState(eventId: number): Record<MailState, number> {
      const people = { sent: 0, queued: 0, failed: 0, bounced: 0, suppressed: 0, none: 0 };
      for (const { state, total } of peopleByState.all(eventId)) people[state] = total;
      return people;
    },

    /** How many mails of an attendee row wait (queued, or being sent). */
    queuedOfAttendee: (attendeeId: number): number => queuedOfRow.get(attendeeId)!,

    /** Makes the row's waiting mails due at `now` (Retry now); a mail being sent is left to finish. */
    retryAttendee(attendeeId: number, now: number): void {
      retryRow.run({ attendee: attendeeId, now });
    },

    latestJob(eventId: number): MailJobRecord | null {
      const row = latestJob.get(eventId);
      return row ? job(row) : null;
    },

    /** How many of the organization's mails wait and failed, and the last problem met. */
    organizationSummary(organizationId: number) {
      const { queued, failed } = waitingOf.get(organizationId)!;
      const problem = lastProblem.get(organizationId) ?? null;
      return { queued, failed, lastError: problem?.error ?? null, lastErrorAt: problem?.updated_at ?? null };
    },

    /** The organizations that have mail settings and mail due at `now`. */
    dueOrganizations(now: number): number[] {
      return organizationsWithSettings.all().filter((id) => hasDue.get(id, now, id, now) === 1);
    },

    /** Leases the organization's next due mail until `leaseUntil`: a registration's own before a job's. */
    claimNext(organizationId: number, now: number, leaseUntil: number): MailRecord | null {
      const params = { organization: organizationId, now, lease: leaseUntil };
      const row = claimOwn.get(params) ?? claimJob.get(params);
      return row ? toMail(row) : null;
    },

    /** Gives a claimed mail back unsent (the server is stopping), due at `dueAt`. */
    release(id: number, dueAt: number): void {
      release.run(dueAt, id);
    },

    /** Leases a process that died left: those mails are due at `now` (one dispatcher per data directory). */
    releaseAll(now: number): void {
      releaseAll.run(now);
    },

    recordAttempt(id: number, result: MailAttemptResult): void {
      finish.run({
        id,
        status: result.status,
        refused: result.refused ? 1 : 0,
        next_attempt_at: result.nextAttemptAt,
        unreachable: result.unreachable ? 1 : 0,
        smtp_reply: result.smtpReply,
        error: result.error,
        sent_at: result.sentAt,
        now: result.now,
        refused_address: result.refusedAddress ?? null,
      });
    },

    /** Every mail of a row still waiting to go is skipped (its address was corrected); how many. */
    skipQueuedOfRow: (attendeeId: number, reason: string, now: string): number =>
      skipQueuedOfRow.run({ attendee: attendeeId, reason, now }).changes,
    skip(id: number, reason: string, now: string): void {
      skip.run(reason, now, id);
    },

    /** Records a mail over its address's cap as suppressed, with why: never sent, nor due again. */
    suppress(id: number, reason: string, now: string): void {
      suppress.run(reason, now, id);
    },

    /**
     * Mails the address `emailKey` had about the event (besides mail `id`) after `hourSince`/`daySince` (Unix ms):
     * sent, being sent, and the organization's test emails to it.
     */
    recipientCounts(
      mail: { id: number; organizationId: number; eventId: number },
      emailKey: string,
      hourSince: number,
      daySince: number,
    ): RecipientCounts {
      return recipientCounts.get({
        id: mail.id,
        organization: mail.organizationId,
        event: mail.eventId,
        key: emailKey,
        hour: toTimestamp(new Date(hourSince)),
        day: toTimestamp(new Date(daySince)),
        hour_ms: hourSince,
        day_ms: daySince,
      })!;
    },

    /** How many times an attendee row's ticket was resent after `since` (Unix ms), and when the first of them was. */
    resendsSince(attendeeId: number, since: number): { count: number; oldestAt: number | null } {
      const { count, oldest } = resendsOfRow.get(attendeeId, toTimestamp(new Date(since)))!;
      return { count, oldestAt: oldest === null ? null : Date.parse(oldest) };
    },

    /** A test email asked for: counted for the organization's allowance and its address's caps. */
    recordTestSend(organizationId: number, emailKey: string, at: number): void {
      insertTestSend.run(organizationId, emailKey, at);
    },

    /** The organization's test emails after `since` (Unix ms), and when the first of them was. */
    testSendsSince(organizationId: number, since: number): { count: number; oldestAt: number | null } {
      const { count, oldest } = testSendsSince.get(organizationId, since)!;
      return { count, oldestAt: oldest };
    },

    /** Makes due now the organization's mails that waited only because its server could not be reached. */
    pullForward(organizationId: number, now: number): void {
      for (const statement of pullForward) statement.run({ organization: organizationId, now });
    },

    /** Makes every waiting mail of the organization due now. */
    makeDueNow(organizationId: number, now: number): void {
      for (const statement of dueNow) statement.run({ organization: organizationId, now });
    },
  };
}

export type MailOutboxRepository = ReturnType<typeof mailOutboxRepository>;
