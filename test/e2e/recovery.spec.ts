import { expect, test } from './support/fixtures.ts';
import { pauseClock } from './support/clock.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';

test('a kiosk on an error page comes back by itself within seconds once the server answers again', async ({
  page,
  server,
  consoleProblems,
}) => {
  await page.clock.install();
  const event = server.createEvent({ name: 'Harbour Tech Day' });
  // The hub away: the kiosk's event cannot be fetched.
  const away = `**/public/events/${event.uuid}/kiosk`;
  await page.route(away, (route) => route.abort('connectionrefused'));
  await page.goto(`/kiosk/${event.uuid}`);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await pauseClock(page);

  // Still away at the next try: still the error page.
  await page.clock.runFor(3_000);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  await page.unroute(away);
  await page.clock.runFor(3_000);
  await new KioskHomePage(page).expectShown('Harbour Tech Day');
  // The refused fetches are what this test is about, not a fault of the page.
  consoleProblems.length = 0;
});

test('an event that is not available stays on its page: nothing to retry', async ({ page, server }) => {
  await page.clock.install();
  const hidden = server.createEvent({ is_published: false });
  await page.goto(`/kiosk/${hidden.uuid}`);
  await expect(page.getByText('This event is not available.')).toBeVisible();
  await pauseClock(page);
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  await page.clock.runFor(30_000);
  await expect(page.getByText('This event is not available.')).toBeVisible();
  expect(fetched.filter((url) => url.includes('/kiosk'))).toEqual([]);
});
