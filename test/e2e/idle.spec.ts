import { expect, test } from './support/fixtures.ts';
import { CheckInPage } from './pages/CheckInPage.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { RegistrationPage } from './pages/RegistrationPage.ts';
import { ScanPage } from './pages/ScanPage.ts';

// The kiosk takes its timings from its URL; these tests shorten them from 60 s and 10 s.
const IDLE_AFTER_2S = '?idle=2';

test('after the idle time the kiosk goes home and forgets the half-filled form', async ({ page, server }) => {
  const event = server.createEvent();
  const home = new KioskHomePage(page);
  await home.open(event.uuid, IDLE_AFTER_2S);
  await home.action('Register').click();
  const registration = new RegistrationPage(page);
  await registration.fill({ Email: 'ada@example.com', 'First name': 'Ada' });
  await expect(registration.keyboard.root).toBeVisible();

  await home.expectShown(event.name);
  await expect(page.getByText('ada@example.com')).toHaveCount(0);
  await expect(registration.keyboard.root).toBeHidden();
  await home.action('Register').click();
  await expect(registration.field('Email')).toHaveValue('');
  await expect(registration.field('First name')).toHaveValue('');
});

test('input keeps the kiosk where it is; only quiet time counts', async ({ page, server }) => {
  const event = server.createEvent();
  const registration = new RegistrationPage(page);
  // Keys come less than a second apart, for longer than the 3 s idle time.
  await registration.open(event.uuid, '?idle=3');
  for (const letter of 'Ada') {
    await registration.field('First name').press(letter);
    await page.waitForTimeout(900);
  }
  await registration.field('Last name').pressSequentially('Lovelace', { delay: 150 });
  await expect(registration.field('First name')).toHaveValue('Ada');
  await expect(registration.form).toBeVisible();
});

test('a scanned profile is forgotten at the idle reset', async ({ page, server }) => {
  const event = server.createEvent();
  const ada = server.createUser({
    firstName: 'Ada',
    lastName: 'Lovelace',
    publicFields: ['first_name', 'last_name'],
  });
  const scan = new ScanPage(page);
  await scan.open(event.uuid, IDLE_AFTER_2S);
  await scan.scanWithWedge(ada.profileCode);
  await expect(scan.profile).toBeVisible();

  const home = new KioskHomePage(page);
  await home.expectShown(event.name);
  await home.action('Scan my code').click();
  await expect(scan.heading).toBeVisible();
  await expect(scan.profile).toHaveCount(0);
  await expect(page.getByText('Ada Lovelace')).toHaveCount(0);
});

test('a result screen returns home by itself after a few seconds', async ({ page, server }) => {
  const event = server.createEvent();
  await server.register(event, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
  const checkIn = new CheckInPage(page);
  await checkIn.open(event.uuid, '?result=2');
  await checkIn.checkIn('ada@example.com');
  await expect(checkIn.result.heading).toHaveText('Welcome, Ada Lovelace!');
  await expect(checkIn.result.root).toContainText(/Returning to the start screen in [12] s\./);

  await new KioskHomePage(page).expectShown(event.name);
  await expect(page.getByText('Ada Lovelace')).toHaveCount(0);
});
