import type { FormEvent, Ref } from 'react';
import type { RegistrationField } from '../../shared/api/types.ts';
import { FormFields } from '../../shared/registration-form/FormField.tsx';
import type { FieldsForm } from '../../shared/registration-form/useFieldsForm.ts';
import { Alert, type AlertContent } from './Alert.tsx';

/**
 * A kiosk screen that asks one short thing (an email, a last name) and submits it: its heading takes the focus, a
 * line says what it is for, the server's refusal shows above the field.
 */
export function QuestionScreen({
  heading,
  title,
  intro,
  alert,
  fields,
  form,
  submitting,
  submitLabel,
  submittingLabel,
  onSubmit,
}: {
  heading: Ref<HTMLHeadingElement>;
  title: string;
  intro: string;
  alert: AlertContent | null;
  fields: readonly RegistrationField[];
  form: FieldsForm;
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <div className="form-screen">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p className="lead">{intro}</p>
      {alert && <Alert {...alert} />}
      <form noValidate onSubmit={onSubmit} aria-label={title}>
        <FormFields fields={fields} form={form} />
        <div className="actions">
          <button type="submit" className="button button--primary" aria-disabled={submitting}>
            {submitting ? submittingLabel : submitLabel}
          </button>
        </div>
      </form>
    </div>
  );
}
