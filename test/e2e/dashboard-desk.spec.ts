import fs from 'node:fs';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { RegistrationField } from '../../server/contract/vocabulary.ts';
import { pauseClock, recordFetches } from './support/clock.ts';
import { expect, test, type KioskServer } from './support/fixtures.ts';
import { expectFitsScreen } from './support/fits-screen.ts';
import { CheckInPage } from './pages/CheckInPage.ts';
import { DeskPage } from './pages/DeskPage.ts';
import { en } from '../../renderer/src/shared/i18n/en.ts';
import { fr } from '../../renderer/src/shared/i18n/fr.ts';
// The catalogues' `dashboard`, as the dashboard's script installs it.
import '../../renderer/src/dashboard/words.ts';

const ADA = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };
const GRACE = { email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' };
const ALAN = { email: 'alan@example.com', first_name: 'Alan', last_name: 'Turing' };
const KATHERINE = { email: 'katherine@example.com', first_name: 'Katherine', last_name: 'Johnson' };

/** A self check-in at a kiosk, through the public API. */
async function checkInAtKiosk(server: KioskServer, event: EventRecord, email: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: `/public/events/${event.uuid}/check-in`,
    payload: { email },
  });
  expect(response.statusCode, response.body).toBe(200);
}

test('a registration, then a check-in at a kiosk, appear on the desk without reload, keeping the search', async ({
  page,
  browser,
  server,
}) => {
  const event = server.createEvent();
  await server.signIn(page, 'staff');
  const desk = new DeskPage(page);
  await desk.open(event.uuid);
  await expect(desk.showing).toHaveText('No attendees match.');
  await expect(desk.count('total')).toHaveText('0');
  await page.evaluate('window.deskMarker = "still the same page"');
  await desk.search.fill('lovelace');

  // A registration made elsewhere: the desk hears of it by polling.
  await server.register(event, { email: ADA.email, first_name: 'Ada', last_name: 'Lovelace' });

  await expect(desk.names).toHaveText(['Ada Lovelace']);
  await expect(desk.row('Ada Lovelace')).toContainText('Confirmed');
  await expect(desk.count('confirmed')).toHaveText('1');
  await expect(desk.live('still-expected')).toHaveText('1');
  await expect(desk.search).toHaveValue('lovelace');
  await expect(desk.search).toBeFocused();

  // A kiosk in another browser checks her in.
  const kioskContext = await browser.newContext({ baseURL: server.url });
  const kiosk = await kioskContext.newPage();
  const checkIn = new CheckInPage(kiosk);
  await checkIn.open(event.uuid);
  await checkIn.checkIn(ADA.email);
  await expect(checkIn.result.heading).toHaveText('Welcome, Ada Lovelace!');
  await kioskContext.close();

  await expect(desk.row('Ada Lovelace')).toContainText('Nov 21, 2026, 10:00 AM');
  await expect(desk.count('checked_in')).toHaveText('1');
  await expect(desk.live('arrivals-15')).toHaveText('1');
  await expect(desk.live('still-expected')).toHaveText('0');
  await expect(page.getByTestId('chart-summary')).toHaveText(
    '1 check-in in the last 6 hours; the busiest 5 minutes began at 10:00 AM, with 1.',
  );
  await expect(page.getByRole('table', { name: 'Check-ins per 5 minutes' }).getByRole('row')).toHaveText([
    'FromCheck-ins',
    '10:00 AM1',
  ]);
  expect(await page.evaluate('window.deskMarker')).toBe('still the same page');
});

