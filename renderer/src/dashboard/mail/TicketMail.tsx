import { useCallback, useEffect, useId, useState } from 'react';
import { MAIL_STATES } from '../../shared/api/vocabulary.ts';
import type { MailState } from '../api/desk.ts';
import { describeFailure } from '../../shared/components/Status.tsx';
import { format, t, wordsOf } from '../../shared/i18n/index.ts';
import { followLink, paths } from '../../shared/router.ts';
import { mailApi, type DeskMail, type EventMail, type MailJob } from '../api/mail.ts';
import { ConfirmDialog } from '../shell/ConfirmDialog.tsx';
import { Notice, Pill, useSubmit } from '../shell/controls.tsx';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useExpireOn401, useSession } from '../shell/session.tsx';
import './mail.css';

const words = wordsOf(() => t.dashboard.mail.desk);

/** While a Send tickets job runs, how often the desk asks how far it got. */
export const JOB_POLL_MS = 1000;

const jobRunning = (job: MailJob | null | undefined) => !!job && job.finished_at === null;

/**
 * An event's mail as the desk needs it: whether this server mails it, its counts and the latest Send tickets job,
 * asked again every second while a job runs, and on `refresh` (the desk calls it with each of its own polls).
 *
 * An extra of the desk, never a reason to leave it: on a replica kiosk these calls go to the hub, which answers 503
 * while it is away and 401 to a desk that moved there without a hub session (failover/); the desk then shows no mail
 * panel and carries on. Its own list still ends a session that really expired.
 */
export function useEventMail(eventId: string, early: EventMail | null = null) {
  const [version, setVersion] = useState(0);
  const load = useLoad((signal) => mailApi.eventMail(eventId, signal), [eventId, version], early);
  const mail = load.status === 'ready' ? load.data : null;
  const running = jobRunning(mail?.job);
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setVersion((v) => v + 1), JOB_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [running, mail]);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  return {
    mail,
    /** Tickets can be sent from this desk: email is set up, and this server is the one that mails the event. */
    canMail: !!mail?.configured && mail.sent_here,
    refresh,
  };
}

/**
 * Send tickets to everyone confirmed who was never sent one (after an import), asked once in a dialog: offered at
 * the top of the desk and in its "Tickets by email" panel, one dialog for both. `count` is how many would get one,
 * null while nobody would or a job runs.
 */
export function useSendTickets(eventId: string, mail: EventMail | null, onStarted: () => void) {
  const [confirming, setConfirming] = useState(false);
  const send = useSubmit();
  const isApiError = useExpireOn401();
  const canSend = !!mail?.configured && mail.sent_here && !jobRunning(mail.job) && mail.counts.not_sent > 0;
  const count = canSend ? mail.counts.not_sent : null;

  const start = async () => {
    const started = await send.run(() => mailApi.sendTickets(eventId), isApiError);
    setConfirming(false);
    if (started) onStarted();
  };

  const dialog =
    confirming && count !== null ? (
      <ConfirmDialog
        title={words.confirmTitle}
        confirmLabel={send.busy ? words.sending : words.send}
        busy={send.busy}
        onConfirm={() => void start()}
        onCancel={() => setConfirming(false)}
      >
        <p>{words.confirmSend(count)}</p>
      </ConfirmDialog>
    ) : null;
  return { count, ask: () => setConfirming(true), dialog, failure: send.failure };
}

export type SendTickets = ReturnType<typeof useSendTickets>;

/** The desk's Send tickets button, where there is someone to send a ticket to. */
export function SendTicketsButton({ sending }: { sending: SendTickets }) {
  if (sending.count === null) return null;
  return (
    <button type="button" className="dbutton" onClick={sending.ask}>
      {words.sendTickets(sending.count)}
    </button>
  );
}

/**
 * "Tickets by email" on the desk: how many were sent, wait or failed, and Send tickets, with a progress bar while the
 * server sends them at the pace it is allowed. The dialog (`sending.dialog`) is the desk's, shared with its top.
 */
export function TicketMailPanel({ mail, sending }: { mail: EventMail | null; sending: SendTickets }) {
  const { isOwner } = useSession();
  if (!mail) return null;

  let body;
  if (!mail.configured) {
    body = (
      <p>
        {words.notSetUp}{' '}
        {isOwner && (
          <a href={paths.dashboard({ name: 'mail' })} onClick={followLink}>
            {words.setUp}
          </a>
        )}
      </p>
    );
  } else if (!mail.sent_here) {
    body = <p>{words.notHere}</p>;
  } else {
    const { counts, job } = mail;
    body = (
      <>
        <p data-testid="desk-mail-counts">{words.peopleCounts(mail.people)}</p>
        {counts.suppressed > 0 && (
          <p className="muted" data-testid="desk-mail-suppressed">
            {words.suppressedCount(counts.suppressed)}
          </p>
        )}
        {(mail.people.failed > 0 || mail.people.bounced > 0) && (
          <p className="muted" data-testid="desk-mail-find-failed">
            {words.findFailed}
          </p>
        )}
        {job && <JobProgress job={job} />}
        {!jobRunning(job) && (
          <div className="dactions">
            {sending.count !== null ? (
              <SendTicketsButton sending={sending} />
            ) : (
              <p className="muted">{words.nobodyToSend}</p>
            )}
          </div>
        )}
        {sending.failure && <Notice tone="error">{sending.failure}</Notice>}
      </>
    );
  }
  return (
    <section className="dsection" aria-labelledby="desk-mail" data-testid="desk-mail">
      <h2 id="desk-mail">{words.heading}</h2>
      {body}
    </section>
  );
}

