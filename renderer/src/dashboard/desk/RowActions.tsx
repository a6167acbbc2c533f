import { useEffect, useRef, useState } from 'react';
import { describeFailure } from '../../shared/components/Status.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { deskApi, type AttendeeAction, type DeskAttendee } from '../api/desk.ts';
import { ConfirmDialog } from '../shell/ConfirmDialog.tsx';
import { CheckinCodeDialog } from './CheckinCodeDialog.tsx';
import { ScanHistoryDialog } from '../lists/ScanHistoryDialog.tsx';
import { EditAttendeeDialog } from './EditAttendeeDialog.tsx';
import type { RegistrationField } from '../../shared/api/types.ts';
import { useExpireOn401 } from '../shell/session.tsx';
import { ResendTicketButton } from '../mail/TicketMail.tsx';
import { serverText } from '../../shared/i18n/refusals.ts';

const words = wordsOf(() => t.dashboard.desk.actions);

/** What can be done to an attendee now; the server stays the judge and its refusals are shown. */
export function actionsFor(attendee: DeskAttendee): AttendeeAction[] {
  if (attendee.checked_in_at) return ['undo-check-in'];
  switch (attendee.status) {
    case 'pending':
      return ['approve', 'no-show', 'cancel'];
    case 'confirmed':
      return ['check-in', 'no-show', 'cancel'];
    case 'no_show':
      return ['check-in', 'cancel'];
    case 'canceled':
      return [];
  }
}

export interface ActionOutcome {
  tone: 'success' | 'error';
  text: string;
}

/**
 * One attendee's buttons. After an action the buttons change (Check in becomes Undo check-in): focus moves to the
 * new first button rather than being lost with the old one.
 */
export function RowActions({
  eventId,
  attendee,
  canMail = false,
  timeZone,
  fields = [],
  onOutcome,
  onPrintBadge,
}: {
  eventId: string;
  attendee: DeskAttendee;
  /** The event's: the times of the person's scans as the venue's clocks read them. */
  timeZone: string;
  /** The event's registration fields: what Edit shows. */
  fields?: readonly RegistrationField[];
  /** Resend ticket, where this server mails the event's tickets. */
  canMail?: boolean;
  onOutcome: (outcome: ActionOutcome) => void;
  /** Prints the attendee's name badge (its first print, or a reprint once checked in). */
  onPrintBadge: (attendee: DeskAttendee) => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [showingCode, setShowingCode] = useState(false);
  const [showingScans, setShowingScans] = useState(false);
  const [editing, setEditing] = useState(false);
  const isApiError = useExpireOn401();
  const box = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (!refocus.current) return;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost) box.current?.querySelector('button')?.focus();
    refocus.current = false;
  }, [attendee.status, attendee.checked_in_at]);

  const run = async (action: AttendeeAction) => {
    if (busy) return;
    setBusy(true);
    try {
      const { message } = await deskApi.act(eventId, attendee.id, action);
      refocus.current = true;
      onOutcome({ tone: 'success', text: words.result(attendee.name, serverText(message)) });
    } catch (error) {
      if (isApiError(error)) {
        onOutcome({ tone: 'error', text: words.result(attendee.name, describeFailure(error)) });
      }
    } finally {
      setBusy(false);
      setConfirmingCancel(false);
    }
  };

  return (
    <div ref={box} className="dtable-actions">
      {actionsFor(attendee).map((action) => (
        <button
          key={action}
          type="button"
          className={`dbutton${action === 'check-in' ? ' dbutton--primary' : ''}`}
          aria-disabled={busy || undefined}
          onClick={() => (action === 'cancel' ? setConfirmingCancel(true) : void run(action))}
        >
          {words[action]}
          <span className="visually-hidden"> {attendee.name}</span>
        </button>
      ))}
      {attendee.status !== 'canceled' && (
        <button type="button" className="dbutton" onClick={() => setShowingCode(true)}>
          {words.showCode}
          <span className="visually-hidden"> {attendee.name}</span>
        </button>
      )}
      {attendee.status !== 'canceled' && (
        <button type="button" className="dbutton" onClick={() => void onPrintBadge(attendee)}>
          {attendee.checked_in_at ? words.reprintBadge : words.printBadge}
          <span className="visually-hidden"> {attendee.name}</span>
        </button>
      )}
      {/* A cancelled registration has nothing left to do at the desk; its scans stay in each list's export. */}
      {attendee.status !== 'canceled' && (
        <button type="button" className="dbutton" onClick={() => setShowingScans(true)}>
          {t.dashboard.lists.history.button}
          <span className="visually-hidden"> {attendee.name}</span>
        </button>
      )}
      {attendee.status !== 'canceled' && (
        <button type="button" className="dbutton" onClick={() => setEditing(true)}>
          {words.edit}
          <span className="visually-hidden"> {attendee.name}</span>
        </button>
      )}
      {editing && (
        <EditAttendeeDialog
          eventId={eventId}
          attendee={attendee}
          fields={fields}
          onOutcome={onOutcome}
          onClose={() => setEditing(false)}
        />
      )}
      {canMail && attendee.status === 'confirmed' && (
        <ResendTicketButton eventId={eventId} attendee={attendee} onOutcome={onOutcome} />
      )}
      {showingScans && (
        <ScanHistoryDialog
          eventId={eventId}
          attendee={attendee}
          timeZone={timeZone}
          onClose={() => setShowingScans(false)}
        />
      )}
      {showingCode && <CheckinCodeDialog attendee={attendee} onClose={() => setShowingCode(false)} />}
      {confirmingCancel && (
        <ConfirmDialog
          title={words.cancelTitle}
          confirmLabel={words.cancel}
          dismissLabel={words.keepRegistration}
          danger
          busy={busy}
          onConfirm={() => void run('cancel')}
          onCancel={() => setConfirmingCancel(false)}
        >
          <p>{words.confirmCancel(attendee.name)}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