test('polls at most every 2 s while the page is visible, and not at all while it is hidden', async ({
  page,
  server,
}) => {
  const event = server.createEvent();
  await server.signIn(page, 'staff');
  await page.clock.install();
  const polls = await recordFetches(page, '/stats');
  const desk = new DeskPage(page);
  await desk.open(event.uuid);
  await pauseClock(page);
  const pollCount = async () => (await polls.sentAt()).length;

  // Half a second of the page's time at each look, until it has polled four times: by its own clock, each poll
  // came at least 2 s after the one before (the next waits for the answer, then 2 s).
  await expect
    .poll(
      async () => {
        await page.clock.runFor(500);
        return pollCount();
      },
      { intervals: [50] },
    )
    .toBeGreaterThanOrEqual(4);
  const sentAt = await polls.sentAt();
  for (let i = 1; i < sentAt.length; i += 1) expect(sentAt[i]! - sentAt[i - 1]!).toBeGreaterThanOrEqual(2000);

  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate(`Object.defineProperty(document, 'visibilityState', { value: '${state}', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'))`);
  await setVisibility('hidden');
  const whenHidden = await pollCount();
  await page.clock.runFor(60_000);
  expect(await pollCount()).toBe(whenHidden);

  // Back in view: it asks at once, with no time passing, and a registration made meanwhile shows.
  await server.register(event, ADA);
  await setVisibility('visible');
  expect(await pollCount()).toBe(whenHidden + 1);
  await expect(desk.names).toHaveText(['Ada Lovelace']);
});

test('search answers as you type over 10,000 attendees, asking once per pause', async ({ page, server }) => {
  const event = server.createEvent();
  const guests = Array.from({ length: 10_000 }, (_, i) => ({
    email: `guest${i}@example.com`,
    first_name: 'Guest',
    last_name: `Number ${i}`,
  }));
  guests.splice(7_000, 0, ADA);
  // In two imports: one takes at most 10,000 rows.
  for (const rows of [guests.slice(0, 5_000), guests.slice(5_000)]) {
    expect(await server.app.ctx.imports.importAttendees(event, JSON.stringify({ rows }))).toMatchObject({
      ok: true,
    });
  }
  await server.signIn(page, 'staff');
  await page.clock.install();
  const desk = new DeskPage(page);
  await desk.open(event.uuid);
  await expect(desk.showing).toHaveText('Showing 1–50 of 10,001 attendees.');
  await expect(desk.rows).toHaveCount(50);

  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/attendees') && url.searchParams.has('q'))
      searches.push(url.searchParams.get('q')!);
  });
  // Eight keys a tenth of a second apart on the page's clock, as a fast typist's, however slowly they arrive here;
  // then a second's pause.
  await pauseClock(page);
  for (const key of 'lovelace') {
    await desk.search.press(key);
    await page.clock.runFor(100);
  }
  await page.clock.runFor(1_000);
  await expect(desk.names).toHaveText(['Ada Lovelace']);
  await expect(desk.showing).toHaveText('Showing 1–1 of 1 attendee.');
  // The desk asked once, for the whole word, not for every letter.
  expect(searches).toEqual(['lovelace']);

  await page.clock.resume();
  await desk.search.fill('guest999');
  await expect(desk.showing).toHaveText('Showing 1–11 of 11 attendees.');
  await desk.search.fill('');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(desk.showing).toHaveText('Showing 51–100 of 10,001 attendees.');
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Page 2 of 201');
});

