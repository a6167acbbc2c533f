import { expect, test } from './support/fixtures.ts';
import { CheckInPage } from './pages/CheckInPage.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';

// The browser runs in UTC (playwright.config.ts); these events are in Paris, an hour ahead in November. The test
// server's clock reads 2026-11-21T10:00:00Z, 11:00 in Paris; the browser's is set to the same moment.
const SERVER_NOW = new Date('2026-11-21T10:00:00Z');
const ADA = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(SERVER_NOW);
});

test("the start page shows a Paris event's hours as Paris reads them, on a UTC browser", async ({
  page,
  server,
}) => {
  server.createEvent({
    name: 'Paris Summit',
    timezone: 'Europe/Paris',
    starts_at: '2026-11-21T09:00:00+01:00',
    ends_at: '2026-11-21T19:00:00+01:00',
  });
  await page.goto('/');
  const card = page.getByRole('main').getByRole('link', { name: /Paris Summit/ });
  await expect(card).toContainText('Nov 21, 2026, 9:00 AM – Nov 21, 2026, 7:00 PM');
});

test('the success and "already checked in" screens agree, both in the event\'s zone', async ({
  page,
  server,
}) => {
  const event = server.createEvent({ timezone: 'Europe/Paris' });
  await server.register(event, ADA);
  const checkIn = new CheckInPage(page);
  await checkIn.open(event.uuid);
  await checkIn.checkIn('ada@example.com');
  await expect(page.getByTestId('checked-in-at')).toHaveText('Checked in at 11:00 AM.');
  await checkIn.result.button('Done').click();

  await new KioskHomePage(page).action('Check in').click();
  await checkIn.checkIn('ada@example.com');
  await expect(checkIn.serverMessage).toHaveText('You have already checked in at Nov 21, 2026 11:00 AM.');
});

test('check-in that opens later says when, in the event zone, instead of hiding', async ({
  page,
  server,
  expectAccessible,
}) => {
  const today = server.createEvent({
    timezone: 'Europe/Paris',
    checkin_period_type: 'starts_on',
    checkin_starts_at: '2026-11-21T13:30:00+01:00',
  });
  const home = new KioskHomePage(page);
  await home.open(today.uuid);
  await expect(home.action('Check in')).toHaveCount(0);
  await expect(page.getByTestId('check-in-opens')).toHaveText(/^Check inOpens at 1:30 PM\.$/);
  await expectAccessible();

  const tomorrow = server.createEvent({
    timezone: 'Europe/Paris',
    checkin_period_type: 'date_range',
    checkin_starts_at: '2026-11-22T08:00:00+01:00',
    checkin_ends_at: '2026-11-22T18:00:00+01:00',
  });
  await home.open(tomorrow.uuid);
  await expect(page.getByTestId('check-in-opens')).toContainText('Opens on Nov 22, 2026, 8:00 AM.');
});

test('closed registration says so and sends people to staff; one not open yet says when', async ({
  page,
  server,
}) => {
  const full = server.createEvent({ seats: 1 });
  await server.register(full, ADA);
  const home = new KioskHomePage(page);
  await home.open(full.uuid);
  await expect(home.action('Register')).toHaveCount(0);
  await expect(page.getByTestId('registration-notice')).toHaveText(
    'Registration is closed. Please see event staff.',
  );

  const later = server.createEvent({
    timezone: 'Europe/Paris',
    registration_opens_at: '2026-11-21T14:00:00+01:00',
  });
  await home.open(later.uuid);
  await expect(page.getByTestId('registration-notice')).toHaveText('Registration opens at 2:00 PM.');
});