/** A Send tickets job: a bar while it runs, then what became of it. */
function JobProgress({ job }: { job: MailJob }) {
  const done = job.sent + job.failed + job.skipped + job.suppressed;
  const text =
    job.finished_at === null ? words.progress(done, job.total) : words.jobDone(job.sent, job.failed);
  return (
    <div className="desk-mail-progress">
      <progress
        max={Math.max(job.total, 1)}
        value={done}
        aria-label={words.progressLabel}
        aria-valuetext={text}
        data-testid="send-tickets-progress"
      />
      <p role="status" data-testid="send-tickets-status">
        {text}
      </p>
    </div>
  );
}

/**
 * The desk's mail filter: people by where their mail stands, each choice with how many people it holds (people,
 * not mails: someone resent a ticket twice counts once).
 */
export function MailFilter({
  value,
  people,
  onChange,
}: {
  value: MailState | '';
  people: EventMail['people'];
  onChange: (mail: MailState | '') => void;
}) {
  const id = useId();
  return (
    <div className="dfield">
      <label htmlFor={id}>{words.filter}</label>
      <select
        id={id}
        value={value}
        data-testid="desk-mail-filter"
        onChange={(e) => onChange(e.target.value as MailState | '')}
      >
        <option value="">{words.anyMail}</option>
        {MAIL_STATES.map((state) => (
          <option key={state} value={state}>
            {words.states[state](people[state])}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * An attendee's newest mail in the desk's list: what it was and where it stands, and why it failed; Retry now while
 * it waits (after an outage it goes at once instead of when the retry schedule says).
 */
export function MailCell({
  mail,
  timeZone,
  eventId,
  attendee,
  onOutcome,
}: {
  mail: DeskMail | null | undefined;
  timeZone: string;
  eventId: string;
  attendee: { id: string; name: string };
  onOutcome: (outcome: { tone: 'success' | 'error'; text: string }) => void;
}) {
  if (!mail) {
    return (
      <span className="muted" data-testid="attendee-mail" data-status="none">
        {words.none}
      </span>
    );
  }
  const kind = words.kinds[mail.kind] ?? mail.kind;
  let state;
  switch (mail.status) {
    case 'queued':
      state = <Pill tone="waiting">{words.queued(kind)}</Pill>;
      break;
    case 'sent':
      state = (
        <Pill tone="good">{words.sent(kind, format.dateTime(mail.sent_at ?? mail.queued_at, timeZone))}</Pill>
      );
      break;
    case 'failed':
      state = <Pill tone="bad">{mail.bounced ? words.bounced(kind) : words.failed(kind)}</Pill>;
      break;
    case 'skipped':
      state = <Pill>{words.skipped(kind)}</Pill>;
      break;
    case 'suppressed':
      state = <Pill tone="bad">{words.suppressed(kind)}</Pill>;
      break;
  }
  return (
    <>
      <span
        className="desk-mail-cell"
        data-testid="attendee-mail"
        data-status={mail.bounced ? 'bounced' : mail.status}
      >
        {state}
        {mail.error && mail.status !== 'sent' && <span className="desk-mail-error">{mail.error}</span>}
      </span>
      {mail.status === 'queued' && (
        <RetryNowButton eventId={eventId} attendee={attendee} onOutcome={onOutcome} />
      )}
    </>
  );
}

/** Retry now on a person whose mail waits. */
function RetryNowButton({ eventId, attendee, onOutcome }: PersonMailProps) {
  return (
    <PersonMailButton
      label={words.retryNow}
      attendee={attendee}
      act={() => mailApi.retryAttendee(eventId, attendee.id)}
      done={words.retrying(attendee.name)}
      onOutcome={onOutcome}
    />
  );
}

interface PersonMailProps {
  eventId: string;
  attendee: { id: string; name: string };
  onOutcome: (outcome: { tone: 'success' | 'error'; text: string }) => void;
}

/** A mail action on one person (Resend ticket, Retry now): said done, or the server's refusal, by their name. */
function PersonMailButton({
  label,
  attendee,
  act,
  done,
  onOutcome,
}: Omit<PersonMailProps, 'eventId'> & { label: string; act: () => Promise<unknown>; done: string }) {
  const [busy, setBusy] = useState(false);
  const isApiError = useExpireOn401();
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await act();
      onOutcome({ tone: 'success', text: done });
    } catch (error) {
      if (isApiError(error)) {
        onOutcome({
          tone: 'error',
          text: t.dashboard.desk.actions.result(attendee.name, describeFailure(error)),
        });
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="dbutton" aria-disabled={busy || undefined} onClick={() => void run()}>
      {label}
      <span className="visually-hidden"> {attendee.name}</span>
    </button>
  );
}

/** Retry now on the Email page: everything that waits goes at once; says how many. */
export function RetryWaitingButton({ onDone }: { onDone: (waiting: number) => void }) {
  const retry = useSubmit();
  const isApiError = useExpireOn401();
  const run = async () => {
    const done = await retry.run(() => mailApi.retryWaiting(), isApiError);
    if (done) onDone(done.data.waiting);
  };
  return (
    <>
      <button
        type="button"
        className="dbutton"
        aria-disabled={retry.busy || undefined}
        onClick={() => void run()}
      >
        {words.retryNow}
      </button>
      {retry.failure && <Notice tone="error">{retry.failure}</Notice>}
    </>
  );
}

/** Resend ticket: queues the person's ticket again (the desk shows it as queued, then sent or failed). */
export function ResendTicketButton({ eventId, attendee, onOutcome }: PersonMailProps) {
  return (
    <PersonMailButton
      label={words.resend}
      attendee={attendee}
      act={() => mailApi.resendTicket(eventId, attendee.id)}
      done={words.resent(attendee.name)}
      onOutcome={onOutcome}
    />
  );
}
