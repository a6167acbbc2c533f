import { expect, test } from './support/fixtures.ts';
import { DashboardEventEditorPage, DashboardEventsPage } from './pages/DashboardEventsPage.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { RegistrationPage } from './pages/RegistrationPage.ts';

test('an owner creates an event with a choice field, publishes it, and its kiosk asks the question', async ({
  page,
  server,
}) => {
  await server.signIn(page, 'owner');
  const list = new DashboardEventsPage(page);
  await list.open();
  await expect(page.getByText('No events yet.')).toBeVisible();
  await list.newEvent.click();
  await expect(page).toHaveURL('/dashboard/events/new');

  const editor = new DashboardEventEditorPage(page);
  await expect(editor.heading).toHaveText('New event');
  await editor.setting('Name').fill('Harbour Tech Day');
  await editor.setting('Time zone').selectOption('Europe/Berlin');
  await editor.setting('Starts').fill('2026-12-01T09:00');
  await editor.setting('Ends').fill('2026-12-01T17:00');
  await editor.form.getByRole('radio', { name: 'Between two dates and times' }).check();
  await editor.setting('Check-in opens').fill('2026-12-01T08:00');
  await editor.setting('Check-in closes').fill('2026-12-01T18:00');

  // A fifth field after the usual four: the cursor lands in it, and its key follows the label.
  await editor.addField.click();
  await expect(editor.fieldControl(5, 'Label')).toBeFocused();
  await editor.fieldControl(5, 'Label').fill('T-shirt size');
  await expect(editor.fieldControl(5, 'Key')).toHaveValue('t_shirt_size');
  await editor.fieldControl(5, 'Type').selectOption({ label: 'Choice list' });
  await editor.fieldControl(5, 'Required').check();
  await editor.rowButton(5, 'Add an option').click();
  await editor.option(5, 1, 'value').fill('s');
  await editor.option(5, 1, 'label').fill('Small');
  await editor.rowButton(5, 'Add an option').click();
  await expect(editor.option(5, 2, 'value')).toBeFocused();
  await editor.option(5, 2, 'value').fill('m');
  await editor.option(5, 2, 'label').fill('Medium');

  // Reordered from the keyboard: focus stays on the button, and the new place is announced.
  await editor.rowButton(5, 'Move up').focus();
  await page.keyboard.press('Enter');
  await expect(editor.fieldRow(4)).toHaveAccessibleName('Field 4: T-shirt size');
  await expect(editor.rowButton(4, 'Move up')).toBeFocused();
  await expect(page.getByText('T-shirt size moved to position 4 of 5.')).toBeAttached();

  // The live preview draws the kiosk's own controls.
  const previewSelect = editor.preview.getByLabel('T-shirt size');
  await expect(previewSelect.locator('option')).toHaveText(['Choose…', 'Small', 'Medium']);
  await expect(editor.preview.getByRole('textbox')).toHaveCount(4);

  await editor.save.click();
  await expect(editor.notice).toHaveText('“Harbour Tech Day” was created.');
  await expect(editor.heading).toHaveText('Edit “Harbour Tech Day”');
  const eventId = new URL(page.url()).pathname.split('/').pop()!;
  expect(page.url()).toBe(`${server.url}/dashboard/events/${eventId}`);

  // Stored as instants in Berlin's winter time (+01:00), shown back on Berlin's clocks.
  const stored = server.app.store.repos.events.findByUuid(eventId)!;
  expect(stored).toMatchObject({
    timezone: 'Europe/Berlin',
    startsAt: '2026-12-01T08:00:00+00:00',
    checkinPeriodType: 'date_range',
    checkinStartsAt: '2026-12-01T07:00:00+00:00',
    checkinEndsAt: '2026-12-01T17:00:00+00:00',
    isPublished: false,
  });
  expect(stored.registrationFields.map((f) => f.key)).toEqual([
    'email',
    'first_name',
    'last_name',
    't_shirt_size',
    'company',
  ]);
  expect(stored.registrationFields[3]).toEqual({
    key: 't_shirt_size',
    label: 'T-shirt size',
    type: 'select',
    required: true,
    options: [
      { value: 's', label: 'Small' },
      { value: 'm', label: 'Medium' },
    ],
  });
  await expect(editor.setting('Check-in opens')).toHaveValue('2026-12-01T08:00');

  // Its kiosk link, as an address and as a QR code of the same address.
  const kioskUrl = `${server.url}/kiosk/${eventId}`;
  await expect(page.getByRole('textbox', { name: 'Kiosk address' })).toHaveValue(kioskUrl);
  await expect(
    page.getByRole('img', { name: 'QR code of the kiosk link of Harbour Tech Day' }),
  ).toHaveAttribute('data-qr-text', kioskUrl);

  await list.open();
  await expect(list.row('Harbour Tech Day')).toContainText('Not published');
  await list.action('Harbour Tech Day', 'Publish').click();
  await expect(list.notice).toHaveText('“Harbour Tech Day” is published: its kiosk takes registrations.');
  await expect(list.row('Harbour Tech Day')).toContainText('Published');
  await expect(list.row('Harbour Tech Day')).toContainText('Registration open');
  expect(server.app.store.repos.events.findByUuid(eventId)!.isPublished).toBe(true);

  await list.action('Harbour Tech Day', 'Open kiosk').click();
  const kiosk = new KioskHomePage(page);
  await kiosk.expectShown('Harbour Tech Day');
  await kiosk.action('Register').click();
  const registration = new RegistrationPage(page);
  await expect(registration.field('T-shirt size').locator('option')).toHaveText([
    'Choose…',
    'Small',
    'Medium',
  ]);
  await registration.fill({
    Email: 'ada@example.com',
    'First name': 'Ada',
    'Last name': 'Lovelace',
    'T-shirt size': 'm',
  });
  await registration.submit();
  await expect(registration.result.heading).toHaveText("You're registered, Ada Lovelace!");
  expect(server.attendee(stored, 'ada@example.com')!.answers).toMatchObject({ t_shirt_size: 'm' });
});

