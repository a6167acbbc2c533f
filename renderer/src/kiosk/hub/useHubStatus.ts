import { useEffect, useState } from 'react';

/** What the banner needs to know: can this kiosk reach the server that holds the data? */
export type HubStatus = 'reachable' | 'hub-unreachable' | 'server-unreachable';

/** Polled while all is well; faster while down, so the banner goes as soon as the hub is back. */
const POLL_UP_MS = 5_000;
const POLL_DOWN_MS = 2_000;

/** Reads `/satellite/status` (every Arrivals server answers it): a satellite reports whether its hub answers. */
async function readStatus(signal: AbortSignal): Promise<HubStatus> {
  try {
    const response = await fetch('/satellite/status', {
      headers: { accept: 'application/json' },
      cache: 'no-store',
      signal,
    });
    // An older server without the endpoint is a server that answers.
    if (!response.ok) return 'reachable';
    const body = (await response.json()) as { hub_reachable?: unknown };
    return body.hub_reachable === false ? 'hub-unreachable' : 'reachable';
  } catch {
    // A browser on the LAN that loaded the kiosk from the hub itself sees the hub go as a failed request.
    return 'server-unreachable';
  }
}

export function useHubStatus(): HubStatus {
  const [status, setStatus] = useState<HubStatus>('reachable');
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const next = await readStatus(AbortSignal.any([controller.signal, AbortSignal.timeout(4_000)]));
      if (controller.signal.aborted) return;
      setStatus(next);
      timer = setTimeout(() => void poll(), next === 'reachable' ? POLL_UP_MS : POLL_DOWN_MS);
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, []);
  return status;
}
