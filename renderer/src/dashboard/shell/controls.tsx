import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { ApiError } from '../../shared/api/client.ts';
import type { FieldErrors } from '../../shared/api/types.ts';
import { ErrorIcon } from '../../shared/components/Icons.tsx';
import { t } from '../../shared/i18n/index.ts';
import { dashboardFieldText, refusalText } from '../../shared/i18n/refusals.ts';

/**
 * The dashboard's form controls: a label, the control, an optional hint and the field's problem, wired for screen
 * readers (aria-describedby, aria-invalid). Problems are the server's 422 messages, shown as they come.
 */

/** A field's problem under it; the control names `id` in its aria-describedby so screen readers read it too. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="dfield-error">
      <ErrorIcon size={18} />
      <span>{message}</span>
    </p>
  );
}

function FieldHint({ id, hint }: { id: string; hint: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={id} className="dfield-hint">
      {hint}
    </p>
  );
}

/** A control's id, its hint's and its problem's, and the aria-describedby that names those shown. */
function useFieldIds(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

/** What a text-valued control (input, textarea, select) takes besides its element's own attributes. */
interface FieldOwnProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean | undefined;
}

type FieldProps<Attributes> = Omit<Attributes, 'onChange' | 'value' | 'id'> & FieldOwnProps;

/** The attributes the frame gives its control, the same for an input, a textarea and a select. */
interface ControlAttributes {
  id: string;
  value: string;
  required: boolean | undefined;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
}

/** Draws a text-valued field around the control `children` makes from its attributes and the element's own. */
function FieldFrame<Props extends FieldOwnProps>({
  field,
  children,
}: {
  field: Props;
  children: (control: ControlAttributes, own: Omit<Props, keyof FieldOwnProps>) => ReactNode;
}) {
  const { label, value, onChange, hint, error, required, ...own } = field;
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error);
  const control: ControlAttributes = {
    id,
    value,
    required,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    onChange: (e) => onChange(e.target.value),
  };
  return (
    <div className={`dfield${error ? ' dfield--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span className="dfield-required"> ({t.dashboard.required})</span>}
      </label>
      {children(control, own)}
      <FieldHint id={hintId} hint={hint} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function TextInput(props: FieldProps<InputHTMLAttributes<HTMLInputElement>>) {
  return <FieldFrame field={props}>{(control, own) => <input {...own} {...control} />}</FieldFrame>;
}

export function TextArea(props: FieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <FieldFrame field={props}>
      {(control, { rows = 4, ...own }) => <textarea {...own} {...control} rows={rows} />}
    </FieldFrame>
  );
}

export function SelectInput({
  options,
  ...field
}: FieldProps<SelectHTMLAttributes<HTMLSelectElement>> & {
  options: readonly { value: string; label: string }[];
}) {
  return (
    <FieldFrame field={field}>
      {(control, own) => (
        <select {...own} {...control}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

export function Checkbox({
  label,
  checked,
  onChange,
  hint,
  error,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error);
  return (
    <div className={`dcheck${error ? ' dfield--invalid' : ''}`}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      <FieldHint id={hintId} hint={hint} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * A set of choices as checkboxes under a legend (scopes, event kinds, public fields). The chosen ones come back in
 * the options' order, whatever order they were ticked in.
 */
export function CheckboxGroup<T extends string>({
  legend,
  hint,
  options,
  label = (option) => option,
  optionHint,
  chosen,
  onChange,
  error,
  className,
}: {
  legend: string;
  hint?: ReactNode;
  options: readonly T[];
  label?: (option: T) => string;
  optionHint?: (option: T) => ReactNode;
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  error?: string | undefined;
  className?: string;
}) {
  const { hintId, errorId, describedBy } = useFieldIds(hint, error);
  return (
    <fieldset className={`dfieldset${className ? ` ${className}` : ''}`} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      <FieldHint id={hintId} hint={hint} />
      {options.map((option) => (
        <Checkbox
          key={option}
          label={label(option)}
          hint={optionHint?.(option)}
          checked={chosen.includes(option)}
          onChange={(on) => onChange(options.filter((o) => (o === option ? on : chosen.includes(o))))}
        />
      ))}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

export type PillTone = 'good' | 'waiting' | 'bad';

/** A state in words, in a pill coloured by `tone` (no tone: plain); the colour only repeats the words. */
export function Pill({ tone, children }: { tone?: PillTone | undefined; children: ReactNode }) {
  return <span className={tone ? `dpill dpill--${tone}` : 'dpill'}>{children}</span>;
}

/** A message about the last action: success in green, failure in red, announced when it changes. */
export function Notice({ tone, children }: { tone: 'success' | 'error' | 'info'; children: ReactNode }) {
  return (
    <div className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/**
 * A form's submit state and the server's refusal: `run` sends, shows "Saving…" meanwhile, and keeps a 422's field
 * messages (`errors.field`) and any other refusal's message (`failure`). `onUnexpected` gets non-API failures.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  return {
    busy,
    failure,
    /** The first message for a field, for the control's `error`. */
    error: (field: string) => {
      const said = fieldErrors[field]?.[0];
      return said === undefined ? undefined : dashboardFieldText(said);
    },
    clear() {
      setFieldErrors({});
      setFailure(null);
    },
    async run<T>(send: () => Promise<T>, onError?: (error: ApiError) => boolean): Promise<T | undefined> {
      setBusy(true);
      setFailure(null);
      try {
        const result = await send();
        if (mounted.current) setFieldErrors({});
        return result;
      } catch (error) {
        if (!mounted.current) return undefined;
        const refusal = error instanceof ApiError ? error : new ApiError(0, '');
        if (onError && !onError(refusal)) return undefined;
        setFieldErrors(refusal.fieldErrors);
        setFailure(
          refusal.status === 0
            ? t.app.unreachable
            : refusal.status === 422 && Object.keys(refusal.fieldErrors).length > 0
              ? t.dashboard.fixProblems
              : refusal.message
                ? refusalText(refusal.status, refusal.message)
                : t.app.somethingWrong,
        );
        return undefined;
      } finally {
        if (mounted.current) setBusy(false);
      }
    },
  };
}