test('the server’s refusals appear under the fields they are about, and stay with a row that moves', async ({
  page,
  server,
}) => {
  const event = server.createEvent({ name: 'Launch Night' });
  await server.signIn(page, 'owner');
  const editor = new DashboardEventEditorPage(page);
  await editor.open(event.uuid);
  await expect(editor.heading).toHaveText('Edit “Launch Night”');

  const redirect = editor.setting('Redirect URL');
  await redirect.fill('https://example.com/welcome');
  await expect(page.getByTestId('redirect-code-hint')).toHaveText(
    'This address has no {code} yet: add it where the attendee code belongs.',
  );
  // A second field keyed "email", and a choice list left without options.
  await editor.addField.click();
  await editor.fieldControl(5, 'Label').fill('Email');
  await editor.addField.click();
  await editor.fieldControl(6, 'Label').fill('Diet');
  await editor.fieldControl(6, 'Type').selectOption({ label: 'Choice list' });
  await editor.save.click();

  await expect(editor.notice).toHaveText(
    'The event was not saved: please fix the problems marked on the form.',
  );
  await editor.expectProblem(redirect, 'The redirect url field must contain the {code} placeholder.');
  await expect(redirect).toBeFocused();
  await editor.expectProblem(
    editor.fieldControl(5, 'Key'),
    'The key of field 5 (“Email”) is already used by another field.',
  );
  await expect(editor.fieldRow(6)).toContainText(
    'Field 6 (“Diet”) is a choice list: add at least one choice.',
  );
  await expect(editor.fieldControl(1, 'Key')).not.toHaveAttribute('aria-invalid', 'true');

  // The duplicate moves to the top: its problem goes with it.
  for (let position = 5; position > 1; position -= 1) await editor.rowButton(position, 'Move up').click();
  await expect(editor.fieldRow(1)).toHaveAccessibleName('Field 1: Email');
  await editor.expectProblem(
    editor.fieldControl(1, 'Key'),
    'The key of field 5 (“Email”) is already used by another field.',
  );
  await expect(editor.fieldControl(2, 'Key')).toHaveValue('email');
  await expect(editor.fieldControl(2, 'Key')).not.toHaveAttribute('aria-invalid', 'true');

  await redirect.fill('https://example.com/welcome?code={code}');
  await expect(page.getByTestId('redirect-code-hint')).toHaveCount(0);
  await editor.fieldControl(1, 'Key').fill('work_email');
  await editor.rowButton(6, 'Add an option').click();
  await editor.option(6, 1, 'value').fill('vegan');
  await editor.option(6, 1, 'label').fill('Vegan');
  await editor.save.click();

  await expect(editor.notice).toHaveText('“Launch Night” was saved.');
  await expect(editor.form.locator('[aria-invalid="true"]')).toHaveCount(0);
  const saved = server.app.store.repos.events.findByUuid(event.uuid)!;
  expect(saved.redirectUrl).toBe('https://example.com/welcome?code={code}');
  expect(saved.registrationFields.map((f) => f.key)).toEqual([
    'work_email',
    'email',
    'first_name',
    'last_name',
    'company',
    'diet',
  ]);
});

