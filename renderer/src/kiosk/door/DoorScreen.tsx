import { useCallback } from 'react';
import { describeFailure, Loading, Problem } from '../../shared/components/Status.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { format, t } from '../../shared/i18n/index.ts';
import { kioskApi, type KioskDoor, type ScanDirection } from '../api.ts';
import { ScanStatus } from '../scan/ScanOutcome.tsx';
import { ScanStation, useStationReading } from '../scan/ScanStation.tsx';
import {
  asApiError,
  scanProblem,
  useCodeReader,
  type DecideScan,
  type ScanState,
} from '../scan/useCodeCheckIn.ts';
import { useKioskSession } from '../shell/session.ts';
import { settings } from '../shell/settings.ts';
import { doorAnswer, doorDirection } from './door-answer.ts';

/**
 * `/kiosk/{event}/lists/{list}`: a kiosk at one door. It shows the door's name and way (entry or exit), reads codes
 * all along (scanner and camera, as the home does), and answers each with the list's rules in words a person at a
 * door understands.
 */
export function DoorScreen({ listId }: { listId: string }) {
  const { event } = useKioskSession();
  const load = useLoad((signal) => kioskApi.door(event.id, listId, signal), [event.id, listId]);
  const direction = doorDirection(window.location.search);
  if (load.status === 'loading') return <Loading />;
  if (load.status === 'failed') {
    return <Problem message={load.error.status === 404 ? t.door.notFound : describeFailure(load.error)} />;
  }
  if (direction === 'exit' && !load.data.exits_scanned) return <Problem message={t.door.exitsNotScanned} />;
  return <DoorStation door={load.data} direction={direction} />;
}

function DoorStation({ door, direction }: { door: KioskDoor; direction: ScanDirection }) {
  const { event } = useKioskSession();
  const decide = useCallback<DecideScan>(
    async (code, signal) => {
      try {
        return doorAnswer(
          await kioskApi.doorScan(event.id, door.id, code, direction, signal),
          event.timezone,
        );
      } catch (error) {
        if (signal.aborted) throw error;
        return doorRefusal(asApiError(error));
      }
    },
    [event, door.id, direction],
  );
  const station = useStationReading(useCodeReader(decide), settings.homeCamera);
  return (
    <ScanStation
      station={station}
      className="scan door"
      before={<DoorHeading door={door} direction={direction} />}
      after={<DoorWaiting state={station.state} />}
      caption={t.door.viewfinder}
    />
  );
}

/** A refusal of the door itself (self check-in off, the list gone), or a problem to scan past. */
function doorRefusal(error: ReturnType<typeof asApiError>): ScanState {
  if (error.status === 403) {
    return { kind: 'result', tone: 'error', title: t.checkIn.refusedTitle, message: describeFailure(error) };
  }
  if (error.status === 404) {
    return { kind: 'result', tone: 'error', title: t.checkIn.refusedTitle, message: t.door.notFound };
  }
  return scanProblem(error);
}

function DoorHeading({ door, direction }: { door: KioskDoor; direction: ScanDirection }) {
  const { event } = useKioskSession();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="scan-head door-head">
      <h1 ref={heading} tabIndex={-1} data-testid="door-name">
        {door.name}
      </h1>
      <p className={`door-direction door-direction--${direction}`} data-testid="door-direction">
        {t.door.directions[direction]}
      </p>
      {door.opens_at && (
        <p className="lead" data-testid="door-opens">
          {t.door.opensTitle(door.name, format.moment(door.opens_at, event.timezone, new Date()))}
        </p>
      )}
      <p className="lead">{t.door.intro[direction]}</p>
    </div>
  );
}

function DoorWaiting({ state }: { state: ScanState }) {
  return (
    <section className="scan-result" aria-live="polite" aria-busy={state.kind === 'looking'}>
      {state.kind === 'waiting' ? null : <ScanStatus state={state} />}
    </section>
  );
}
