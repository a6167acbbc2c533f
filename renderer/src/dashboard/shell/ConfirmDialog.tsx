import { useEffect, useRef, type ReactNode } from 'react';
import { t } from '../../shared/i18n/index.ts';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /**
   * The button that leaves things as they are; "Cancel" unless that would sit beside an action that is itself a
   * cancellation ("Cancel registration"), where it must say what it keeps.
   */
  dismissLabel?: string;
  /** A destructive action gets the red button. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question before an action that cannot be taken back. The browser's own modal <dialog>: focus stays
 * inside, Escape cancels, and focus returns to the button that opened it.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  dismissLabel = t.dashboard.cancel,
  danger,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby="confirm-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="confirm-title">{title}</h2>
      <div className="dialog-body">{children}</div>
      <div className="dactions">
        <button type="button" className="dbutton" onClick={onCancel}>
          {dismissLabel}
        </button>
        <button
          type="button"
          className={`dbutton ${danger ? 'dbutton--danger' : 'dbutton--primary'}`}
          aria-disabled={busy || undefined}
          onClick={() => !busy && onConfirm()}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
