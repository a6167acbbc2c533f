import { useMemo, useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api/client.ts';
import { ErrorIcon } from '../../shared/components/Icons.tsx';
import { describeFailure } from '../../shared/components/Status.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { t, useLanguage } from '../../shared/i18n/index.ts';
import { FormFields } from '../../shared/registration-form/FormField.tsx';
import { fieldsInLanguage } from '../../shared/registration-form/localized-fields.ts';
import { useFieldsForm } from '../../shared/registration-form/useFieldsForm.ts';
import { navigate } from '../../shared/router.ts';
import { publicApi, type PageEvent, type Registration } from '../api.ts';
import { autocompleteFor } from './autocomplete.ts';
import { ticketPathOf } from './ticket-link.ts';

/**
 * The event's registration form on a person's own device: the device's own keyboards (email, phone, date), what
 * the browser knows of them filled in on a tap, problems under each field before anything is sent and the server's
 * own after. A registration leads to its ticket; with the event's redirect URL, to the organizer's site instead
 * (the email with the ticket goes out all the same).
 */
export function RegistrationForm({ event }: { event: PageEvent }) {
  const language = useLanguage();
  const fields = useMemo(
    () => fieldsInLanguage(event.registration_fields, language),
    [event.registration_fields, language],
  );
  const form = useFieldsForm(fields);
  const [submitting, setSubmitting] = useState(false);
  const [alert, setAlert] = useState<{ message: string; takeFocus: boolean } | null>(null);
  const [registered, setRegistered] = useState<Registration | null>(null);
  // The address an "already registered" answer was about: its ticket can be sent there again.
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  async function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (submitting) return;
    setAlert(null);
    setRegisteredEmail(null);
    if (!form.validateAll()) {
      setAlert({ message: t.form.fixErrors, takeFocus: false });
      return;
    }
    setSubmitting(true);
    try {
      const registration = await publicApi.register(event.id, form.answers(), language);
      if (registration.redirect_url) {
        setRegistered(registration);
        window.location.assign(registration.redirect_url);
        return;
      }
      const ticket = ticketPathOf(registration.ticket, window.location.origin);
      if (ticket) navigate(ticket);
      else setRegistered(registration);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 422) {
        const stray = form.showServerErrors(error.fieldErrors);
        setAlert({ message: [t.form.fixErrors, ...stray].join(' '), takeFocus: false });
      } else if (error.status === 409) {
        setAlert({ message: t.eventPage.alreadyRegistered, takeFocus: true });
        setRegisteredEmail(form.answers().email ?? null);
      } else {
        setAlert({ message: describeFailure(error), takeFocus: true });
      }
    } finally {
      setSubmitting(false);
    }
  }

  if (registered) return <Registered registration={registered} />;
  return (
    <section className="pform" aria-labelledby="register-title">
      <h2 id="register-title">{t.eventPage.formTitle}</h2>
      {alert && <PageAlert message={alert.message} takeFocus={alert.takeFocus} />}
      {registeredEmail && (
        <SendTicketAgain key={registeredEmail} eventId={event.id} email={registeredEmail} />
      )}
      <form noValidate onSubmit={submit} aria-labelledby="register-title">
        <p className="phint">{t.form.requiredNote}</p>
        <FormFields fields={fields} form={form} autoComplete={autocompleteFor} />
        <button type="submit" className="pbutton pbutton--primary" aria-disabled={submitting}>
          {submitting ? t.eventPage.submitting : t.eventPage.submit}
        </button>
      </form>
    </section>
  );
}

/** Registered, where no ticket page follows: on the way to the organizer's site, or a server without tickets. */
function Registered({ registration }: { registration: Registration }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const { data } = registration;
  return (
    <section className="pform pdone" aria-labelledby="registered-title" data-testid="registered">
      <h2 id="registered-title" ref={heading} tabIndex={-1}>
        {registration.redirect_url ? t.eventPage.redirecting : t.eventPage.registeredTitle(data.name)}
      </h2>
      {data.status === 'pending' && <p>{t.eventPage.pendingNote}</p>}
      <p>{t.eventPage.emailNote(data.email)}</p>
    </section>
  );
}

/**
 * "Send my ticket again", under "already registered": the ticket goes to that registered address only (the server
 * caps how often), so whoever typed someone else's address learns nothing and sends them nothing they did not ask
 * for more than a few times.
 */
function SendTicketAgain({ eventId, email }: { eventId: string; email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | { failed: string }>('idle');
  const send = async () => {
    if (state === 'sending') return;
    setState('sending');
    try {
      await publicApi.ticketAgain(eventId, email);
      setState('sent');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setState({ failed: describeFailure(error) });
    }
  };
  if (state === 'sent') {
    return (
      <p className="pnotice pnotice--done" role="status" data-testid="ticket-again-sent">
        {t.eventPage.sentAgain}
      </p>
    );
  }
  return (
    <div className="pactions" data-testid="ticket-again">
      <button
        type="button"
        className="pbutton pbutton--primary"
        aria-disabled={state === 'sending'}
        onClick={() => void send()}
      >
        {state === 'sending' ? t.eventPage.sendingAgain : t.eventPage.sendAgain}
      </button>
      {typeof state === 'object' && (
        <p className="palert" role="alert">
          {state.failed}
        </p>
      )}
    </div>
  );
}

/** A message above the form, announced when it appears; a refusal that ends the attempt takes the focus. */
function PageAlert({ message, takeFocus }: { message: string; takeFocus: boolean }) {
  const focus = useFocusOnMount<HTMLDivElement>();
  return (
    <div
      className="palert"
      role="alert"
      data-testid="alert"
      ref={takeFocus ? focus : undefined}
      tabIndex={takeFocus ? -1 : undefined}
    >
      <ErrorIcon size={28} />
      <p>{message}</p>
    </div>
  );
}
