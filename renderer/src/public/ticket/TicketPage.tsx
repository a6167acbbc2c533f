import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api/client.ts';
import { CHECKIN_QR_PREFIX } from '../../shared/api/vocabulary.ts';
import { groupedCheckinCode } from '../../shared/checkin-code.ts';
import { QrImage } from '../../shared/components/QrImage.tsx';
import { describeFailure, Loading, Problem } from '../../shared/components/Status.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { activateLanguage, format, t } from '../../shared/i18n/index.ts';
import { publicApi, type Ticket } from '../api.ts';
import { FormFields } from '../../shared/registration-form/FormField.tsx';
import { useFieldsForm } from '../../shared/registration-form/useFieldsForm.ts';
import { ZoneNote } from '../event/ZoneNote.tsx';
import { PageFrame } from '../PageFrame.tsx';
import { publicPaths } from '../routes.ts';

/**
 * `/t/{secret}`: a person's ticket, where the event page leads after registering and the confirmation email links
 * to. The check-in code as a large QR code to show at the door, with who, what, when and where; the event for the
 * person's calendar; a print style sheet for paper or a PDF; and cancelling, after a confirmation, by the ticket's
 * own secret. The secret in the address is the only key: the server sends this page with no Referer to anyone and
 * asks search engines not to index it (server/kiosk/static.routes.ts).
 */
export function TicketPage({ secret }: { secret: string }) {
  const [version, setVersion] = useState(0);
  const [cancelled, setCancelled] = useState(false);
  const [correctedTo, setCorrectedTo] = useState<string | null>(null);
  const load = useLoad((signal) => publicApi.ticket(secret, signal), [secret, version]);
  if (load.status === 'loading') return <Loading />;
  if (load.status === 'failed') {
    return (
      <PageFrame>
        <Problem message={load.error.status === 404 ? t.ticket.notFound : describeFailure(load.error)} />
      </PageFrame>
    );
  }
  const ticket = load.data;
  return (
    <PageFrame
      organization={ticket.event.organization.name}
      logoUrl={ticket.event.logo_url}
      accent={ticket.event.accent_color}
    >
      {cancelled && <CancelledNotice />}
      {correctedTo && <CorrectedNotice email={correctedTo} />}
      <TicketView
        ticket={ticket}
        secret={secret}
        onCancelled={() => {
          setCancelled(true);
          setVersion((v) => v + 1);
        }}
        onCorrected={(email) => {
          setCorrectedTo(email);
          setVersion((v) => v + 1);
        }}
      />
    </PageFrame>
  );
}

/** Said once the server has cancelled: focused, so a screen reader says it at once. */
function CancelledNotice() {
  const focus = useFocusOnMount<HTMLParagraphElement>();
  return (
    <p className="pnotice pnotice--done" role="status" ref={focus} tabIndex={-1} data-testid="cancelled">
      {t.ticket.cancelledTitle}
    </p>
  );
}

/** Said once the server has taken the corrected address: focused, so a screen reader says it at once. */
function CorrectedNotice({ email }: { email: string }) {
  const focus = useFocusOnMount<HTMLParagraphElement>();
  return (
    <p className="pnotice pnotice--done" role="status" ref={focus} tabIndex={-1} data-testid="corrected">
      {t.ticket.corrected(email)}
    </p>
  );
}

