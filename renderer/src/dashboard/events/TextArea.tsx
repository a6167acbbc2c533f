import { useId } from 'react';
import { ErrorIcon } from '../../components/Icons.tsx';

/** A multi-line dashboard field, framed like shell/controls.tsx's inputs (label, hint, the server's problem). */
export function TextArea({
  label,
  value,
  onChange,
  error,
  rows = 4,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  rows?: number;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`dfield${error ? ' dfield--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={errorId} className="dfield-error">
          <ErrorIcon size={18} />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
