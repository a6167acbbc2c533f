import { useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api/client.ts';
import type { RegistrationField } from '../../shared/api/types.ts';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { FormFields } from '../../shared/registration-form/FormField.tsx';
import { useFieldsForm } from '../../shared/registration-form/useFieldsForm.ts';
import { Alert, type AlertContent } from './Alert.tsx';

/**
 * A kiosk screen that asks one short thing (an email, a last name) and submits it: its heading takes the focus, a
 * line says what it is for, the server's refusal shows above the field. It sends one answer at a time and only an
 * answer with no problem; the server's 422 messages go under the field, any other refusal to `onRefused`.
 */
export function QuestionScreen({
  words,
  fields,
  initial,
  alert,
  onAttempt,
  onAnswer,
  onRefused,
}: {
  words: { title: string; intro: string; submit: string; submitting: string };
  fields: readonly RegistrationField[];
  initial?: Record<string, string> | undefined;
  alert: AlertContent | null;
  /** Called at every submit, before the answer is checked. */
  onAttempt?: () => void;
  onAnswer: (answers: Record<string, string>) => Promise<void>;
  onRefused: (error: ApiError, answers: Record<string, string>) => void;
}) {
  const form = useFieldsForm(fields, initial);
  const [submitting, setSubmitting] = useState(false);
  const heading = useFocusOnMount<HTMLHeadingElement>();

  async function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (submitting) return;
    onAttempt?.();
    if (!form.validateAll()) return;
    const answers = form.answers();
    setSubmitting(true);
    try {
      await onAnswer(answers);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 422) form.showServerErrors(error.fieldErrors);
      else onRefused(error, answers);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="form-screen">
      <h1 ref={heading} tabIndex={-1}>
        {words.title}
      </h1>
      <p className="lead">{words.intro}</p>
      {alert && <Alert {...alert} />}
      <form noValidate onSubmit={submit} aria-label={words.title}>
        <FormFields fields={fields} form={form} />
        <div className="actions">
          <button type="submit" className="button button--primary" aria-disabled={submitting}>
            {submitting ? words.submitting : words.submit}
          </button>
        </div>
      </form>
    </div>
  );
}
