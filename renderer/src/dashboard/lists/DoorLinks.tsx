import { t, wordsOf } from '../../shared/i18n/index.ts';
import { paths } from '../../shared/router.ts';
import type { CheckInList } from '../api/lists.ts';

const words = wordsOf(() => t.dashboard.lists);

/** Where to open a kiosk on the list: a page load of its own, so the address (and its way) is the kiosk's. */
export function DoorLinks({ eventId, list }: { eventId: string; list: CheckInList }) {
  return (
    <p className="list-card-doors">
      {list.exits_scanned ? (
        <>
          <a href={paths.door(eventId, list.id, 'entry')} target="_blank" rel="noreferrer">
            {words.openEntryKiosk}
            <span className="visually-hidden"> {list.name}</span>
          </a>
          <a href={paths.door(eventId, list.id, 'exit')} target="_blank" rel="noreferrer">
            {words.openExitKiosk}
            <span className="visually-hidden"> {list.name}</span>
          </a>
        </>
      ) : (
        <a href={paths.door(eventId, list.id)} target="_blank" rel="noreferrer">
          {words.openKiosk}
          <span className="visually-hidden"> {list.name}</span>
        </a>
      )}
    </p>
  );
}
