import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api/client.ts';
import { ErrorIcon } from '../../shared/components/Icons.tsx';
import { describeFailure } from '../../shared/components/Status.tsx';
import { t } from '../../shared/i18n/index.ts';
import { MAX_LENGTH, isValidEmail } from '../../shared/registration-form/registration-hints.ts';
import { ResultPanel } from '../components/ResultPanel.tsx';
import { useKioskSession } from '../shell/session.ts';

/**
 * An email that found no registration. A typo is the likeliest reason, so the screen shows what was typed in a
 * field to correct it there and check in again (no retyping the whole address on a touch screen), then offers to
 * find oneself by name, and only then to register, with the address as it now reads.
 *
 * The field is a text field with the email keyboard, not an email input: a browser gives an email input no caret
 * position, so a tap in the middle of the address could not correct a letter there.
 */
export function NotRegistered({
  email,
  message,
  onCheckIn,
  onFindByName,
}: {
  email: string;
  /** The server's words, in the language on screen. */
  message: string;
  /** Checks in with the corrected address; a refusal it does not handle comes back as an ApiError. */
  onCheckIn: (email: string) => Promise<void>;
  onFindByName: (email: string) => void;
}) {
  const { event, go, finish } = useKioskSession();
  const [value, setValue] = useState(email);
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const id = useId();
  const fieldId = `${id}-email`;
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;

  async function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (submitting) return;
    const typed = value.trim();
    if (!isValidEmail(typed)) {
      setProblem(typed === '' ? t.form.problem.required(t.checkIn.emailLabel) : t.form.problem.email);
      return;
    }
    setProblem(null);
    setSubmitting(true);
    try {
      await onCheckIn(typed);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblem(error.status === 422 ? t.form.problem.email : describeFailure(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <ResultPanel
      tone="warning"
      title={t.checkIn.notRegisteredTitle}
      returnAfterMs={null}
      onDone={finish}
      actions={
        <>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onFindByName(value.trim())}
          >
            {t.findMe.offer}
          </button>
          {event.is_registration_open && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() =>
                go('register', { answers: { email: value.trim() }, fromProfile: false, checkEmail: true })
              }
            >
              {t.checkIn.registerNow}
            </button>
          )}
        </>
      }
    >
      <p data-testid="server-message">{message}</p>
      <form className="typo-fix" noValidate onSubmit={submit} aria-label={t.checkIn.typoFormLabel}>
        <div className={problem ? 'field field--invalid' : 'field'}>
          <div className="field-label">
            <label htmlFor={fieldId}>{t.checkIn.typedLabel}</label>
          </div>
          <p className="hint" id={hintId}>
            {t.checkIn.typedHint}
          </p>
          <div className="typo-fix-row">
            <input
              id={fieldId}
              type="text"
              inputMode="email"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={MAX_LENGTH.email}
              value={value}
              onChange={(changed) => setValue(changed.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
              data-testid="typed-email"
            />
            <button type="submit" className="button button--primary" aria-disabled={submitting}>
              {submitting ? t.checkIn.submitting : t.checkIn.submit}
            </button>
          </div>
          {problem && (
            <p className="field-error" id={problemId} role="alert">
              <ErrorIcon size={24} />
              <span>{problem}</span>
            </p>
          )}
        </div>
      </form>
      <p>{t.checkIn.notATypo}</p>
    </ResultPanel>
  );
}
