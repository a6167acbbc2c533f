import { useSyncExternalStore, type MouseEvent } from 'react';

export { parseRoute, paths, type DashboardPage, type KioskScreen, type Route } from './routes.ts';

const NAVIGATED = 'kiosk:navigated';

/** The query string stays: it carries the kiosk's settings. */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  const url = path + window.location.search;
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  window.dispatchEvent(new Event(NAVIGATED));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATED, onChange);
  };
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

/** A click handler for `<a href>`: in-app navigation, except when the user asks for a new tab or window. */
export function followLink(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return;
  event.preventDefault();
  navigate(event.currentTarget.pathname);
}
