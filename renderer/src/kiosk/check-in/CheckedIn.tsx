import { useState, type ReactNode } from 'react';
import { format, t } from '../../shared/i18n/index.ts';
import { ResultPanel } from '../components/ResultPanel.tsx';
import { useKioskSession } from '../shell/session.ts';
import { settings } from '../shell/settings.ts';
import { printBadge } from './badge.ts';

/**
 * A person just checked in, however they did it (email, scanned code, registering at the door): the welcome, the
 * time, and their name badge on offer.
 */
export function CheckedIn({
  name,
  at,
  company,
  returnAfterMs = settings.resultMs,
  children,
}: {
  name: string;
  at: string;
  /** For the badge: null when the kiosk does not know it. */
  company: string | null;
  returnAfterMs?: number;
  children?: ReactNode;
}) {
  const { event, finish } = useKioskSession();
  const badge = { name, company: company?.trim() || null, event: event.name };
  return (
    <ResultPanel
      tone="success"
      title={t.checkIn.successTitle(name)}
      returnAfterMs={returnAfterMs}
      onDone={finish}
      actions={settings.badges && <PrintBadgeButton badge={badge} />}
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

/** After a check-in: the person's name badge, on the desktop shell's printer or through the browser's dialog. */
function PrintBadgeButton({ badge }: { badge: Parameters<typeof printBadge>[0] }) {
  const [state, setState] = useState<PrintState>({ kind: 'idle' });
  const print = async () => {
    if (state.kind === 'printing') return;
    setState({ kind: 'printing' });
    const result = await printBadge(badge).catch((error: unknown) => ({
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
        {state.kind === 'printing' ? t.checkIn.printing : t.checkIn.printBadge}
      </button>
      <p role="status" className="print-status">
        {state.kind === 'printed' && t.checkIn.printed}
        {state.kind === 'failed' && t.checkIn.printFailed(state.reason)}
      </p>
    </>
  );
}
