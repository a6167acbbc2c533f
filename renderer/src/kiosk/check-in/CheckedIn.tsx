import { useState, type ReactNode } from 'react';
import { format, t } from '../../shared/i18n/index.ts';
import { ResultPanel } from '../components/ResultPanel.tsx';
import { useKioskSession } from '../shell/session.ts';
import { settings } from '../shell/settings.ts';
import { printBadge, type BadgeHolder, type KnownBadge } from './badge.ts';

/**
 * A person just checked in, however they did it (email, scanned code, registering at the door): the welcome, the
 * time, and their name badge on offer.
 */
export function CheckedIn({
  name,
  at,
  company,
  holder,
  returnAfterMs = settings.resultMs,
  children,
}: {
  name: string;
  at: string;
  /** For the badge: null when the kiosk does not know it. */
  company: string | null;
  /** How the person showed who they are, which the badge is asked for by; null: by neither (found by name). */
  holder: BadgeHolder | null;
  returnAfterMs?: number;
  children?: ReactNode;
}) {
  const { event, finish } = useKioskSession();
  const known = { name, company: company?.trim() || null };
  return (
    <ResultPanel
      tone="success"
      title={t.checkIn.successTitle(name)}
      returnAfterMs={returnAfterMs}
      onDone={finish}
      actions={settings.badges && <PrintBadgeButton holder={holder} known={known} />}
    >
      <p data-testid="checked-in-at">
        <time dateTime={at}>{t.checkIn.checkedInAt(format.time(at, event.timezone))}</time>
      </p>
      {children}
    </ResultPanel>
  );
}

type PrintState =
  { kind: 'idle' } | { kind: 'printing' } | { kind: 'printed' } | { kind: 'failed'; reason: string };

/**
 * The person's name badge, on the desktop shell's printer or through the browser's dialog: after a check-in, or
 * again from "already checked in" (`known` null: the screen knows nothing of them but what the server says).
 */
export function PrintBadgeButton({
  holder,
  known,
}: {
  holder: BadgeHolder | null;
  known: KnownBadge | null;
}) {
  const { event } = useKioskSession();
  const [state, setState] = useState<PrintState>({ kind: 'idle' });
  const print = async () => {
    if (state.kind === 'printing') return;
    setState({ kind: 'printing' });
    const result = await printBadge(event, holder, known).catch((error: unknown) => ({
      ok: false as const,
      reason: error instanceof Error ? error.message : String(error),
    }));
    setState(result.ok ? { kind: 'printed' } : { kind: 'failed', reason: result.reason });
  };
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={state.kind === 'printing'}
        onClick={() => void print()}
      >
        {state.kind === 'printing'
          ? t.checkIn.printing
          : known
            ? t.checkIn.printBadge
            : t.checkIn.printBadgeAgain}
      </button>
      <p role="status" className="print-status">
        {state.kind === 'printed' && t.checkIn.printed}
        {state.kind === 'failed' && t.checkIn.printFailed(state.reason)}
      </p>
    </>
  );
}
