import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../shared/api/client.ts';
import { webhooksApi, type DeliveryList, type WebhookEndpoint } from '../api/developers.ts';
import { useSession } from '../shell/session.tsx';

/** Deliveries change in the background (the dispatcher sends and retries), so the page asks again this often. */
const POLL_MS = 2000;

/**
 * An endpoint and its recent deliveries, asked for again every two seconds and on `refresh()`. A failed poll keeps
 * what was shown and reports the failure until the next poll succeeds.
 */
export function useEndpointActivity(initial: WebhookEndpoint) {
  const { expire } = useSession();
  const id = initial.id;
  const [endpoint, setEndpoint] = useState(initial);
  const [deliveries, setDeliveries] = useState<DeliveryList | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([webhooksApi.get(id, signal), webhooksApi.deliveries(id, signal)]).then(
      ([latest, list]) => {
        setEndpoint(latest);
        setDeliveries(list);
        setFailure(null);
      },
      (error: unknown) => {
        if (signal.aborted) return;
        const refusal = error instanceof ApiError ? error : new ApiError(0, '');
        if (refusal.status === 401) expire();
        else setFailure(refusal);
      },
    );
    const next = setTimeout(() => setRound((n) => n + 1), POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(next);
    };
  }, [id, round, expire]);

  const refresh = useCallback(() => setRound((n) => n + 1), []);
  return { endpoint, setEndpoint, deliveries, failure, refresh };
}
