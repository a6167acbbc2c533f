import { useEffect, useRef } from 'react';
import { describeFailure, Loading } from '../../shared/components/Status.tsx';
import { format, t, wordsOf } from '../../shared/i18n/index.ts';
import { listsApi, type ScanRecord } from '../api/lists.ts';
import { Notice, Pill } from '../shell/controls.tsx';
import { useDashboardLoad } from '../shell/session.tsx';
import './lists.css';

const words = wordsOf(() => t.dashboard.lists.history);

/** Who or what recorded a scan: the kiosk by its name, the staff member by theirs, else how it came. */
function madeBy(scan: ScanRecord): string {
  if (scan.device) return `${words.vias.kiosk}: ${scan.device.name}`;
  if (scan.staff) return `${words.vias.desk}: ${scan.staff.name}`;
  return words.vias[scan.via];
}

/**
 * A person's scans on every list of the event, oldest first: the list, the way, when (the event's clock), who
 * recorded it, and what sets it apart (forced, a duplicate that does not count, over capacity, undone). The
 * browser's modal <dialog>: Escape closes it and focus returns to the button that opened it.
 */
export function ScanHistoryDialog({
  eventId,
  attendee,
  timeZone,
  onClose,
}: {
  eventId: string;
  attendee: { id: string; name: string };
  timeZone: string;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  const load = useDashboardLoad(
    (signal) => listsApi.history(eventId, attendee.id, signal),
    [eventId, attendee.id],
  );
  return (
    <dialog
      ref={dialog}
      className="dialog scan-history-dialog"
      aria-labelledby="scan-history-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="scan-history-title">{words.title(attendee.name)}</h2>
      <div className="dialog-body">
        {load.status === 'loading' && <Loading />}
        {load.status === 'failed' && <Notice tone="error">{describeFailure(load.error)}</Notice>}
        {load.status === 'ready' &&
          (load.data.length === 0 ? (
            <p>{words.empty}</p>
          ) : (
            <ol className="scan-history" data-testid="scan-history">
              {load.data.map((scan) => (
                <li key={scan.id} data-testid="scan-history-row">
                  <strong>{scan.list.name}</strong> · {words.directions[scan.direction]} (
                  {words.results[scan.result]}) ·{' '}
                  <time dateTime={scan.scanned_at}>{format.dateTime(scan.scanned_at, timeZone)}</time>
                  <div className="muted">{madeBy(scan)}</div>
                  <ScanFlags scan={scan} />
                </li>
              ))}
            </ol>
          ))}
      </div>
      <div className="dactions">
        <button type="button" className="dbutton dbutton--primary" onClick={onClose}>
          {words.close}
        </button>
      </div>
    </dialog>
  );
}

function ScanFlags({ scan }: { scan: ScanRecord }) {
  const flags = [
    scan.forced && (
      <Pill key="forced" tone="waiting">
        {words.forced}
      </Pill>
    ),
    scan.duplicate && <Pill key="duplicate">{words.duplicate}</Pill>,
    scan.over_capacity && (
      <Pill key="over" tone="bad">
        {words.overCapacity}
      </Pill>
    ),
    scan.undone && <Pill key="undone">{words.undone}</Pill>,
  ].filter(Boolean);
  return flags.length > 0 ? <div className="scan-history-flags">{flags}</div> : null;
}
