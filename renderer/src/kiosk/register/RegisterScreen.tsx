import { useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api/client.ts';
import { describeFailure } from '../../shared/components/Status.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { t } from '../../shared/i18n/index.ts';
import { FormFields } from '../../shared/registration-form/FormField.tsx';
import { useFieldsForm } from '../../shared/registration-form/useFieldsForm.ts';
import type { Registration } from '../api.ts';
import { kioskApi } from '../api.ts';
import { Alert, type AlertContent } from '../components/Alert.tsx';
import { ResultPanel } from '../components/ResultPanel.tsx';
import { useKioskSession } from '../shell/session.ts';
import { settings } from '../shell/settings.ts';
import { RedirectQr } from './RedirectQr.tsx';

type Outcome = { kind: 'registered'; registration: Registration } | { kind: 'closed'; message: string };

/** The registration form built from the event's fields, and what became of the registration. */
export function RegisterScreen() {
  const { event, prefill, go, finish } = useKioskSession();
  const fields = event.registration_fields;
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
      setOutcome({ kind: 'registered', registration: await kioskApi.register(event.id, answers) });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 422) {
        const stray = form.showServerErrors(error.fieldErrors);
        setAlert({ tone: 'error', message: [t.form.fixErrors, ...stray].join(' ') });
      } else if (error.status === 409) {
        setAlert({
          tone: 'warning',
          title: t.register.alreadyRegistered,
          message: error.message,
          takeFocus: true,
          offerCheckIn: answers.email,
        });
      } else if (error.status === 403) {
        setOutcome({ kind: 'closed', message: error.message });
      } else {
        setAlert({ tone: 'error', message: describeFailure(error), takeFocus: true });
      }
    } finally {
      setSubmitting(false);
    }
  }

  if (outcome?.kind === 'registered') {
    const { data, redirect_url: redirectUrl } = outcome.registration;
    return (
      <ResultPanel
        tone="success"
        title={t.register.successTitle(data.name)}
        // A person scanning the QR code needs longer than a glance at a result.
        returnAfterMs={redirectUrl ? Math.max(settings.idleMs, settings.resultMs) : settings.resultMs}
        onDone={finish}
      >
        <p className="result-status">
          {t.register.status}:{' '}
          <strong data-testid="registration-status">{t.register.statusName[data.status]}</strong>
        </p>
        {data.status === 'pending' && <p>{t.register.pendingNote}</p>}
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
            {submitting ? t.register.submitting : t.register.submit}
          </button>
        </div>
      </form>
    </div>
  );
}
