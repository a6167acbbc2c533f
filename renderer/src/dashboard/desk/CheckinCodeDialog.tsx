import { useEffect, useRef } from 'react';
import { CheckinCodeQr } from '../../shared/components/CheckinCodeQr.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import type { DeskAttendee } from '../api/desk.ts';
import { printAlone } from '../shell/print.ts';

const words = wordsOf(() => t.dashboard.desk.code);

/** While printing, the page shows only the open code (desk.css). */
const PRINTING = 'printing-checkin-code';

/**
 * An attendee's check-in QR code, to show on the screen for them to photograph or to print and hand over. The
 * browser's modal <dialog>: Escape closes it and focus returns to the button that opened it.
 */
export function CheckinCodeDialog({ attendee, onClose }: { attendee: DeskAttendee; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const print = () => printAlone(PRINTING);

  return (
    <dialog
      ref={dialog}
      className="dialog checkin-code-dialog"
      aria-labelledby="checkin-code-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="checkin-code-title">{words.title(attendee.name)}</h2>
      <div className="dialog-body">
        <CheckinCodeQr
          code={attendee.checkin_code}
          caption={attendee.name}
          alt={words.image(attendee.name)}
          size={220}
        />
        <p className="muted">{words.explain}</p>
      </div>
      <div className="dactions">
        <button type="button" className="dbutton" onClick={print}>
          {words.print}
        </button>
        <button type="button" className="dbutton dbutton--primary" onClick={onClose}>
          {words.close}
        </button>
      </div>
    </dialog>
  );
}
