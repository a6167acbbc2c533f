import { useEffect, useState } from 'react';
import { ApiError } from '../../shared/api/client.ts';
import { useSession } from '../shell/session.tsx';

/**
 * `load`'s answer, asked again `everyMs` after each answer while the page is visible (stopped while it is hidden,
 * asked at once when it shows again). The last answer stays on screen through a failed poll; a 401 ends the session.
 * With `known` (what the page loaded already), the first ask waits `everyMs` too.
 */
export function usePoll<T>(
  load: (signal: AbortSignal) => Promise<T>,
  everyMs: number,
  key: string,
  known?: T,
): { data: T | null; error: ApiError | null } {
  const { expire } = useSession();
  const [state, setState] = useState<{ data: T | null; error: ApiError | null }>({
    data: known ?? null,
    error: null,
  });
  useEffect(() => {
    let controller: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const visible = () => document.visibilityState === 'visible';
    const stop = () => {
      clearTimeout(timer);
      controller?.abort();
      controller = null;
    };
    const ask = () => {
      stop();
      const mine = new AbortController();
      controller = mine;
      load(mine.signal)
        .then(
          (data) => {
            if (!mine.signal.aborted) setState({ data, error: null });
          },
          (error: unknown) => {
            if (mine.signal.aborted) return;
            const failure = error instanceof ApiError ? error : new ApiError(0, '');
            if (failure.status === 401) expire();
            else setState((current) => ({ ...current, error: failure }));
          },
        )
        .finally(() => {
          if (controller !== mine) return;
          controller = null;
          if (visible()) timer = setTimeout(ask, everyMs);
        });
    };
    const onVisibility = () => (visible() ? ask() : stop());
    if (known === undefined) ask();
    else timer = setTimeout(ask, everyMs);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      stop();
    };
    // `key` names what the load depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, everyMs, expire]);
  return state;
}
