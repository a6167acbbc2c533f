import { lazy, type ComponentType } from 'react';

const RELOADED_AT = 'arrivals:reloaded-for-new-build';

/**
 * A screen's script is missing when the server was updated under a running kiosk: the new index.html names new
 * files. Loading the page again picks them up; once a minute at most, so a real fault cannot loop.
 */
function reloadForNewBuild(): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < 60_000) return false;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
  return true;
}

/**
 * A component loaded on first use, so the kiosk home starts with less script, and a `preload` to fetch it while
 * the kiosk idles, so a tap never waits for the network.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy itself accepts
export function lazyWithPreload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loading: Promise<{ default: T }> | null = null;
  const start = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      // Until the reload replaces the page, keep showing the loading state.
      if (reloadForNewBuild()) return new Promise<never>(() => {});
      throw error;
    }));
  return Object.assign(lazy(start), {
    /** Never rejects: a failure shows when the component itself is needed. */
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}

/** Runs `work` when the browser has nothing else to do (soon after the first screen is up). */
export function whenIdle(work: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(work, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 200);
  return () => clearTimeout(handle);
}
