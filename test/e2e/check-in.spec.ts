import { expect, test } from './support/fixtures.ts';
import { CheckInPage } from './pages/CheckInPage.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { RegistrationPage } from './pages/RegistrationPage.ts';

const ADA = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };

test('checks in a registered person and shows their name and the time', async ({ page, server }) => {
  const event = server.createEvent();
  await server.register(event, ADA);
  const home = new KioskHomePage(page);
  await home.open(event.uuid);
  await home.action('Check in').click();

  const checkIn = new CheckInPage(page);
  await checkIn.checkIn('ADA@example.com ');

  await expect(checkIn.result.heading).toHaveText('Welcome, Ada Lovelace!');
  // The server's clock in these tests reads 10:00 UTC; the kiosk shows its own time zone's time.
  await expect(page.getByTestId('checked-in-at')).toHaveText('Checked in at 10:00 AM.');
  expect(await checkIn.result.tone).toBe('success');
  expect(server.attendee(event, 'ada@example.com')?.checkedInAt).toBe('2026-11-21T10:00:00+00:00');
});

test("409: checking in twice shows the server's message with the earlier time", async ({ page, server }) => {
  const event = server.createEvent();
  await server.register(event, ADA);
  const checkIn = new CheckInPage(page);
  await checkIn.open(event.uuid);
  await checkIn.checkIn('ada@example.com');
  await checkIn.result.button('Done').click();

  await new KioskHomePage(page).action('Check in').click();
  await checkIn.checkIn('ada@example.com');

  await expect(checkIn.result.heading).toHaveText('Already checked in');
  await expect(checkIn.serverMessage).toHaveText('You have already checked in at Nov 21, 2026 10:00 AM.');
  expect(await checkIn.result.tone).toBe('already');
});

test('404: not registered offers registration, with the email carried over', async ({ page, server }) => {
  const event = server.createEvent();
  const checkIn = new CheckInPage(page);
  await checkIn.open(event.uuid);
  await checkIn.checkIn('grace@example.com');

  await expect(checkIn.result.heading).toHaveText('Not registered');
  await expect(checkIn.serverMessage).toHaveText('You are not registered for this event.');
  await checkIn.result.button('Register now').click();

  const registration = new RegistrationPage(page);
  await expect(registration.form).toBeVisible();
  await expect(registration.field('Email')).toHaveValue('grace@example.com');
  await registration.fill({ 'First name': 'Grace', 'Last name': 'Hopper' });
  await registration.submit();
  // Check-in is open here: registering at the kiosk checks her in too.
  await expect(registration.result.heading).toHaveText('Welcome, Grace Hopper!');
});

test('403: self check-in switched off; the home says to see staff', async ({ page, server }) => {
  const event = server.createEvent({ allow_self_checkin: false });
  await server.register(event, ADA);
  const home = new KioskHomePage(page);
  await home.open(event.uuid);
  await expect(home.action('Check in')).toHaveCount(0);
  await expect(home.staffNotice).toHaveText('Please check in with event staff.');

  // A kiosk left on the check-in screen from before the change.
  const checkIn = new CheckInPage(page);
  await checkIn.open(event.uuid);
  await checkIn.checkIn('ada@example.com');
  await expect(checkIn.result.heading).toHaveText('Check-in is not possible here');
  await expect(checkIn.serverMessage).toHaveText(
    'Self check-in is not enabled for this event. Please check in with event staff.',
  );
  expect(await checkIn.result.tone).toBe('error');
});

test('403: check-in not open, and a registration awaiting approval', async ({ page, server }) => {
  const closed = server.createEvent({ checkin_period_type: 'disabled' });
  await server.register(closed, ADA);
  const home = new KioskHomePage(page);
  await home.open(closed.uuid);
  await expect(home.action('Check in')).toHaveCount(0);
  await expect(home.staffNotice).toHaveCount(0);

  const checkIn = new CheckInPage(page);
  await checkIn.open(closed.uuid);
  await checkIn.checkIn('ada@example.com');
  await expect(checkIn.serverMessage).toHaveText('Check-in is not available for this event.');

  const needsApproval = server.createEvent({ requires_approval: true });
  await server.register(needsApproval, ADA);
  await checkIn.open(needsApproval.uuid);
  await checkIn.checkIn('ada@example.com');
  await expect(checkIn.serverMessage).toHaveText(
    'Your registration is awaiting approval. Please check in with event staff.',
  );
});

test('an email the server would refuse is caught before sending', async ({ page, server }) => {
  const event = server.createEvent();
  const sent: string[] = [];
  page.on('request', (request) => request.method() === 'POST' && sent.push(request.url()));
  const checkIn = new CheckInPage(page);
  await checkIn.open(event.uuid);
  await checkIn.checkIn('ada@');
  await expect(checkIn.email).toHaveAccessibleDescription(
    'Please enter an email address like name@example.com.',
  );
  expect(sent).toEqual([]);
});

test('typing the email on the on-screen keyboard and pressing Enter checks in', async ({ page, server }) => {
  const event = server.createEvent();
  await server.register(event, ADA);
  const checkIn = new CheckInPage(page);
  await checkIn.open(event.uuid);
  await checkIn.email.click();
  await expect(checkIn.keyboard.root).toHaveAttribute('data-layout', 'email');
  await checkIn.keyboard.type('ada@example');
  await checkIn.keyboard.key('.com').click();
  await checkIn.keyboard.key('{enter}').click();
  await expect(checkIn.result.heading).toHaveText('Welcome, Ada Lovelace!');
});
