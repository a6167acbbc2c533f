import { useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api/client.ts';
import { describeFailure } from '../../shared/components/Status.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { activeLanguage, t } from '../../shared/i18n/index.ts';
import { FormFields } from '../../shared/registration-form/FormField.tsx';
import { fieldsInLanguage } from '../../shared/registration-form/localized-fields.ts';
import { useFieldsForm } from '../../shared/registration-form/useFieldsForm.ts';
import { CHECKIN_QR_PREFIX } from '../../shared/api/vocabulary.ts';
import type { Registration, ScanCheckIn } from '../api.ts';
import { kioskApi } from '../api.ts';
import { CheckedIn } from '../check-in/CheckedIn.tsx';
import { Alert, type AlertContent } from '../components/Alert.tsx';
import { ResultPanel } from '../components/ResultPanel.tsx';
import { useKioskSession } from '../shell/session.ts';
import { settings } from '../shell/settings.ts';
import { RedirectQr } from './RedirectQr.tsx';

type Outcome =
  | { kind: 'registered'; registration: Registration; checkInProblem?: string }
  | { kind: 'checked-in'; registration: Registration; checkIn: ScanCheckIn['data'] }
  | { kind: 'closed'; message: string };

/**
 * The registration form built from the event's fields, and what became of the registration. While check-in is
 * open at this kiosk, registering checks the person in too (with the code just received), so a walk-in leaves
 * checked in, badge on offer, in one step. The check-in code itself is never shown: this is a public screen, and
 * whoever photographs a code can check in as its holder. A person registered for later checks in at the door with
 * their email, or with the ticket the server mails them.
 */
export function RegisterScreen() {
  const { event, prefill, go, finish } = useKioskSession();
  // In the language on screen (the shell starts this screen afresh when it changes): "Prénom", not "First name".
  const [fields] = useState(() => fieldsInLanguage(event.registration_fields, activeLanguage()));
  const form = useFieldsForm(fields, prefill?.answers);
  const [submitting, setSubmitting] = useState(false);
  const [alert, setAlert] = useState<(AlertContent & { offerCheckIn?: string }) | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const canCheckIn = event.is_checkin_allowed && event.allow_self_checkin;

  async function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (submitting) return;
    setAlert(null);
    if (!form.validateAll()) {
      setAlert({ tone: 'error', message: t.form.fixErrors });
      return;
    }
    const answers = form.answers();
    setSubmitting(true);
    try {
      const registration = await kioskApi.register(event.id, answers, activeLanguage());
      // A registration awaiting approval cannot be checked in yet: it stays registered, as it would anyway.
      setOutcome(
        canCheckIn && registration.data.status === 'confirmed'
          ? await checkInAfterRegistering(event.id, registration)
          : { kind: 'registered', registration },
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 422) {
        const stray = form.showServerErrors(error.fieldErrors);
        setAlert({ tone: 'error', message: [t.form.fixErrors, ...stray].join(' ') });
      } else if (error.status === 409) {
        setAlert({
          tone: 'warning',
          title: t.register.alreadyRegistered,
          message: describeFailure(error),
          takeFocus: true,
          offerCheckIn: answers.email,
        });
      } else if (error.status === 403) {
        setOutcome({ kind: 'closed', message: describeFailure(error) });
      } else {
        setAlert({ tone: 'error', message: describeFailure(error), takeFocus: true });
      }
    } finally {
      setSubmitting(false);
    }
  }

  if (outcome?.kind === 'checked-in') {
    const { data, redirect_url: redirectUrl } = outcome.registration;
    const { name, company, checked_in_at: at } = outcome.checkIn;
    return (
      <CheckedIn
        name={name}
        at={at}
        company={company}
        holder={{ code: data.checkin_code }}
        returnAfterMs={redirectUrl ? scanningTime : settings.resultMs}
      >
        {redirectUrl && <RedirectQr url={redirectUrl} />}
      </CheckedIn>
    );
  }
  if (outcome?.kind === 'registered') {
    const { data, redirect_url: redirectUrl } = outcome.registration;
    return (
      <ResultPanel
        tone="success"
        title={t.register.successTitle(data.name)}
        returnAfterMs={redirectUrl ? scanningTime : settings.resultMs}
        onDone={finish}
      >
        <p className="result-status">
          {t.register.status}:{' '}
          <strong data-testid="registration-status">{t.register.statusName[data.status]}</strong>
        </p>
        {data.status === 'pending' && <p>{t.register.pendingNote}</p>}
        {outcome.checkInProblem && (
          <p data-testid="check-in-problem">
            {t.register.notCheckedIn} {outcome.checkInProblem}
          </p>
        )}
        {data.status === 'confirmed' && event.allow_self_checkin && (
          <p data-testid="at-the-door">{t.register.atTheDoor}</p>
        )}
        {redirectUrl && <RedirectQr url={redirectUrl} />}
      </ResultPanel>
    );
  }
  if (outcome?.kind === 'closed') {
    return (
      <ResultPanel
        tone="error"
        title={t.register.closedTitle}
        returnAfterMs={settings.resultMs}
        onDone={finish}
      >
        <p>{outcome.message}</p>
      </ResultPanel>
    );
  }

  return (
    <div className="form-screen">
      <h1 ref={heading} tabIndex={-1}>
        {t.register.title}
      </h1>
      <p className="lead">{t.register.intro(event.name)}</p>
      {prefill?.fromProfile && <p className="notice">{t.register.fromProfile}</p>}
      {prefill?.checkEmail && <p className="notice">{t.register.checkTypedEmail}</p>}
      {alert && (
        <Alert {...alert}>
          {alert.offerCheckIn !== undefined && canCheckIn && (
            <button
              type="button"
              className="button"
              onClick={() =>
                go('check-in', {
                  // The company goes along for the badge printed after check-in.
                  answers: { email: alert.offerCheckIn!, company: form.values.company ?? '' },
                  fromProfile: false,
                })
              }
            >
              {t.register.checkInInstead}
            </button>
          )}
        </Alert>
      )}
      <form noValidate onSubmit={submit} aria-label={t.register.title}>
        <p className="hint">{t.form.requiredNote}</p>
        <FormFields fields={fields} form={form} />
        <div className="actions">
          <button type="submit" className="button button--primary" aria-disabled={submitting}>
            {canCheckIn
              ? submitting
                ? t.register.submittingAndCheckingIn
                : t.register.submitAndCheckIn
              : submitting
                ? t.register.submitting
                : t.register.submit}
          </button>
        </div>
      </form>
    </div>
  );
}

/** Long enough for a person to scan the redirect integration's QR code off the screen with their phone. */
const scanningTime = Math.max(settings.idleMs, settings.resultMs);

/** The second half of "Register and check in": the registration's own code, scanned for the person. */
async function checkInAfterRegistering(eventId: string, registration: Registration): Promise<Outcome> {
  try {
    const { data } = await kioskApi.scan(eventId, `${CHECKIN_QR_PREFIX}${registration.data.checkin_code}`);
    return { kind: 'checked-in', registration, checkIn: data };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Registered all the same: they check in at the door once it can be done.
    return { kind: 'registered', registration, checkInProblem: describeFailure(error) };
  }
}
