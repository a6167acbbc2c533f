import { useSyncExternalStore, type MouseEvent } from 'react';

/** The kiosk's pages. The server answers every one of these paths with index.html (history fallback). */
export type Route =
  | { name: 'start' }
  | { name: 'organization'; slug: string }
  | { name: 'kiosk'; eventId: string; screen: KioskScreen }
  | { name: 'not-found' };

export type KioskScreen = 'home' | 'register' | 'check-in' | 'scan';

const KIOSK_SCREENS: readonly KioskScreen[] = ['register', 'check-in', 'scan'];

export const paths = {
  start: () => '/',
  organization: (slug: string) => `/org/${encodeURIComponent(slug)}`,
  kiosk: (eventId: string, screen: KioskScreen = 'home') =>
    `/kiosk/${encodeURIComponent(eventId)}${screen === 'home' ? '' : `/${screen}`}`,
};

export function parseRoute(pathname: string): Route {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) return { name: 'start' };
  const [first, second, third, ...rest] = parts;
  if (first === 'org' && second && !third) return { name: 'organization', slug: second };
  if (first === 'kiosk' && second && rest.length === 0) {
    if (!third) return { name: 'kiosk', eventId: second, screen: 'home' };
    if ((KIOSK_SCREENS as readonly string[]).includes(third)) {
      return { name: 'kiosk', eventId: second, screen: third as KioskScreen };
    }
  }
  return { name: 'not-found' };
}

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
