import { useRef, useState, type FormEvent } from 'react';
import { describeFailure } from '../../shared/components/Status.tsx';
import { t } from '../../shared/i18n/index.ts';
import { deskApi } from '../api/desk.ts';
import { Notice, TextInput } from '../shell/controls.tsx';
import { useExpireOn401 } from '../shell/session.tsx';

const words = t.dashboard.desk.scan;

/**
 * Check-in by code at the desk: a keyboard-wedge scanner types a person's check-in QR code (or profile QR code) into
 * the field and presses Enter, or staff type the code printed under it. The field empties for the next person and
 * keeps the cursor, so a queue is scanned without touching anything.
 */
export function DeskScan({ eventId, onCheckedIn }: { eventId: string; onCheckedIn: () => void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const isApiError = useExpireOn401();
  const form = useRef<HTMLFormElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const scanned = code.trim();
    if (busy || !scanned) return;
    setBusy(true);
    try {
      const { message, data } = await deskApi.scan(eventId, scanned);
      setOutcome({ tone: 'success', text: t.dashboard.desk.actions.result(data.name, message) });
      setCode('');
      onCheckedIn();
    } catch (error) {
      if (isApiError(error)) setOutcome({ tone: 'error', text: describeFailure(error) });
      // The code stays, selected, so the next scan replaces it.
      form.current?.querySelector('input')?.select();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="dsection desk-scan" aria-labelledby="desk-scan">
      <h2 id="desk-scan">{words.heading}</h2>
      <form ref={form} className="desk-scan-form" noValidate onSubmit={(e) => void submit(e)}>
        <TextInput
          label={words.label}
          hint={words.hint}
          value={code}
          onChange={setCode}
          autoComplete="off"
          spellCheck={false}
          maxLength={512}
        />
        <div className="dactions">
          <button type="submit" className="dbutton dbutton--primary" aria-disabled={busy || undefined}>
            {words.submit}
          </button>
        </div>
      </form>
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
    </section>
  );
}
