import type { RegistrationField } from '../api/types.ts';
import { ErrorIcon } from '../components/Icons.tsx';
import { t } from '../i18n/index.ts';
import { MAX_LENGTH } from './registration-hints.ts';
import { fieldId, type FieldsForm } from './useFieldsForm.ts';

interface FormFieldProps {
  field: RegistrationField;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** What the browser may fill in (`email`, `given-name`...); `off` unless given: a kiosk is shared. */
  autoComplete?: string | undefined;
}

/** Input types and keyboards per field type: phones get the phone keypad, emails the email keyboard. */
const INPUT_TYPES = {
  text: { type: 'text', inputMode: 'text' },
  email: { type: 'email', inputMode: 'email' },
  phone: { type: 'tel', inputMode: 'tel' },
  date: { type: 'date', inputMode: undefined },
} as const;

/** One registration field: its label, the right control for its type, and its problem underneath. */
export function FormField({ field, value, error, onChange, onBlur, autoComplete = 'off' }: FormFieldProps) {
  const id = fieldId(field.key);
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.key,
    value,
    required: field.required,
    onBlur,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    // A shared kiosk must never offer the last person's answers; a person's own phone may offer their own.
    autoComplete,
  } as const;

  let control;
  if (field.type === 'textarea') {
    control = (
      <textarea
        {...common}
        rows={4}
        maxLength={MAX_LENGTH.textarea}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else if (field.type === 'select') {
    control = (
      <select {...common} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t.form.choose}</option>
        {(field.options ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    const { type, inputMode } = INPUT_TYPES[field.type];
    control = (
      <input
        {...common}
        type={type}
        inputMode={inputMode}
        maxLength={field.type === 'date' ? undefined : MAX_LENGTH[field.type]}
        autoCapitalize={field.type === 'email' ? 'none' : undefined}
        spellCheck={field.type === 'email' ? false : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }

  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <div className="field-label">
        <label htmlFor={id}>{field.label}</label>
        {/* Outside the label: the required state is announced from the control's required attribute. */}
        {field.required && (
          <span className="required-mark" aria-hidden="true">
            {t.form.requiredMark}
          </span>
        )}
      </div>
      {control}
      {error && (
        <p id={errorId} className="field-error">
          <ErrorIcon size={24} />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

/** Every field of a form, each bound to the form's value, problem, change and blur. */
export function FormFields({
  fields,
  form,
  autoComplete,
}: {
  fields: readonly RegistrationField[];
  form: FieldsForm;
  /** Each field's autocomplete token; none (`off`) when not given. */
  autoComplete?: (field: RegistrationField) => string;
}) {
  return fields.map((field) => (
    <FormField
      key={field.key}
      field={field}
      value={form.values[field.key] ?? ''}
      error={form.errors[field.key]}
      onChange={(value) => form.change(field.key, value)}
      onBlur={() => form.blur(field.key)}
      autoComplete={autoComplete?.(field)}
    />
  ));
}