test('choosing a choice list adds no row, and a choice left without a value is named in words', async ({
  page,
  server,
}) => {
  const event = server.createEvent({ name: 'Launch Night' });
  await server.signIn(page, 'owner');
  const editor = new DashboardEventEditorPage(page);
  await editor.open(event.uuid);
  await editor.addField.click();
  await editor.fieldControl(5, 'Label').fill('Ticket type');
  await editor.fieldControl(5, 'Type').selectOption({ label: 'Choice list' });
  // No blank row to be refused: the list starts empty and says how to begin.
  await expect(editor.fieldRow(5).getByRole('table')).toHaveCount(0);
  await expect(editor.fieldRow(5)).toContainText('No options yet: add the first one people can pick.');

  await editor.rowButton(5, 'Add an option').click();
  await editor.option(5, 1, 'label').fill('Visitor');
  await editor.save.click();
  await expect(editor.notice).toHaveText(
    'The event was not saved: please fix the problems marked on the form.',
  );
  await editor.expectProblem(
    editor.option(5, 1, 'value'),
    'The value of choice 1 of field 5 (“Ticket type”) is required.',
  );
  await expect(editor.option(5, 1, 'value')).toBeFocused();

  await editor.option(5, 1, 'value').fill('visitor');
  await editor.save.click();
  await expect(editor.notice).toHaveText('“Launch Night” was saved.');
  expect(server.app.store.repos.events.findByUuid(event.uuid)!.registrationFields[4]).toMatchObject({
    key: 'ticket_type',
    options: [{ value: 'visitor', label: 'Visitor' }],
  });
});

