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
  const corner = page.getByTestId('connection-corner');
  const nextStatusCheck = () => page.clock.runFor(2_000);
  const home = new KioskHomePage(page);
  await page.goto(`${kiosk.url}/kiosk/${event.uuid}${HOLD}`);
  await home.expectShown('Launch Night');
  await nextStatusCheck();
  await expect(corner).toHaveCount(0);

  await hub.stop();
  await expect.poll(() => kiosk.status().offline).toBe(true);
  await nextStatusCheck();
  // The kiosk works on: attendees see nothing alarming, staff a word in the corner.
  await expect(corner).toHaveText('Offline');
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);

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
  await expect(corner).toHaveText('Offline · 3 waiting');
  await expectAccessible(page);

  await hub.start();
  await expect.poll(() => kiosk.status()).toMatchObject({ waiting: 0, offline: false });
  await nextStatusCheck();
  await expect(corner).toHaveCount(0);
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

/**
 * The hub's Kiosks & sync page: an owner gets a pairing code that a kiosk pairs with; the paired kiosks show with
 * the changes each said were waiting; two kiosks that checked one person in while the hub was away make a conflict,
 * shown with the rule that settled it, that the owner acknowledges.
 */
test('the Kiosks & sync page pairs a kiosk, shows what each waits to send, and the conflicts sync settled', async ({
  page,
  venue,
  expectAccessible,
}) => {
  const { hub } = venue;
  const event = hub.createEvent({ name: 'Launch Night' });
  await hub.register(event, ADA);
  await hub.signIn(page);
  await page.goto(`${hub.url}/dashboard/sync`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kiosks & sync');
  await expect(page.getByText('No kiosk is paired yet.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Launch Night' })).toBeChecked();
  await page.getByRole('button', { name: 'Get a pairing code' }).click();
  const shownCode = page.getByTestId('pairing-code');
  await expect(shownCode).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expectAccessible(page, { touch: false });

  // The code as staff would type it on the kiosk; a second kiosk pairs with a code of its own.
  const frontDoor = await venue.pairKiosk('Front door', (await shownCode.textContent())!);
  const sideDoor = await venue.pairKiosk('Side door');
  const devices = page.getByTestId('sync-device');
  const waitingOn = (name: string) => devices.filter({ hasText: name }).getByTestId('sync-device-waiting');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(devices.getByRole('rowheader')).toHaveText(['Front door', 'Side door']);

  // The page is left before the hub goes: it would only show that it cannot reach it.
  await page.goto('about:blank');
  await hub.stop();
  await expect.poll(() => frontDoor.status().offline && sideDoor.status().offline).toBe(true);
  // Ada checks in at the front door, and again at the side door a moment later; a walk-in registers at the front.
  const checkIn = async (kiosk: typeof frontDoor) => {
    const response = await kiosk.app.inject({
      method: 'POST',
      url: `/public/events/${event.uuid}/check-in`,
      payload: { email: ADA.email },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  await checkIn(frontDoor);
  const walkIn = await frontDoor.app.inject({
    method: 'POST',
    url: `/public/events/${event.uuid}/register`,
    payload: { email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' },
  });
  expect(walkIn.statusCode, walkIn.body).toBe(201);
  await checkIn(sideDoor);
  expect([frontDoor.status().waiting, sideDoor.status().waiting]).toEqual([2, 1]);

  // The hub comes back. The side door reaches it first. Then the front door's changes do, but its answers are lost
  // on the way back (a flaky link): the kiosk keeps them waiting, sends them again, and says so at each contact.
  frontDoor.proxy.setMode('cut');
  await hub.start();
  await expect.poll(() => sideDoor.status().waiting).toBe(0);
  frontDoor.proxy.setMode('lose-answers');
  const reported = () =>
    hub
      .app()
      .ctx.syncHub.listDevices(hub.organization.id)
      .map((device) => [device.name, device.waitingOps]);
  await expect.poll(reported).toEqual([
    ['Front door', 2],
    ['Side door', 0],
  ]);
  // The front door reports what it waits to send at every contact, its feed reads too: its push, whose answer is lost,
  // may come just after the first of them.
  await expect.poll(() => hub.attendee(event, 'grace@example.com')).not.toBeNull();

  await page.goto(`${hub.url}/dashboard/sync`);
  await expect(waitingOn('Front door')).toHaveText('2');
  await expect(waitingOn('Side door')).toHaveText('0');
  const conflicts = page.getByTestId('sync-conflict');
  await expect(conflicts).toHaveCount(1);
  await expect(conflicts.getByRole('rowheader')).toHaveText('Ada Lovelace');
  await expect(conflicts).toContainText(
    'Checked in on two kiosks: the earliest check-in stands; the other is kept as a duplicate scan.',
  );
  // The front door's check-in came first, so it stands though it reached the hub last: the kiosk that brought the
  // conflict.
  await expect(conflicts.getByRole('cell').nth(2)).toHaveText('Front door');
  await expectAccessible(page, { touch: false });

  // The link mends: the front door hears the hub's answers, and has nothing waiting at its next contact.
  frontDoor.proxy.setMode('open');
  await expect.poll(reported).toEqual([
    ['Front door', 0],
    ['Side door', 0],
  ]);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(waitingOn('Front door')).toHaveText('0');

  await page.getByRole('button', { name: 'Acknowledge Ada Lovelace' }).click();
  await expect(page.getByText('No conflicts to look at.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Show acknowledged ones too' }).check();
  await expect(conflicts).toHaveCount(1);
  await expect(conflicts).toContainText('Acknowledged');
  await expectAccessible(page, { touch: false });
});
