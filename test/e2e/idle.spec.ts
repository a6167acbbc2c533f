import { expect, test } from './support/fixtures.ts';
import { pauseClock } from './support/clock.ts';
import { CheckInPage } from './pages/CheckInPage.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { RegistrationPage } from './pages/RegistrationPage.ts';

/**
 * The kiosk's timers run on the page's clock (Playwright's), installed before the page loads and paused once the
 * screens are up: the test moves it on, so no timer fires early on a slow machine or late on a fast one.
 *
 * The kiosk takes its timings from its URL. Ten minutes of idle time is longer than any test may run, so the idle
 * reset cannot come while the page is loading, before the clock is paused; from then on only the test's clock
 * brings it.
 */
const IDLE_MS = 600_000;
const IDLE = `?idle=${IDLE_MS / 1000}`;

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

test('after the idle time the kiosk goes home and forgets the half-filled form', async ({ page, server }) => {
  const event = server.createEvent();
  const home = new KioskHomePage(page);
  await home.open(event.uuid, IDLE);
  await home.action('Register').click();
  const registration = new RegistrationPage(page);
  await registration.fill({ Email: 'ada@example.com', 'First name': 'Ada' });
  await expect(registration.keyboard.root).toBeVisible();
  await registration.keyboard.settle();
  await pauseClock(page);
  // The last input, on the paused clock: the idle time counts from here.
  await registration.field('First name').press('a');

  await page.clock.fastForward(IDLE_MS - 1_000);
  await expect(registration.field('First name')).toHaveValue('Adaa');
  await page.clock.fastForward(1_000);
  await home.expectShown(event.name);
  await expect(page.getByText('ada@example.com')).toHaveCount(0);
  await expect(registration.keyboard.root).toBeHidden();

  await page.clock.resume();
  await home.action('Register').click();
  await expect(registration.field('Email')).toHaveValue('');
  await expect(registration.field('First name')).toHaveValue('');
});

test('input keeps the kiosk where it is; only quiet time counts', async ({ page, server }) => {
  const event = server.createEvent();
  const registration = new RegistrationPage(page);
  await registration.open(event.uuid, IDLE);
  await pauseClock(page);

  // Keys come less than the idle time apart, for three times the idle time.
  for (const letter of 'Ada') {
    await registration.field('First name').press(letter);
    await page.clock.fastForward(IDLE_MS - 1_000);
    await expect(registration.form).toBeVisible();
  }
  await registration.field('Last name').pressSequentially('Lovelace');
  await page.clock.fastForward(IDLE_MS - 1_000);
  await expect(registration.field('First name')).toHaveValue('Ada');
  await expect(registration.field('Last name')).toHaveValue('Lovelace');

  // A full idle time after the last key, it goes.
  await page.clock.fastForward(1_000);
  await new KioskHomePage(page).expectShown(event.name);
});

test('a result screen returns home by itself after a few seconds', async ({ page, server }) => {
  const event = server.createEvent();
  await server.register(event, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
  const checkIn = new CheckInPage(page);
  await checkIn.open(event.uuid, '?result=2');
  await checkIn.email.fill('ada@example.com');
  await checkIn.keyboard.settle();
  // The result's countdown starts on the paused clock, so each second shows until the test moves on.
  await pauseClock(page);
  await checkIn.submit();
  await expect(checkIn.result.heading).toHaveText('Welcome, Ada Lovelace!');
  await expect(checkIn.result.root).toContainText('Returning to the start screen in 2 s.');
  await page.clock.runFor(1_000);
  await expect(checkIn.result.root).toContainText('Returning to the start screen in 1 s.');

  await page.clock.runFor(1_000);
  await new KioskHomePage(page).expectShown(event.name);
  await expect(page.getByText('Ada Lovelace')).toHaveCount(0);
});
