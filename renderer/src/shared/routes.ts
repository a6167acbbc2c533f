// The app's addresses as pure data, without the DOM: router.ts navigates between them, the unit tests read them.
/**
 * The app's pages: the kiosk's and the staff dashboard's. The server answers every one of these paths with
 * index.html (history fallback; server/kiosk/static.routes.ts lists them).
 */
export type Route =
  | { name: 'start' }
  | { name: 'organization'; slug: string }
  | { name: 'kiosk'; eventId: string; screen: KioskScreen }
  /** A kiosk at one door: scanning on one check-in list of the event, entries or (`?direction=exit`) exits. */
  | { name: 'door'; eventId: string; listId: string }
  | { name: 'dashboard'; page: DashboardPage }
  | { name: 'not-found' };

export type DashboardPage =
  | { name: 'home' }
  | { name: 'setup' }
  | { name: 'sign-in' }
  | { name: 'events' }
  | { name: 'event-new' }
  | { name: 'event'; eventId: string }
  | { name: 'desk'; eventId: string }
  | { name: 'import'; eventId: string }
  | { name: 'people' }
  | { name: 'person-new' }
  | { name: 'person'; userId: string }
  | { name: 'staff' }
  | { name: 'sync' }
  | { name: 'mail' }
  | { name: 'tokens' }
  | { name: 'webhooks' }
  | { name: 'webhook'; webhookId: string }
  | { name: 'lan-integrations' };

export type KioskScreen = 'home' | 'register' | 'check-in' | 'scan';

const KIOSK_SCREENS: readonly KioskScreen[] = ['register', 'check-in', 'scan'];

export const paths = {
  start: () => '/',
  organization: (slug: string) => `/org/${encodeURIComponent(slug)}`,
  kiosk: (eventId: string, screen: KioskScreen = 'home') =>
    `/kiosk/${encodeURIComponent(eventId)}${screen === 'home' ? '' : `/${screen}`}`,
  /** A kiosk on one check-in list; `exit` scans people out (a list that records exits). */
  door: (eventId: string, listId: string, direction: 'entry' | 'exit' = 'entry') =>
    `/kiosk/${encodeURIComponent(eventId)}/lists/${encodeURIComponent(listId)}${
      direction === 'exit' ? '?direction=exit' : ''
    }`,
  dashboard: dashboardPath,
  /** An event's public page, served by public.html (renderer/src/public/routes.ts reads it back). */
  eventPage: (eventId: string) => `/e/${encodeURIComponent(eventId)}`,
};

const DASHBOARD = '/dashboard';

/** The path of a dashboard page; parseDashboardRoute reads it back. */
function dashboardPath(page: DashboardPage): string {
  const e = encodeURIComponent;
  switch (page.name) {
    case 'home':
      return DASHBOARD;
    case 'setup':
    case 'sign-in':
    case 'events':
    case 'people':
    case 'staff':
    case 'sync':
    case 'mail':
      return `${DASHBOARD}/${page.name}`;
    case 'event-new':
      return `${DASHBOARD}/events/new`;
    case 'event':
      return `${DASHBOARD}/events/${e(page.eventId)}`;
    case 'desk':
      return `${DASHBOARD}/events/${e(page.eventId)}/desk`;
    case 'import':
      return `${DASHBOARD}/events/${e(page.eventId)}/import`;
    case 'person-new':
      return `${DASHBOARD}/people/new`;
    case 'person':
      return `${DASHBOARD}/people/${e(page.userId)}`;
    case 'tokens':
      return `${DASHBOARD}/developers/tokens`;
    case 'webhooks':
      return `${DASHBOARD}/developers/webhooks`;
    case 'webhook':
      return `${DASHBOARD}/developers/webhooks/${e(page.webhookId)}`;
    case 'lan-integrations':
      return `${DASHBOARD}/developers/lan-integrations`;
  }
}

/** `parts` are the path's segments after `/dashboard`. */
function parseDashboardRoute(parts: string[]): DashboardPage | null {
  const [first, second, third, ...rest] = parts;
  if (rest.length > 0) return null;
  if (!first) return { name: 'home' };
  if (!second) {
    if (['setup', 'sign-in', 'events', 'people', 'staff', 'sync', 'mail'].includes(first)) {
      return { name: first } as DashboardPage;
    }
    return null;
  }
  if (first === 'events') {
    if (second === 'new') return third ? null : { name: 'event-new' };
    if (!third) return { name: 'event', eventId: second };
    if (third === 'desk') return { name: 'desk', eventId: second };
    if (third === 'import') return { name: 'import', eventId: second };
    return null;
  }
  if (first === 'people' && !third) {
    return second === 'new' ? { name: 'person-new' } : { name: 'person', userId: second };
  }
  if (first === 'developers') {
    if (second === 'tokens' && !third) return { name: 'tokens' };
    if (second === 'webhooks') return third ? { name: 'webhook', webhookId: third } : { name: 'webhooks' };
    if (second === 'lan-integrations' && !third) return { name: 'lan-integrations' };
  }
  return null;
}

export function parseRoute(pathname: string): Route {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) return { name: 'start' };
  const [first, second, third, ...rest] = parts;
  if (first === 'org' && second && !third) return { name: 'organization', slug: second };
  if (first === 'dashboard') {
    const page = parseDashboardRoute(parts.slice(1));
    return page ? { name: 'dashboard', page } : { name: 'not-found' };
  }
  if (first === 'kiosk' && second && third === 'lists' && rest.length === 1) {
    return { name: 'door', eventId: second, listId: rest[0]! };
  }
  if (first === 'kiosk' && second && rest.length === 0) {
    if (!third) return { name: 'kiosk', eventId: second, screen: 'home' };
    if ((KIOSK_SCREENS as readonly string[]).includes(third)) {
      return { name: 'kiosk', eventId: second, screen: third as KioskScreen };
    }
  }
  return { name: 'not-found' };
}