test('a staff member sees each event with its desk link, and no way to edit or publish', async ({
  page,
  server,
}) => {
  const event = server.createEvent({ name: 'Launch Night', seats: 120 });
  server.createEvent({ name: 'Quiet Draft', is_published: false });
  await server.signIn(page, 'staff');
  const list = new DashboardEventsPage(page);
  await list.open();

  await expect(list.row('Launch Night')).toContainText('Published');
  await expect(list.row('Launch Night')).toContainText('0 of 120 seats');
  await expect(list.row('Quiet Draft')).toContainText('Not published');
  await expect(list.row('Launch Night').getByRole('link')).toHaveText(['Desk Launch Night']);
  // Only the event page's link (issue 39: staff hand it out too), nothing that edits or publishes.
  await expect(list.table.getByRole('button')).toHaveText([
    'Event page Launch Night',
    'Event page Quiet Draft',
  ]);
  await expect(list.newEvent).toHaveCount(0);

  await list.action('Launch Night', 'Desk').click();
  await expect(page).toHaveURL(`/dashboard/events/${event.uuid}/desk`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Launch Night: attendee desk');

  await page.goto(`/dashboard/events/${event.uuid}`);
  await expect(page.getByRole('alert')).toContainText('Only owners can open this page.');
});

test('the events list and the event editor have no serious accessibility problems', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent({ name: 'Launch Night' });
  await server.signIn(page, 'owner');
  const list = new DashboardEventsPage(page);
  await list.open();
  await list.action('Launch Night', 'Kiosk link').click();
  await expect(page.getByRole('img', { name: 'QR code of the kiosk link of Launch Night' })).toBeVisible();
  await expectAccessible(page, { touch: false });

  const editor = new DashboardEventEditorPage(page);
  await editor.open(event.uuid);
  await expect(page.getByRole('img', { name: 'QR code of the kiosk link of Launch Night' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of the event page of Launch Night' })).toBeVisible();
  await expectAccessible(page, { touch: false });

  // A new event with a choice list, the date pickers of a check-in window, and refusals on show.
  await editor.open();
  await editor.form.getByRole('radio', { name: 'Between two dates and times' }).check();
  await editor.addField.click();
  await editor.fieldControl(5, 'Type').selectOption({ label: 'Choice list' });
  await editor.save.click();
  await expect(editor.notice).toContainText('The event was not saved');
  await expectAccessible(page, { touch: false });
});

test.describe('an organizer in Paris', () => {
  test.use({ timezoneId: 'Europe/Paris' });

  test('a new event is on their clocks, unpublished in plain sight, and checks nobody in before the day', async ({
    page,
    server,
    expectAccessible,
  }) => {
    await server.signIn(page, 'owner');
    const editor = new DashboardEventEditorPage(page);
    await editor.open();
    await expect(editor.setting('Time zone')).toHaveValue('Europe/Paris');
    // Not "Any time": someone registering from home cannot check in from there.
    await expect(editor.form.getByRole('radio', { name: 'From a date and time' })).toBeChecked();
    const publish = page.getByTestId('event-publish');
    await expect(publish).toContainText('Not published: its kiosks show nothing and take no one.');
    await expect(editor.setting('Published')).not.toBeChecked();
    // First on the form, before even the event's name.
    const [publishBox, nameBox] = await Promise.all([
      publish.boundingBox(),
      editor.setting('Name').boundingBox(),
    ]);
    expect(publishBox!.y).toBeLessThan(nameBox!.y);

    await editor.setting('Name').fill('Harbour Tech Day');
    await editor.setting('Starts').fill('2026-12-01T09:00');
    await editor.setting('Ends').fill('2026-12-01T17:00');
    // Check-in opens an hour before the start, and says so.
    await expect(editor.setting('Check-in opens')).toHaveValue('2026-12-01T08:00');
    await expect(editor.setting('Check-in opens')).toHaveAccessibleDescription(
      /An hour before the event starts, until you set it here\./,
    );
    await editor.save.click();
    await expect(editor.notice).toHaveText('“Harbour Tech Day” was created.');
    const eventId = new URL(page.url()).pathname.split('/').pop()!;
    expect(server.app.store.repos.events.findByUuid(eventId)).toMatchObject({
      timezone: 'Europe/Paris',
      checkinPeriodType: 'starts_on',
      checkinStartsAt: '2026-12-01T07:00:00+00:00',
      isPublished: false,
    });

    // Before the link is handed out, what stops the kiosk is said first.
    const readiness = page.getByTestId('kiosk-readiness');
    await expect(readiness).toContainText('One thing stops this kiosk working:');
    await expect(readiness.getByRole('listitem').first()).toHaveText(
      'Missing: Not published: the kiosk says the event is not available and takes no one. Publish it, then save.',
    );
    await expect(readiness).toContainText(
      'Check-in opens Dec 1, 2026, 8:00 AM; the kiosk says so until then.',
    );
    await expectAccessible(page, { touch: false });

    await editor.setting('Published').check();
    await expect(publish).toContainText('Published: its kiosks take registrations and check-ins.');
    await editor.save.click();
    await expect(editor.notice).toHaveText('“Harbour Tech Day” was saved.');
    await expect(readiness).toContainText('The kiosk is ready.');
    await expect(readiness).toContainText('Published: the kiosk shows the event.');
    await expectAccessible(page, { touch: false });
  });
});
