import { CheckInPage } from './pages/CheckInPage.ts';
import { DeskPage } from './pages/DeskPage.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { RegistrationPage } from './pages/RegistrationPage.ts';
import { expect, test } from './support/fixtures.ts';

const ADA = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };
/** The kiosk's screens stay up while the test looks at them: ten minutes of idle time and of result screen. */
const HOLD = '?idle=600&result=600';

/**
 * Issue 22: a replica kiosk (docs/sync.md) keeps registering and checking people in while its hub is away, says it
 * works offline and how many changes wait, and hands them to the hub when it is back. Two real servers on loopback:
 * the page is the replica's kiosk; nothing is restarted on the replica or reloaded in the page.
 */
test('a replica kiosk registers and checks in while the hub is away; the hub has them once it is back', async ({
  page,
  venue,
  expectAccessible,
}) => {
  const { hub } = venue;
  const event = hub.createEvent({ name: 'Launch Night' });
  await hub.register(event, ADA);
  const kiosk = await venue.pairKiosk('Front door');
  expect(kiosk.attendee(event, ADA.email)).not.toBeNull();

  // The banner asks the kiosk's server every 2 s: the page's clock runs as usual, and the test moves it on to have
  // the next check now rather than wait for it.
  await page.clock.install();
  const banner = page.getByTestId('hub-banner');
  const nextStatusCheck = () => page.clock.runFor(2_000);
  const home = new KioskHomePage(page);
  await page.goto(`${kiosk.url}/kiosk/${event.uuid}${HOLD}`);
  await home.expectShown('Launch Night');
  await nextStatusCheck();
  await expect(banner).toHaveCount(0);

  await hub.stop();
  await expect.poll(() => kiosk.status().offline).toBe(true);
  await nextStatusCheck();
  await expect(banner.getByRole('alert')).toContainText('Working offline');

  // Ada was registered at the hub; the kiosk checks her in from its own copy.
  await home.action('Check in').click();
  const checkIn = new CheckInPage(page);
  await checkIn.checkIn(ADA.email);
  await expect(checkIn.result.heading).toHaveText('Welcome, Ada Lovelace!');
  await checkIn.result.button('Done').click();

  // Grace walks in: check-in is open, so registering checks her in too.
  await home.action('Register').click();
  const registration = new RegistrationPage(page);
  await registration.fill({ Email: 'grace@example.com', 'First name': 'Grace', 'Last name': 'Hopper' });
  await registration.submit();
  await expect(registration.result.heading).toHaveText('Welcome, Grace Hopper!');
  await registration.result.button('Done').click();
  await home.expectShown('Launch Night');

  // Ada's check-in, Grace's registration and her check-in.
  expect(kiosk.status().waiting).toBe(3);
  await nextStatusCheck();
  await expect(banner.getByRole('alert')).toContainText(
    '3 changes waiting. Registration and check-in work as usual; they reach the hub when it is back.',
  );
  await expectAccessible(page);

  await hub.start();
  await expect.poll(() => kiosk.status()).toMatchObject({ waiting: 0, offline: false });
  await nextStatusCheck();
  await expect(banner).toHaveCount(0);
  await expect(home.action('Register')).toBeVisible();

  // The hub's desk lists both of them, checked in.
  await hub.signIn(page);
  const desk = new DeskPage(page);
  await page.goto(`${hub.url}/dashboard/events/${event.uuid}/desk`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('attendee desk');
  await expect(desk.names).toHaveText(['Ada Lovelace', 'Grace Hopper']);
  await expect(desk.count('checked_in')).toHaveText('2');
  expect(hub.attendee(event, 'grace@example.com')?.checkedInAt).not.toBeNull();
});