function TicketView({
  ticket,
  secret,
  onCancelled,
  onCorrected,
}: {
  ticket: Ticket;
  secret: string;
  onCancelled: () => void;
  onCorrected: (email: string) => void;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const { event } = ticket;
  useEffect(() => {
    document.title = `${t.ticket.title} · ${event.name}`;
  }, [event.name]);
  // In the language the person registered in, unless the address asks for another (the switch writes it there).
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has('lang')) activateLanguage(ticket.language);
  }, [ticket.language]);
  const when = format.eventWhen(event.starts_at, event.ends_at, event.timezone);
  return (
    <article
      className="pticket"
      aria-labelledby="ticket-title"
      data-testid="ticket"
      data-status={ticket.status}
    >
      <p className="pticket-kicker">{t.ticket.title}</p>
      <h1 id="ticket-title" ref={heading} tabIndex={-1}>
        {event.name}
      </h1>
      <p className="pticket-name" data-testid="ticket-name">
        {ticket.name}
      </p>
      {/* The code right under the name: on a phone the QR is on the first screen, the facts below it. */}
      <TicketCode ticket={ticket} />
      {ticket.mailed && ticket.status !== 'canceled' && (
        <SentTo ticket={ticket} secret={secret} onCorrected={onCorrected} />
      )}
      {ticket.mail_delivery && (
        <p
          className="pnotice"
          role="status"
          data-testid="ticket-mail-delivery"
          data-delivery={ticket.mail_delivery}
        >
          {ticket.mail_delivery === 'delayed' ? t.ticket.mailDelayed : t.ticket.mailFailed}
        </p>
      )}
      <dl className="pevent-facts">
        {when && (
          <div>
            <dt>{t.eventPage.when}</dt>
            <dd data-testid="ticket-when">
              {when}
              <ZoneNote event={event} />
            </dd>
          </div>
        )}
        {event.location && (
          <div>
            <dt>{t.eventPage.where}</dt>
            <dd data-testid="ticket-where">{event.location}</dd>
          </div>
        )}
        <div>
          <dt>{t.register.status}</dt>
          <dd data-testid="ticket-status">{t.ticket.status[ticket.status]}</dd>
        </div>
      </dl>
      <div className="pactions pticket-actions">
        {ticket.status !== 'canceled' && ticket.calendar_url && (
          <a className="pbutton" href={ticket.calendar_url} download="event.ics">
            {t.ticket.addToCalendar}
          </a>
        )}
        {/* A cancelled ticket lets nobody in: nothing to print. */}
        {ticket.status !== 'canceled' && (
          <button type="button" className="pbutton" onClick={() => window.print()}>
            {t.ticket.print}
          </button>
        )}
        <a className="pbutton pbutton--link" href={publicPaths.event(event.id)}>
          {t.ticket.eventPage}
        </a>
      </div>
      {ticket.can_cancel && <CancelRegistration event={event.name} secret={secret} onDone={onCancelled} />}
    </article>
  );
}

/** What the door needs: the code as a QR code and in letters, or why there is none. */
function TicketCode({ ticket }: { ticket: Ticket }) {
  if (ticket.status === 'canceled') return <p className="pnotice">{t.ticket.canceled}</p>;
  if (ticket.status === 'pending' || !ticket.checkin_code)
    return <p className="pnotice">{t.ticket.pending}</p>;
  const code = ticket.checkin_code;
  return (
    <figure className="pticket-code" data-testid="ticket-qr" data-code={code}>
      <QrImage
        text={ticket.qr_text ?? `${CHECKIN_QR_PREFIX}${code}`}
        alt={t.ticket.qrImage(ticket.name)}
        size={320}
      />
      <figcaption>
        {ticket.checked_in_at ? (
          <span data-testid="ticket-checked-in">
            {t.ticket.checkedIn(format.dateTime(ticket.checked_in_at, ticket.event.timezone))}
          </span>
        ) : (
          <span>{t.ticket.showAtDoor}</span>
        )}
        <span className="pticket-code-text">
          {t.ticket.code} <code>{groupedCheckinCode(code)}</code>
        </span>
      </figcaption>
    </figure>
  );
}

type CancelState =
  { step: 'idle' } | { step: 'confirming' } | { step: 'sending' } | { step: 'failed'; message: string };

