import { useEffect, useState } from 'react';
import { carryOnIfGone, fetchFromServer } from '../../shared/venue/venue.ts';

/**
 * What the banner needs to know. A satellite forwards everything, so without its hub it cannot work; a replica
 * answers from its own database (docs/sync.md), so without its hub it works offline and only says how many of its
 * changes wait for the hub. A server that is slow to answer is waited for: `slow` until it does.
 */
export type HubStatus =
  | { kind: 'reachable' }
  | { kind: 'slow' }
  | { kind: 'hub-unreachable' }
  | { kind: 'server-unreachable' }
  | { kind: 'offline'; waiting: number };

const REACHABLE: HubStatus = { kind: 'reachable' };
const SLOW: HubStatus = { kind: 'slow' };

/** Polled while all is well; faster while down, so the banner goes as soon as the hub is back. */
const POLL_UP_MS = 5_000;
const POLL_DOWN_MS = 2_000;
/**
 * A status read unanswered this long says the kiosk is waiting for its server, and is waited for still: on a
 * crowded machine an answer can take seconds, and only a refused connection or a network error means unreachable.
 */
const SLOW_MS = 4_000;

interface StatusBody {
  hub_reachable?: unknown;
  replica?: { waiting?: unknown; offline?: unknown };
}

/**
 * Reads `/satellite/status` (every Arrivals server answers it), for as long as it takes. Rejects only when `signal`
 * aborts it.
 */
async function readStatus(
  signal: AbortSignal,
  again = true,
): Promise<{ status: HubStatus; replica: boolean }> {
  try {
    // The server the kiosk calls now: its own, or the one it carried on through (shared/venue/venue.ts).
    const response = await fetchFromServer('/satellite/status', {
      headers: { accept: 'application/json' },
      cache: 'no-store',
      signal,
    });
    // An older server without the endpoint is a server that answers.
    if (!response.ok) return { status: REACHABLE, replica: false };
    const body = (await response.json()) as StatusBody;
    if (body.replica) {
      const waiting = typeof body.replica.waiting === 'number' ? body.replica.waiting : 0;
      return {
        status: body.replica.offline === true ? { kind: 'offline', waiting } : REACHABLE,
        replica: true,
      };
    }
    return { status: body.hub_reachable === false ? { kind: 'hub-unreachable' } : REACHABLE, replica: false };
  } catch (error) {
    if (signal.aborted) throw error;
    // A browser on the LAN that loaded the kiosk from the hub itself sees the hub go as a failed request: it
    // carries on through another of the venue's servers if one answers, and reads that one's status.
    if (again && (await carryOnIfGone())) return readStatus(signal, false);
    return { status: { kind: 'server-unreachable' }, replica: false };
  }
}

export function useHubStatus(): HubStatus {
  const [status, setStatus] = useState<HubStatus>(REACHABLE);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (): Promise<void> => {
      // Ends a read left waiting on a server the kiosk has since carried on from.
      const moved = new AbortController();
      const slow = setTimeout(() => {
        setStatus(SLOW);
        // Silent may also mean gone without a word: where another of the venue's servers answers, the kiosk carries
        // on through it and reads its status; where none does, it waits on for its own.
        void carryOnIfGone().then((carriedOn) => carriedOn && moved.abort());
      }, SLOW_MS);
      let next: Awaited<ReturnType<typeof readStatus>>;
      try {
        next = await readStatus(AbortSignal.any([controller.signal, moved.signal]));
      } catch {
        if (!controller.signal.aborted) void poll();
        return;
      } finally {
        clearTimeout(slow);
      }
      if (controller.signal.aborted) return;
      setStatus(next.status);
      // A replica's count of waiting changes moves with every registration: read it as often as when down.
      const fast = next.replica || next.status.kind !== 'reachable';
      timer = setTimeout(() => void poll(), fast ? POLL_DOWN_MS : POLL_UP_MS);
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, []);
  return status;
}
