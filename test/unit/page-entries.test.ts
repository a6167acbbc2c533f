import { describe, expect, it } from 'vitest';
import { parseRoute } from '../../renderer/src/shared/routes.ts';
import { DASHBOARD_PAGES, RENDERER_PAGES } from '../../server/kiosk/static.routes.ts';

/**
 * The server answers the kiosk's addresses with index.html and the dashboard's with dashboard.html. A page that finds
 * itself at the other page's address loads that address again from the server (shared/components/OtherPage.tsx), so
 * each page's addresses must read as its own, or the page would load itself forever.
 */
const examples = (pattern: string) =>
  pattern.endsWith('*')
    ? ['', 'x', 'x/y', '0b7c6f3e-1d2a-4c55-9a8e-2f0c1b7d9e10/desk', 'new', 'tokens'].map(
        (rest) => pattern.slice(0, -1) + rest,
      )
    : [pattern];

describe("each page's addresses read as its own", () => {
  it.each(RENDERER_PAGES.flatMap(examples))('%s (index.html) is never a dashboard page', (path) => {
    expect(parseRoute(path).name).not.toBe('dashboard');
  });

  it.each(DASHBOARD_PAGES.flatMap(examples))(
    "%s (dashboard.html) is a dashboard page or one that does not exist, never the kiosk's",
    (path) => {
      expect(['dashboard', 'not-found']).toContain(parseRoute(path).name);
    },
  );

  it('the desk is a dashboard page', () => {
    expect(parseRoute('/dashboard/events/0b7c6f3e-1d2a-4c55-9a8e-2f0c1b7d9e10/desk')).toEqual({
      name: 'dashboard',
      page: { name: 'desk', eventId: '0b7c6f3e-1d2a-4c55-9a8e-2f0c1b7d9e10' },
    });
  });
});
