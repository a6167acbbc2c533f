import { useEffect, useRef, useState, type DependencyList } from 'react';
import { ApiError } from '../api/client.ts';

export type Load<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: ApiError };

/**
 * Runs `load` when `deps` change, aborting the previous run. While a reload is under way the last data stays on
 * screen, so a refresh never flashes a spinner. `early`: the data, already there at the first render (asked for
 * before it); `load` then runs only when `deps` change.
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  early: T | null = null,
): Load<T> {
  const [state, setState] = useState<Load<T>>(() =>
    early === null ? { status: 'loading' } : { status: 'ready', data: early },
  );
  const skipFirstLoad = useRef(early !== null);
  useEffect(() => {
    if (skipFirstLoad.current) {
      skipFirstLoad.current = false;
      return;
    }
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'failed',
          error: error instanceof ApiError ? error : new ApiError(0, String(error)),
        });
      },
    );
    return () => controller.abort();
    // The caller names what the load depends on, as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}
