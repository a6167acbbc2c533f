import { describe, expect, it } from 'vitest';
import { parseRoute, paths, type DashboardPage } from '../../../renderer/src/shared/routes.ts';

const DASHBOARD_PAGES: DashboardPage[] = [
  { name: 'home' },
  { name: 'setup' },
  { name: 'sign-in' },
  { name: 'events' },
  { name: 'event-new' },
  { name: 'event', eventId: '0b7c6f3e-1d2a-4c55-9a8e-2f0c1b7d9e10' },
  { name: 'desk', eventId: 'e1' },
  { name: 'import', eventId: 'e1' },
  { name: 'people' },
  { name: 'person-new' },
  { name: 'person', userId: 'u 1/2' },
  { name: 'staff' },
  { name: 'mail' },
  { name: 'tokens' },
  { name: 'webhooks' },
  { name: 'webhook', webhookId: 'w1' },
  { name: 'lan-integrations' },
];

describe('dashboard routes', () => {
  it.each(DASHBOARD_PAGES.map((page) => [paths.dashboard(page), page] as const))(
    '%s reads back as the page it was made from',
    (path, page) => {
      expect(parseRoute(path)).toEqual({ name: 'dashboard', page });
    },
  );

  it.each([
    '/dashboard/api',
    '/dashboard/unknown',
    '/dashboard/events/e1/desk/extra',
    '/dashboard/events/new/desk',
    '/dashboard/developers',
    '/dashboard/developers/tokens/1',
    '/dashboard/developers/lan-integrations/1',
  ])('%s is not a page', (path) => {
    expect(parseRoute(path)).toEqual({ name: 'not-found' });
  });

  it('keeps the kiosk routes as they were', () => {
    expect(parseRoute('/')).toEqual({ name: 'start' });
    expect(parseRoute('/kiosk/e1/scan')).toEqual({ name: 'kiosk', eventId: 'e1', screen: 'scan' });
    expect(parseRoute('/org/city-hall')).toEqual({ name: 'organization', slug: 'city-hall' });
  });
});

describe('door routes', () => {
  it('a kiosk on a check-in list reads back as its event and list, the direction left to the query', () => {
    expect(paths.door('e 1', 'l/2')).toBe('/kiosk/e%201/lists/l%2F2');
    expect(parseRoute('/kiosk/e%201/lists/l%2F2')).toEqual({ name: 'door', eventId: 'e 1', listId: 'l/2' });
    expect(paths.door('e1', 'l2', 'exit')).toBe('/kiosk/e1/lists/l2?direction=exit');
  });

  it.each(['/kiosk/e1/lists', '/kiosk/e1/lists/l2/extra', '/kiosk/e1/doors/l2'])(
    '%s is not a page',
    (path) => {
      expect(parseRoute(path)).toEqual({ name: 'not-found' });
    },
  );
});