test('filters by status and by check-in', async ({ page, server }) => {
  const event = server.createEvent({ requires_approval: true });
  for (const person of [ADA, GRACE, ALAN]) await server.register(event, person);
  server.app.ctx.attendees.approveRegistration(event, server.attendee(event, ADA.email)!);
  server.app.ctx.attendees.approveRegistration(event, server.attendee(event, GRACE.email)!);
  await checkInAtKiosk(server, event, GRACE.email);
  await server.signIn(page, 'staff');
  const desk = new DeskPage(page);
  await desk.open(event.uuid);
  await expect(desk.names).toHaveText(['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);

  await desk.filter('Status').selectOption({ label: 'Pending approval' });
  await expect(desk.names).toHaveText(['Alan Turing']);
  await desk.filter('Status').selectOption({ label: 'Any status' });
  await desk.filter('Checked in').selectOption({ label: 'Not checked in' });
  await expect(desk.names).toHaveText(['Ada Lovelace', 'Alan Turing']);
  await desk.filter('Checked in').selectOption({ label: 'Checked in' });
  await expect(desk.names).toHaveText(['Grace Hopper']);
});

test("approves, checks in, undoes and cancels from the desk, showing the server's refusals", async ({
  page,
  server,
}) => {
  const event = server.createEvent({ requires_approval: true });
  await server.register(event, ADA);
  await server.register(event, GRACE);
  await server.signIn(page, 'staff');
  const desk = new DeskPage(page);
  await desk.open(event.uuid);
  await expect(desk.row('Ada Lovelace')).toContainText('Pending approval');
  await expect(desk.action('Ada Lovelace', 'Check in')).toHaveCount(0);

  await desk.action('Ada Lovelace', 'Approve').click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Ada Lovelace: Registration approved.' }),
  ).toBeVisible();
  await expect(desk.row('Ada Lovelace')).toContainText('Confirmed');

  await desk.action('Ada Lovelace', 'Check in').click();
  await expect(page.getByRole('status').filter({ hasText: 'Ada Lovelace: Checked in.' })).toBeVisible();
  await expect(desk.row('Ada Lovelace')).toContainText('Nov 21, 2026, 10:00 AM');
  // The button pressed is gone; the keyboard carries on from the row's new first button.
  await expect(desk.action('Ada Lovelace', 'Undo check-in')).toBeFocused();
  await expect(desk.count('checked_in')).toHaveText('1');
  expect(server.attendee(event, ADA.email)?.checkedInAt).toBe('2026-11-21T10:00:00+00:00');

  await desk.action('Ada Lovelace', 'Undo check-in').click();
  await expect(page.getByRole('status').filter({ hasText: 'Ada Lovelace: Check-in undone.' })).toBeVisible();
  await expect(desk.row('Ada Lovelace')).toContainText('Not yet');
  expect(server.attendee(event, ADA.email)?.checkedInAt).toBeNull();

  server.updateEvent(event, { checkin_period_type: 'disabled' });
  await desk.action('Ada Lovelace', 'Check in').click();
  await expect(page.getByRole('alert')).toHaveText('Ada Lovelace: Check-in is not available for this event.');

  await desk.action('Grace Hopper', 'Cancel registration').click();
  await expect(desk.dialog).toContainText('Cancel the registration of Grace Hopper? This cannot be undone.');
  // The way out says what it keeps: never "Cancel" beside "Cancel registration".
  await expect(desk.dialog.getByRole('button')).toHaveText(['Keep registration', 'Cancel registration']);
  await desk.dialog.getByRole('button', { name: 'Keep registration' }).click();
  await expect(desk.dialog).toHaveCount(0);
  expect(server.attendee(event, GRACE.email)?.status).not.toBe('canceled');
  await desk.action('Grace Hopper', 'Cancel registration').click();
  await desk.dialog.getByRole('button', { name: 'Cancel registration' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Grace Hopper: Attendee registration has been cancelled.' }),
  ).toBeVisible();
  await expect(desk.row('Grace Hopper')).toContainText('Canceled');
  await expect(desk.row('Grace Hopper').getByRole('button')).toHaveCount(0);
  expect(server.attendee(event, GRACE.email)?.status).toBe('canceled');
  await expect(desk.count('canceled')).toHaveText('1');

  await desk.action('Ada Lovelace', 'Mark no-show').click();
  await expect(desk.row('Ada Lovelace')).toContainText('No-show');
  expect(server.attendee(event, ADA.email)?.status).toBe('no_show');
});

test('bulk no-show says the count, asks again when kiosks changed it, and marks them', async ({
  page,
  server,
}) => {
  const event = server.createEvent();
  for (const person of [ADA, GRACE, ALAN]) await server.register(event, person);
  await checkInAtKiosk(server, event, ADA.email);
  await server.signIn(page, 'staff');
  const desk = new DeskPage(page);
  await desk.open(event.uuid);

  await page.getByRole('button', { name: 'Mark everyone not checked in as no-show' }).click();
  await expect(desk.dialog.getByTestId('bulk-count')).toHaveText(
    'Mark 2 attendees who have not checked in as no-show?',
  );
  // Someone registers at a kiosk while the dialog is open: the server refuses the stale number.
  await server.register(event, KATHERINE);
  await desk.dialog.getByRole('button', { name: 'Mark 2 attendees as no-show' }).click();
  await expect(desk.dialog.getByRole('alert')).toHaveText(
    'The number of attendees to mark changed. Please review and confirm again.',
  );
  await expect(desk.dialog.getByTestId('bulk-count')).toHaveText(
    'Mark 3 attendees who have not checked in as no-show?',
  );
  expect(server.attendee(event, GRACE.email)?.status).toBe('confirmed');

  await desk.dialog.getByRole('button', { name: 'Mark 3 attendees as no-show' }).click();
  await expect(desk.dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Marked 3 attendees as no-show.' })).toBeVisible();
  await expect(desk.count('no_show')).toHaveText('3');
  for (const person of [GRACE, ALAN, KATHERINE]) {
    expect(server.attendee(event, person.email)?.status).toBe('no_show');
  }
  expect(server.attendee(event, ADA.email)?.status).toBe('confirmed');

  await page.getByRole('button', { name: 'Mark everyone not checked in as no-show' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'nobody to mark as no-show' })).toBeVisible();
  await expect(desk.dialog).toHaveCount(0);
});

const WITH_TICKET: RegistrationField[] = [
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'first_name', label: 'First name', type: 'text', required: true },
  { key: 'last_name', label: 'Last name', type: 'text', required: true },
  {
    key: 'ticket',
    label: 'Ticket',
    type: 'select',
    required: true,
    options: [
      { value: 'general', label: 'General admission' },
      { value: 'press', label: 'Press' },
    ],
  },
];

test("adds a walk-in with the event's own fields; the server's refusal shows on the form", async ({
  page,
  server,
}) => {
  const event = server.createEvent({ registration_fields: WITH_TICKET });
  await server.register(event, { ...ADA, ticket: 'general' });
  await server.signIn(page, 'staff');
  const desk = new DeskPage(page);
  await desk.open(event.uuid);

  await page.getByRole('button', { name: 'Add a walk-in' }).click();
  const form = page.getByRole('region', { name: 'Add a walk-in' });
  await expect(form.getByLabel('Email')).toBeFocused();
  await form.getByRole('button', { name: 'Add walk-in' }).click();
  await expect(form.getByText('Please fill in Ticket.')).toBeVisible();

  await form.getByLabel('Email').fill(ADA.email);
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Again');
  await form.getByLabel('Ticket').selectOption({ label: 'Press' });
  await form.getByRole('button', { name: 'Add walk-in' }).click();
  await expect(form.getByRole('alert')).toHaveText('You are already registered for this event.');

  await form.getByLabel('Email').fill(KATHERINE.email);
  await form.getByLabel('First name').fill('Katherine');
  await form.getByLabel('Last name').fill('Johnson');
  await form.getByLabel('Ticket').selectOption({ label: 'Press' });
  await form.getByRole('button', { name: 'Add walk-in' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Katherine Johnson was added.' })).toBeVisible();
  // Ready for the next person: empty, with the cursor in the first field.
  await expect(form.getByLabel('Email')).toHaveValue('');
  await expect(form.getByLabel('Email')).toBeFocused();
  await expect(desk.row('Katherine Johnson')).toContainText('Confirmed');
  await expect(desk.row('Katherine Johnson')).toContainText('Not yet');
  expect(server.attendee(event, KATHERINE.email)).toMatchObject({
    status: 'confirmed',
    checkedInAt: null,
    answers: { ...KATHERINE, ticket: 'press' },
  });
});

test('"Add and check in" adds a walk-in already checked in', async ({ page, server }) => {
  const event = server.createEvent();
  await server.signIn(page, 'staff');
  const desk = new DeskPage(page);
  await desk.open(event.uuid);

  await page.getByRole('button', { name: 'Add a walk-in' }).click();
  const form = page.getByRole('region', { name: 'Add a walk-in' });
  await form.getByLabel('Email').fill(KATHERINE.email);
  await form.getByLabel('First name').fill('Katherine');
  await form.getByLabel('Last name').fill('Johnson');
  await form.getByRole('button', { name: 'Add and check in' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'Katherine Johnson was added and checked in.' }),
  ).toBeVisible();
  await expect(desk.action('Katherine Johnson', 'Undo check-in')).toBeVisible();
  expect(server.attendee(event, KATHERINE.email)).toMatchObject({
    status: 'confirmed',
    checkedInAt: '2026-11-21T10:00:00+00:00',
  });
});

test('a code scanned into the desk checks the person in; each row shows its code to show or print', async ({
  page,
  server,
}) => {
  // Self check-in off: the desk checks people in all the same.
  const event = server.createEvent({ allow_self_checkin: false });
  await server.register(event, ADA);
  const { checkinCode } = server.attendee(event, ADA.email)!;
  await server.signIn(page, 'staff');
  const desk = new DeskPage(page);
  await desk.open(event.uuid);

  await desk.action('Ada Lovelace', 'Check-in code').click();
  await expect(desk.dialog.getByRole('img', { name: 'Check-in QR code of Ada Lovelace' })).toHaveAttribute(
    'data-qr-text',
    `ARV1:${checkinCode}`,
  );
  // Written in groups of four, as the ticket and the mail print it.
  const printed = `${checkinCode.slice(0, 4)}-${checkinCode.slice(4, 8)}-${checkinCode.slice(8)}`;
  await expect(desk.dialog).toContainText(printed);
  await desk.dialog.getByRole('button', { name: 'Close' }).click();
  await expect(desk.dialog).toHaveCount(0);

  // A barcode scanner types into the field and presses Enter.
  const field = page.getByLabel('Check-in code', { exact: true });
  await field.click();
  await page.keyboard.type(`ARV1:${checkinCode}`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Ada Lovelace: Checked in.' })).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  await expect(desk.action('Ada Lovelace', 'Undo check-in')).toBeVisible();

  await page.keyboard.type(`ARV1:${checkinCode}`);
  await page.keyboard.press('Enter');
  const outcome = page.getByTestId('desk-scan-outcome');
  await expect(outcome).toHaveAttribute('data-tone', 'already');
  await expect(outcome).toHaveRole('alert');
  await expect(outcome).toContainText('Already checked in at Nov 21, 2026 10:00 AM.');
});

test('staff type the code printed on a ticket, in lower case, and it checks the person in; a code nobody has is said so', async ({
  page,
  server,
}) => {
  const event = server.createEvent();
  await server.register(event, ADA);
  const { checkinCode } = server.attendee(event, ADA.email)!;
  await server.signIn(page, 'staff');
  const desk = new DeskPage(page);
  await desk.open(event.uuid);

  const printed = `${checkinCode.slice(0, 4)}-${checkinCode.slice(4, 8)}-${checkinCode.slice(8)}`;
  await page.getByLabel('Check-in code', { exact: true }).fill(printed.toLowerCase());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Ada Lovelace: Checked in.' })).toBeVisible();
  expect(server.attendee(event, ADA.email)!.checkedInAt).not.toBeNull();

  // A code nobody has is not said to be somebody not registered: it may be a typo, or another event's ticket.
  await page.getByLabel('Check-in code', { exact: true }).fill('zzzz-zzzz-zzzz');
  await page.keyboard.press('Enter');
  const outcome = page.getByTestId('desk-scan-outcome');
  await expect(outcome).toHaveAttribute('data-tone', 'warning');
  await expect(outcome).toContainText('No registration has this code');
  await expect(outcome).not.toContainText('Not registered');
});

for (const language of ['en', 'fr'] as const) {
  test.describe(`on a phone (360 px), in ${language === 'en' ? 'English' : 'French'}`, () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the printed code typed as people type it checks in; a name with a typo is found after exact ones', async ({
      page,
      server,
    }) => {
      const catalogue = language === 'fr' ? fr : en;
      const w = catalogue.dashboard.desk;
      const event = server.createEvent({ name: 'Launch Night' });
      // Marie registered first: found only through the typo, she is still listed after the exact match.
      await server.register(event, {
        email: 'marie@example.com',
        first_name: 'Marie',
        last_name: 'Bertrand',
      });
      await server.register(event, { email: 'paul@example.com', first_name: 'Paul', last_name: 'Bertand' });
      await server.register(event, ADA);
      const { checkinCode } = server.attendee(event, ADA.email)!;
      const printed = `${checkinCode.slice(0, 4)}-${checkinCode.slice(4, 8)}-${checkinCode.slice(8)}`;
      await page.addInitScript(`localStorage.setItem('arrivals.dashboard.language', '${language}')`);
      await server.signIn(page, 'staff');
      await page.goto(`/dashboard/events/${event.uuid}/desk`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.pageTitle('Launch Night'));
      const names = page.getByTestId('attendee-row').getByRole('rowheader');
      const dialog = page.getByRole('dialog');

      // The code dialog prints it in groups of four, inside the screen.
      await page.getByRole('button', { name: `${w.actions.showCode} Ada Lovelace`, exact: true }).click();
      await expect(dialog).toContainText(printed);
      await expectFitsScreen(page, 'desk, check-in code dialog');
      await dialog.getByRole('button', { name: w.code.close }).click();

      // Typed from the ticket in lower case, with spaces for the hyphens.
      await page.getByLabel(w.scan.label, { exact: true }).fill(printed.toLowerCase().replaceAll('-', ' '));
      await page.keyboard.press('Enter');
      const checkedIn = w.actions.result('Ada Lovelace', catalogue.server.staffCheckedIn);
      await expect(page.getByRole('status').filter({ hasText: checkedIn })).toBeVisible();
      expect(server.attendee(event, ADA.email)!.checkedInAt).not.toBeNull();
      await expectFitsScreen(page, 'desk, after a typed code');

      // "bertand": Paul as typed first, then Marie, one letter away.
      await page.getByRole('searchbox', { name: w.table.search }).fill('bertand');
      await expect(names).toHaveText(['Paul Bertand', 'Marie Bertrand']);
      await page.getByRole('searchbox', { name: w.table.search }).fill('bertrnad');
      await expect(names).toHaveText(['Marie Bertrand']);
      await expectFitsScreen(page, 'desk, a search with a typo');
    });
  });
}

