import { EVERY_FIELD_TYPE } from '../helpers/fields.ts';
import { expect, test } from './support/fixtures.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { RegistrationPage } from './pages/RegistrationPage.ts';

const ADA = {
  Email: 'ada@example.com',
  'First name': 'Ada',
  'Last name': 'Lovelace',
  Phone: '+44 20 7946 0018',
  Birthday: '1815-12-10',
  'Dietary needs': 'Vegetarian.\nNo nuts, please.',
  'Ticket type': 'press',
};

test('registers with every field type, each with its own control, and shows name and status, never the code', async ({
  page,
  server,
}) => {
  // Check-in is not open yet: registering only registers, and the person checks in at the door later.
  const event = server.createEvent({
    registration_fields: EVERY_FIELD_TYPE,
    checkin_period_type: 'disabled',
  });
  const registration = new RegistrationPage(page);
  await registration.open(event.uuid);

  await expect(registration.field('Email')).toHaveAttribute('type', 'email');
  await expect(registration.field('Phone')).toHaveAttribute('type', 'tel');
  await expect(registration.field('Birthday')).toHaveAttribute('type', 'date');
  await expect(registration.field('Dietary needs')).toHaveJSProperty('tagName', 'TEXTAREA');
  await expect(registration.field('Ticket type').locator('option')).toHaveText([
    'Choose…',
    'General admission',
    'Press',
  ]);
  for (const label of ['Email', 'First name', 'Last name', 'Ticket type']) {
    await expect(registration.field(label)).toHaveAttribute('required', '');
  }
  for (const label of ['Phone', 'Birthday', 'Dietary needs']) {
    await expect(registration.field(label)).not.toHaveAttribute('required');
  }

  await registration.fill(ADA);
  await expect(registration.form.getByRole('button', { name: 'Register', exact: true })).toBeVisible();
  await registration.submit();

  await expect(registration.result.heading).toHaveText("You're registered, Ada Lovelace!");
  await expect(page.getByTestId('registration-status')).toHaveText('Confirmed');
  expect(await registration.result.tone).toBe('success');
  await expect(page.getByTestId('at-the-door')).toHaveText('At the door, check in with your email address.');
  const stored = server.attendee(event, 'ada@example.com');
  // A public screen never shows the code: whoever photographed it could check in as Ada.
  await expect(page.locator('[data-qr-text]')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(stored!.checkinCode);
  expect(stored!.checkedInAt).toBeNull();
  expect(stored).toMatchObject({
    status: 'confirmed',
    answers: {
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+44 20 7946 0018',
      birthday: '1815-12-10',
      dietary_needs: 'Vegetarian.\nNo nuts, please.',
      ticket_type: 'press',
    },
  });
});

test('while check-in is open, "Register and check in" leaves a walk-in checked in, badge on offer, no code', async ({
  page,
  server,
}) => {
  const event = server.createEvent();
  const registration = new RegistrationPage(page);
  await registration.open(event.uuid);
  await registration.fill({
    Email: 'ada@example.com',
    'First name': 'Ada',
    'Last name': 'Lovelace',
    Company: 'Analytical Engines',
  });
  await expect(registration.form.getByRole('button', { name: 'Register and check in' })).toBeVisible();
  await registration.submit();

  await expect(registration.result.heading).toHaveText('Welcome, Ada Lovelace!');
  expect(await registration.result.tone).toBe('success');
  await expect(registration.result.button('Print my badge')).toBeVisible();
  const stored = server.attendee(event, 'ada@example.com')!;
  expect(stored).toMatchObject({ status: 'confirmed', checkedInAt: '2026-11-21T10:00:00+00:00' });
  // Checked in already: nothing to scan at the door, and no code left on the kiosk's screen.
  await expect(page.locator('body')).not.toContainText(stored.checkinCode);
  await expect(page.locator('body')).not.toContainText(/scan/i);
  await expect(page.locator('[data-qr-text]')).toHaveCount(0);
});

test('a registration that needs approval shows as pending approval', async ({ page, server }) => {
  const event = server.createEvent({ requires_approval: true });
  const registration = new RegistrationPage(page);
  await registration.open(event.uuid);
  await registration.fill({ Email: 'grace@example.com', 'First name': 'Grace', 'Last name': 'Hopper' });
  await registration.submit();

  await expect(registration.result.heading).toHaveText("You're registered, Grace Hopper!");
  await expect(page.getByTestId('registration-status')).toHaveText('Pending approval');
  expect(server.attendee(event, 'grace@example.com')?.status).toBe('pending');
});

test('hints at problems before sending, as the server would judge them', async ({ page, server }) => {
  const event = server.createEvent({ registration_fields: EVERY_FIELD_TYPE });
  const registration = new RegistrationPage(page);
  const sent: string[] = [];
  page.on('request', (request) => request.method() === 'POST' && sent.push(request.url()));
  await registration.open(event.uuid);

  await registration.submit();
  await expect(registration.alert).toHaveText('Please correct the fields marked below.');
  await registration.expectFieldError('Email', 'Please fill in Email.');
  await registration.expectFieldError('First name', 'Please fill in First name.');
  await registration.expectFieldError('Ticket type', 'Please fill in Ticket type.');
  await registration.expectNoFieldError('Phone');
  await expect(registration.field('Email')).toBeFocused();

  await registration.fill({ Email: 'ada@example', Phone: '+44 (0) 20 7946 0018 ext 12' });
  await registration.field('First name').focus();
  await registration.expectFieldError('Email', 'Please enter an email address like name@example.com.');
  // Typing more than the server's 20 characters for a phone is not possible.
  await expect(registration.field('Phone')).toHaveValue('+44 (0) 20 7946 0018');

  await registration.fill({ Email: 'ada@example.com' });
  await registration.expectNoFieldError('Email');
  expect(sent).toEqual([]);
});

test("a 422 from the server shows the server's message under its field", async ({ page, server }) => {
  const event = server.createEvent({ registration_fields: EVERY_FIELD_TYPE });
  const registration = new RegistrationPage(page);
  await registration.open(event.uuid);
  // Staff drop the Press tickets while this form is open: only the server can know.
  server.updateEvent(event, {
    registration_fields: [
      ...EVERY_FIELD_TYPE.slice(0, -1),
      { ...EVERY_FIELD_TYPE[6]!, options: [{ value: 'general', label: 'General admission' }] },
    ],
  });

  await registration.fill(ADA);
  await registration.submit();

  await registration.expectFieldError('Ticket type', 'The selected ticket type is invalid.');
  await expect(registration.field('Ticket type')).toBeFocused();
  await expect(registration.field('First name')).toHaveValue('Ada');
  expect(server.attendee(event, 'ada@example.com')).toBeNull();
});

test('409: already registered offers to check in instead', async ({ page, server }) => {
  const event = server.createEvent();
  await server.register(event, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
  const registration = new RegistrationPage(page);
  await registration.open(event.uuid);
  await registration.fill({ Email: 'ada@example.com', 'First name': 'Ada', 'Last name': 'Lovelace' });
  await registration.submit();

  await expect(registration.alert).toContainText('Already registered');
  await expect(registration.alert).toContainText('You are already registered for this event.');
  await registration.alert.getByRole('button', { name: 'Check in instead' }).click();

  await expect(page).toHaveURL(new RegExp(`/kiosk/${event.uuid}/check-in$`));
  const email = page.getByLabel('Email address', { exact: true });
  await expect(email).toHaveValue('ada@example.com');
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ada Lovelace!');
});

test('403: registration closed while the form was open', async ({ page, server }) => {
  const event = server.createEvent();
  const registration = new RegistrationPage(page);
  await registration.open(event.uuid);
  server.updateEvent(event, { registration_closes_at: '2026-11-21T09:00:00+00:00' });

  await registration.fill({ Email: 'ada@example.com', 'First name': 'Ada', 'Last name': 'Lovelace' });
  await registration.submit();

  await expect(registration.result.heading).toHaveText('Registration is closed');
  await expect(registration.result.root).toContainText('Registration is closed for this event.');
  expect(await registration.result.tone).toBe('error');

  await registration.result.button('Done').click();
  const home = new KioskHomePage(page);
  await home.expectShown(event.name);
  await expect(home.action('Register')).toHaveCount(0);
});

test('a redirect URL becomes a QR code to scan; the kiosk never leaves its page', async ({
  page,
  server,
}) => {
  const event = server.createEvent({ redirect_url: 'https://partner.example/welcome?attendee={code}' });
  const registration = new RegistrationPage(page);
  await registration.open(event.uuid);
  await registration.fill({ Email: 'ada@example.com', 'First name': 'Ada', 'Last name': 'Lovelace' });
  await registration.submit();

  const qr = page.getByTestId('redirect-qr');
  await expect(
    qr.getByRole('img', { name: 'QR code to continue your registration on your phone' }),
  ).toBeVisible();
  await expect(qr).toContainText('Scan to continue on your phone');
  const attendee = server.attendee(event, 'ada@example.com')!;
  await expect(qr).toHaveAttribute('data-url', `https://partner.example/welcome?attendee=${attendee.uuid}`);
  expect(new URL(page.url()).origin).toBe(server.url);
  await expect(page.getByRole('link', { name: /partner/ })).toHaveCount(0);
});

test('the on-screen keyboard types into the focused field, with an email layout for email', async ({
  page,
  server,
}) => {
  const event = server.createEvent({ registration_fields: EVERY_FIELD_TYPE });
  const registration = new RegistrationPage(page);
  const { keyboard } = registration;
  await registration.open(event.uuid);
  await expect(keyboard.root).toBeHidden();

  await registration.field('First name').click();
  await expect(keyboard.root).toBeVisible();
  await expect(keyboard.root).toHaveAttribute('data-layout', 'default');
  await keyboard.type('Ada Lov');
  await keyboard.key('{bksp}').click();
  await expect(registration.field('First name')).toHaveValue('Ada Lo');
  await expect(registration.field('First name')).toBeFocused();

  await registration.field('Email').click();
  await expect(keyboard.root).toHaveAttribute('data-layout', 'email');
  await expect(keyboard.key('@')).toBeVisible();
  await keyboard.type('ada@example');
  await keyboard.key('.com').click();
  await expect(registration.field('Email')).toHaveValue('ada@example.com');

  await registration.field('Phone').click();
  await expect(keyboard.root).toHaveAttribute('data-layout', 'phone');

  await keyboard.key('{hide}').click();
  await expect(keyboard.root).toBeHidden();
  await expect(registration.field('Phone')).toBeFocused();
  await registration.field('Phone').click();
  await expect(keyboard.root).toBeVisible();

  await registration.field('Ticket type').focus();
  await expect(keyboard.root).toBeHidden();
});
