import type { Page, Route } from '@playwright/test';
import { pauseClock } from './support/clock.ts';
import { expect, test } from './support/fixtures.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { ResultPanel } from './pages/ResultPanel.ts';
import { ScanPage } from './pages/ScanPage.ts';

/**
 * A kiosk whose own server is slow to answer, as on a crowded machine: it waits for the answer and says "One
 * moment", where only a refused connection is "cannot be reached"; and a kiosk that comes back after its server was
 * away is on the screen it was on. The server's answer time is the test's: requests are held until it lets them go,
 * while the page's clock moves only when the test moves it.
 */

const UNREACHABLE = 'The Arrivals server cannot be reached right now. Please try again in a moment.';

/** Holds every request to `url` until `release()`: a server that has not answered yet, however long the wait. */
async function holdAnswers(page: Page, url: string) {
  const held: Route[] = [];
  let released = false;
  await page.route(url, (route) => (released ? route.continue() : void held.push(route)));
  return {
    /** How many requests are waiting for their answer (or were given up by the page meanwhile). */
    held: () => held.length,
    async release(): Promise<void> {
      released = true;
      // A request the page gave up on meanwhile has nobody left to answer.
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    },
  };
}

test.describe('a status read its server is slow to answer', () => {
  for (const { lang, title, message, staffNote } of [
    {
      lang: 'en',
      title: 'One moment, please',
      message: 'This kiosk is waiting for an answer. It carries on by itself.',
      staffNote: 'Server slow to answer',
    },
    {
      lang: 'fr',
      title: 'Un instant, s’il vous plaît',
      message: 'Cette borne attend une réponse. Elle reprend d’elle-même.',
      staffNote: 'Serveur lent à répondre',
    },
  ]) {
    test(`says "${title}" and waits for it, never unreachable (${lang})`, async ({ page, server }) => {
      const event = server.createEvent({ name: 'Launch Night' });
      await page.clock.install();
      const status = await holdAnswers(page, '**/satellite/status');
      const home = new KioskHomePage(page);
      await home.open(event.uuid, `?lang=${lang}`);
      await pauseClock(page);
      const banner = page.getByTestId('hub-banner');
      const corner = page.getByTestId('connection-corner');
      expect(status.held()).toBeGreaterThan(0);

      await page.clock.runFor(4_000);
      await expect(banner).toHaveText(`${title}${message}`);
      await expect(banner).toHaveAttribute('role', 'status');
      await expect(corner).toHaveText(staffNote);
      await expect(page.getByRole('alert')).toHaveCount(0);
      // Half a minute on, still unanswered: still waiting, never called unreachable.
      await page.clock.runFor(30_000);
      await expect(banner).toHaveText(`${title}${message}`);
      await expect(corner).toHaveText(staffNote);

      // The answer comes: all is well, nothing left to say.
      await status.release();
      await expect(banner).toHaveCount(0);
      await expect(corner).toHaveCount(0);
      await expect(home.heading).toHaveText('Launch Night');
    });
  }

  test('refused, the kiosk says its server is unreachable', async ({ page, server, consoleProblems }) => {
    const event = server.createEvent({ name: 'Launch Night' });
    await page.route('**/satellite/status', (route) => route.abort('connectionrefused'));
    await new KioskHomePage(page).open(event.uuid);
    await expect(page.getByTestId('connection-corner')).toHaveText('Server unreachable');
    await expect(page.getByTestId('hub-banner')).toHaveText(
      'One moment, pleaseThis kiosk is reconnecting. If it takes a while, please see event staff.',
    );
    // The refused requests are what this test is about, not a fault of the page.
    consoleProblems.length = 0;
  });
});

test('a check-in its server is slow to answer is waited for; a refused one cannot be reached', async ({
  page,
  server,
  consoleProblems,
}) => {
  const event = server.createEvent();
  await server.register(event, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
  await server.register(event, { email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' });
  const codeOf = (email: string) => `ARV1:${server.attendee(event, email)!.checkinCode}`;
  await page.clock.install();
  const scan = new ScanPage(page);
  await scan.open(event.uuid);
  await pauseClock(page);
  const checkIns = `**/kiosk/api/events/${event.uuid}/scan`;

  // Refused: nothing to wait for.
  await page.route(checkIns, (route) => route.abort('connectionrefused'));
  await scan.scanWithWedge(codeOf('grace@example.com'));
  await expect(scan.message).toHaveText(UNREACHABLE);
  await page.unroute(checkIns);
  expect(server.attendee(event, 'grace@example.com')!.checkedInAt).toBeNull();

  // Slow: the check-in and the status both wait, past the watchdog (1.5 s), its status probe (1 s) and the status
  // poll's patience (4 s), by the page's clock.
  const status = await holdAnswers(page, '**/satellite/status');
  const checkIn = await holdAnswers(page, checkIns);
  await scan.scanWithWedge(codeOf('ada@example.com'));
  await expect.poll(() => checkIn.held()).toBe(1);
  await page.clock.runFor(10_000);
  await expect(page.getByText('Looking up your code…')).toBeVisible();
  await expect(scan.message).toHaveCount(0);
  await expect(page.getByTestId('hub-banner')).toContainText('One moment, please');
  expect(checkIn.held()).toBe(1);

  await checkIn.release();
  await status.release();
  await expect(new ResultPanel(page).heading).toHaveText('Welcome, Ada Lovelace!');
  expect(server.attendee(event, 'ada@example.com')!.checkedInAt).not.toBeNull();
  consoleProblems.length = 0;
});

test('a kiosk on the scan page whose server comes back, even after the idle time, is on the scan page', async ({
  page,
  server,
  consoleProblems,
}) => {
  const event = server.createEvent();
  await page.clock.install();
  // The server away as the kiosk opens on its scan page: the event cannot be read.
  const away = `**/public/events/${event.uuid}/kiosk`;
  await page.route(away, (route) => route.abort('connectionrefused'));
  await page.goto(`/kiosk/${event.uuid}/scan`);
  await expect(page.getByText(UNREACHABLE)).toBeVisible();
  await pauseClock(page);

  // Away for a minute and a half, past the idle reset (60 s), trying again every 3 s: still where it was.
  await page.clock.runFor(90_000);
  await expect(page.getByText(UNREACHABLE)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/kiosk/${event.uuid}/scan$`));

  await page.unroute(away);
  await page.clock.runFor(3_000);
  // Time flows again: React shows the scan screen's script, loaded now, on a timer of its own.
  await page.clock.resume();
  const scan = new ScanPage(page);
  await expect(scan.heading).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/kiosk/${event.uuid}/scan$`));
  consoleProblems.length = 0;
});