test('exports the attendees as a CSV file', async ({ page, server }) => {
  const event = server.createEvent({ name: 'Launch Night' });
  await server.register(event, { ...ADA, company: 'Analytical Engines, Ltd.' });
  await server.register(event, GRACE);
  await checkInAtKiosk(server, event, GRACE.email);
  await server.signIn(page, 'staff');
  const desk = new DeskPage(page);
  await desk.open(event.uuid);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  // The name as it is (filename*), not the ASCII fallback.
  expect(download.suggestedFilename()).toBe('Launch Night.csv');
  const file = fs.readFileSync((await download.path())!);
  // A UTF-8 byte order mark first, so that Excel keeps the accents.
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = file.toString('utf8').slice(1).trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    '"id","Email","First name","Last name","Company","status","registered_at","checked_in_at","checkin_code"',
  );
  expect(lines).toHaveLength(3);
  const ada = server.attendee(event, ADA.email)!;
  expect(lines[1]).toBe(
    `"${ada.uuid}","ada@example.com","Ada","Lovelace","Analytical Engines, Ltd.","confirmed","2026-11-21T10:00:00+00:00","","${ada.checkinCode}"`,
  );
  expect(lines[2]).toContain(',"grace@example.com","Grace","Hopper","","confirmed",');
  expect(lines[2]).toMatch(
    new RegExp(`,"2026-11-21T10:00:00\\+00:00","${server.attendee(event, GRACE.email)!.checkinCode}"$`),
  );
});