/** "Cancel my registration", then a confirmation that says what it means, then the server's word. */
function CancelRegistration({
  event,
  secret,
  onDone,
}: {
  event: string;
  secret: string;
  onDone: () => void;
}) {
  const [state, setState] = useState<CancelState>({ step: 'idle' });
  const focusHeading = useFocusOnMount<HTMLHeadingElement>();
  const confirm = async () => {
    if (state.step === 'sending') return;
    setState({ step: 'sending' });
    try {
      await publicApi.cancel(secret);
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setState({ step: 'failed', message: describeFailure(error) });
    }
  };
  if (state.step === 'idle') {
    return (
      <div className="pactions pticket-cancel">
        <button
          type="button"
          className="pbutton pbutton--danger-quiet"
          onClick={() => setState({ step: 'confirming' })}
        >
          {t.ticket.cancel}
        </button>
      </div>
    );
  }
  return (
    <section className="pconfirm" aria-labelledby="cancel-title" data-testid="cancel-confirmation">
      <h2 id="cancel-title" ref={focusHeading} tabIndex={-1}>
        {t.ticket.confirmTitle}
      </h2>
      <p>{t.ticket.confirmText(event)}</p>
      {state.step === 'failed' && (
        <p className="palert" role="alert">
          {state.message}
        </p>
      )}
      <div className="pactions">
        <button
          type="button"
          className="pbutton pbutton--danger"
          aria-disabled={state.step === 'sending'}
          onClick={() => void confirm()}
        >
          {state.step === 'sending' ? t.ticket.cancelling : t.ticket.confirm}
        </button>
        <button type="button" className="pbutton" onClick={() => setState({ step: 'idle' })}>
          {t.ticket.keep}
        </button>
      </div>
    </section>
  );
}

/** `a…@example.com`: enough of the address to recognise it, and all of the domain, where a typo most often is. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  return `${[...local][0]}${local.length > 1 ? '…' : ''}${email.slice(at)}`;
}

const CORRECTED_EMAIL_FIELD = 'email';

type CorrectState =
  { step: 'idle' } | { step: 'editing' } | { step: 'sending' } | { step: 'failed'; message: string };

/**
 * Where the ticket went, masked, and "Wrong address?" (issue 39): for a day after registering, the person corrects
 * the address by the ticket's own secret, and the ticket goes to the new one. The field is the registration form's
 * (its keyboard and hints); the server checks it as registration does.
 */
function SentTo({
  ticket,
  secret,
  onCorrected,
}: {
  ticket: Ticket;
  secret: string;
  onCorrected: (email: string) => void;
}) {
  const [state, setState] = useState<CorrectState>({ step: 'idle' });
  const fields = useMemo(
    () => [
      {
        key: CORRECTED_EMAIL_FIELD,
        label: t.ticket.correctLabel,
        type: 'email' as const,
        required: true,
      },
    ],
    // The label follows the language on screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t.ticket.correctLabel],
  );
  const form = useFieldsForm(fields);
  const correctable = ticket.email_correctable_until !== null;

  const submit = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (state.step === 'sending' || !form.validateAll()) return;
    setState({ step: 'sending' });
    try {
      const corrected = await publicApi.correctEmail(secret, form.values[CORRECTED_EMAIL_FIELD] ?? '');
      onCorrected(maskedEmail(corrected.email));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 422 && Object.keys(error.fieldErrors).length > 0) {
        const stray = form.showServerErrors(error.fieldErrors);
        setState(stray.length > 0 ? { step: 'failed', message: stray.join(' ') } : { step: 'editing' });
      } else {
        setState({
          step: 'failed',
          message: error.status === 403 ? t.ticket.correctLocked : describeFailure(error),
        });
      }
    }
  };

  return (
    <div className="pticket-sent" data-testid="ticket-sent-to">
      <p>
        {t.ticket.sentTo(maskedEmail(ticket.email))}{' '}
        {correctable && state.step === 'idle' && (
          <button
            type="button"
            className="pbutton pbutton--link pticket-wrong"
            onClick={() => setState({ step: 'editing' })}
          >
            {t.ticket.wrongAddress}
          </button>
        )}
      </p>
      {correctable && state.step !== 'idle' && (
        <form
          noValidate
          onSubmit={(e) => void submit(e)}
          className="pticket-correct"
          aria-label={t.ticket.wrongAddress}
        >
          {state.step === 'failed' && (
            <p className="palert" role="alert">
              {state.message}
            </p>
          )}
          <FormFields fields={fields} form={form} autoComplete={() => 'email'} />
          <div className="pactions">
            <button
              type="submit"
              className="pbutton pbutton--primary"
              aria-disabled={state.step === 'sending'}
            >
              {state.step === 'sending' ? t.ticket.correctSending : t.ticket.correctSave}
            </button>
            <button type="button" className="pbutton" onClick={() => setState({ step: 'idle' })}>
              {t.ticket.correctKeep}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
