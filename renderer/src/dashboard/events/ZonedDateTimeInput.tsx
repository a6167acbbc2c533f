import { t } from '../../shared/i18n/index.ts';
import { TextInput } from '../shell/controls.tsx';

/**
 * A date and time on the venue's clocks: the value is the `datetime-local` wall time, turned into an instant in
 * the event's zone on save (zoned-time.ts), so the editor's own zone never shifts it.
 */
export function ZonedDateTimeInput({
  label,
  value,
  onChange,
  timeZone,
  hint,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  timeZone: string;
  hint?: string;
  error?: string | undefined;
}) {
  const zone = t.dashboard.events.details.zoneHint(timeZone);
  return (
    <TextInput
      type="datetime-local"
      label={label}
      value={value}
      onChange={onChange}
      hint={hint ? `${hint} ${zone}` : zone}
      error={error}
    />
  );
}