test('the desk is accessible, with its dialogs and walk-in form; staff see no import', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent({ registration_fields: WITH_TICKET, requires_approval: true });
  await server.register(event, { ...ADA, ticket: 'general' });
  await server.register(event, { ...GRACE, ticket: 'press' });
  server.app.ctx.attendees.approveRegistration(event, server.attendee(event, GRACE.email)!);
  await checkInAtKiosk(server, event, GRACE.email);
  await server.signIn(page, 'staff');
  const desk = new DeskPage(page);
  await desk.open(event.uuid);
  await expect(page.getByTestId('chart-summary')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Import CSV' })).toHaveCount(0);
  await expectAccessible(page, { touch: false });

  await page.getByRole('button', { name: 'Add a walk-in' }).click();
  await page
    .getByRole('region', { name: 'Add a walk-in' })
    .getByRole('button', { name: 'Add walk-in' })
    .click();
  await expectAccessible(page, { touch: false });

  await page.getByRole('button', { name: 'Mark everyone not checked in as no-show' }).click();
  await expect(desk.dialog).toBeVisible();
  await expectAccessible(page, { touch: false });
  await page.keyboard.press('Escape');
  await expect(desk.dialog).toHaveCount(0);

  await desk.action('Ada Lovelace', 'Check-in code').click();
  await expect(desk.dialog.getByRole('img')).toBeVisible();
  await expectAccessible(page, { touch: false });
  await page.keyboard.press('Escape');
  await expect(desk.dialog).toHaveCount(0);
});
