import { EVERY_FIELD_TYPE } from '../helpers/fields.ts';
import { expect, test } from './support/fixtures.ts';
import { CheckInPage } from './pages/CheckInPage.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { RegistrationPage } from './pages/RegistrationPage.ts';
import { ScanPage } from './pages/ScanPage.ts';

/**
 * Every kiosk screen and state a person meets, checked with axe (no serious or critical violation) and for touch
 * targets of at least 48 px.
 *
 * The kiosk opens with ten minutes of idle time and of result screen, longer than any test may run: a screen stays
 * as it is while axe reads it, however long that takes on a busy machine, instead of going home half way.
 */
const HOLD = '?idle=600&result=600';

test('start page and kiosk home', async ({ page, server, expectAccessible }) => {
  const event = server.createEvent({ description: 'Doors at seven.', allow_self_checkin: false });
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Launch Night/ })).toBeVisible();
  await expectAccessible();

  await new KioskHomePage(page).open(event.uuid, HOLD);
  await expect(page.getByTestId('staff-check-in')).toBeVisible();
  await expectAccessible();
});

test('registration: form, keyboard, problems and results', async ({ page, server, expectAccessible }) => {
  const event = server.createEvent({
    redirect_url: 'https://partner.example/welcome?attendee={code}',
    registration_fields: EVERY_FIELD_TYPE,
  });
  await server.register(event, {
    email: 'taken@example.com',
    first_name: 'T',
    last_name: 'T',
    ticket_type: 'general',
  });
  const registration = new RegistrationPage(page);
  await registration.open(event.uuid, HOLD);
  await expectAccessible();

  await registration.field('First name').click();
  await expect(registration.keyboard.root).toBeVisible();
  await expectAccessible();

  await registration.submit();
  await expect(registration.alert).toBeVisible();
  await expectAccessible();

  await registration.fill({
    Email: 'taken@example.com',
    'First name': 'Ada',
    'Last name': 'L',
    'Ticket type': 'general',
  });
  await registration.submit();
  await expect(registration.alert).toContainText('Already registered');
  await expectAccessible();

  await registration.fill({ Email: 'ada@example.com' });
  await registration.submit();
  await expect(page.getByTestId('redirect-qr').getByRole('img')).toBeVisible();
  await expectAccessible();
});

test('check-in: form and each kind of result', async ({ page, server, expectAccessible }) => {
  const event = server.createEvent();
  await server.register(event, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
  const checkIn = new CheckInPage(page);
  await checkIn.open(event.uuid, HOLD);
  await expectAccessible();

  for (const [email, tone] of [
    ['ada@example.com', 'success'],
    ['ada@example.com', 'already'],
    ['nobody@example.com', 'warning'],
  ] as const) {
    await checkIn.open(event.uuid, HOLD);
    await checkIn.checkIn(email);
    await expect(checkIn.result.root).toHaveAttribute('data-tone', tone);
    await expectAccessible();
  }
});

test('scan: camera missing, a profile, a refusal, and each kind of check-in result', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent();
  const ada = server.createUser({
    firstName: 'Ada',
    lastName: 'Lovelace',
    publicFields: ['first_name', 'last_name', 'email'],
  });
  const scan = new ScanPage(page);
  await scan.open(event.uuid, HOLD);
  await scan.expectCamera('missing');
  await expectAccessible();

  await scan.scanWithWedge(ada.profileCode);
  await expect(scan.profile).toBeVisible();
  await expectAccessible();

  await scan.scanWithWedge('not a code');
  await expect(scan.message).toBeVisible();
  await expectAccessible();

  await server.register(event, { email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' });
  const { checkinCode } = server.attendee(event, 'grace@example.com')!;
  for (const [code, tone] of [
    [`ARV1:${checkinCode}`, 'success'],
    [`ARV1:${checkinCode}`, 'already'],
    ['ARV1:NoSuchCode000000', 'warning'],
  ] as const) {
    await scan.open(event.uuid);
    await scan.scanWithWedge(code);
    await expect(page.getByTestId('result')).toHaveAttribute('data-tone', tone);
    await expectAccessible();
  }
});

test('profile scan with the camera running', async ({ server, openWithCamera, expectAccessible }) => {
  const event = server.createEvent();
  const page = await openWithCamera(null);
  const scan = new ScanPage(page);
  await scan.open(event.uuid, HOLD);
  await scan.expectCamera('scanning');
  await expectAccessible(page);
});

test('pages that are not there', async ({ page, server, expectAccessible }) => {
  await page.goto(`/kiosk/${server.createEvent({ is_published: false }).uuid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This event is not available.');
  await expectAccessible();
  await page.goto('/org/nobody');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This organization does not exist.');
  await expectAccessible();
});
