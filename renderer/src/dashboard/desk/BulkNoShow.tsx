import { useState } from 'react';
import { ApiError } from '../../shared/api/client.ts';
import { describeFailure } from '../../shared/components/Status.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { deskApi } from '../api/desk.ts';
import { ConfirmDialog } from '../shell/ConfirmDialog.tsx';
import { Notice } from '../shell/controls.tsx';
import { useExpireOn401 } from '../shell/session.tsx';
import type { ActionOutcome } from './RowActions.tsx';
import { refusalText } from '../../shared/i18n/refusals.ts';

const words = wordsOf(() => t.dashboard.desk.bulk);

/**
 * "Mark everyone not checked in as no-show": asks the server how many that is, says the number, and sends it back
 * with the confirmation. If kiosks changed the number meanwhile the server refuses (409), and the dialog shows
 * the new number to confirm again.
 */
export function BulkNoShow({
  eventId,
  onOutcome,
}: {
  eventId: string;
  onOutcome: (outcome: ActionOutcome | { tone: 'info'; text: string }) => void;
}) {
  const [count, setCount] = useState<number | null>(null);
  const [changed, setChanged] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const isApiError = useExpireOn401();

  const fail = (error: unknown) => {
    if (isApiError(error)) onOutcome({ tone: 'error', text: describeFailure(error) });
  };
  const close = () => {
    setCount(null);
    setChanged(null);
  };

  const ask = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const n = await deskApi.bulkNoShowCount(eventId);
      if (n === 0) onOutcome({ tone: 'info', text: words.nobody });
      else setCount(n);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (expected: number) => {
    setBusy(true);
    try {
      const result = await deskApi.bulkNoShow(eventId, expected);
      close();
      onOutcome({ tone: 'success', text: words.done(result.success_count, result.failed_count) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setChanged(refusalText(error.status, error.message));
        const n = await deskApi.bulkNoShowCount(eventId).catch(() => null);
        if (n === 0) {
          close();
          onOutcome({ tone: 'info', text: words.nobody });
        } else if (n !== null) setCount(n);
      } else {
        close();
        fail(error);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="dbutton" aria-disabled={busy || undefined} onClick={() => void ask()}>
        {words.button}
      </button>
      {count !== null && (
        <ConfirmDialog
          title={words.title}
          confirmLabel={words.confirmButton(count)}
          danger
          busy={busy}
          onConfirm={() => void confirm(count)}
          onCancel={close}
        >
          {changed && <Notice tone="error">{changed}</Notice>}
          <p data-testid="bulk-count">{words.confirm(count)}</p>
          <p className="muted">{words.explain}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
