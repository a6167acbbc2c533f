import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectFitsScreen } from './support/fits-screen.ts';
import { openConference } from './support/lists.ts';
import { ResultPanel } from './pages/ResultPanel.ts';

/**
 * Issue 38 on screen: kiosks at the doors of check-in lists, answering each scan with the list's reason in words a
 * person at a door understands; the desk's "inside now"; lists made in the event editor. The server's clock stands
 * at 2026-11-21T10:00Z (the event's zone is UTC); the browser's is installed at the same moment.
 */

const NOW = new Date('2026-11-21T10:00:00Z');

/** What a USB/HID barcode scanner does: types the code and Enter into whatever has focus. */
async function scanWithWedge(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

async function openDoor(page: Page, eventId: string, listId: string, query = ''): Promise<void> {
  await page.clock.install({ time: NOW });
  await page.goto(`/kiosk/${eventId}/lists/${listId}${query}`);
  await expect(page.getByTestId('door-name')).toBeVisible();
}

test('a kiosk on Workshop A refuses a visitor with the reason and admits a workshop attendee', async ({
  page,
  server,
  expectAccessible,
}) => {
  const conference = openConference(server);
  await conference.addList({ name: 'Workshop B', admits: { field: 'workshop', values: ['b'] } });
  const workshopA = await conference.addList({
    name: 'Workshop A',
    admits: { field: 'workshop', values: ['a'] },
  });
  const visitor = await conference.register('Grace', 'Hopper', 'b');
  const attendee = await conference.register('Ada', 'Lovelace', 'a');

  await openDoor(page, conference.event.uuid, workshopA, '?camera=off');
  await expect(page.getByTestId('door-name')).toHaveText('Workshop A');
  await expect(page.getByTestId('door-direction')).toHaveText('Entry');
  await expectAccessible();

  const result = new ResultPanel(page);
  await scanWithWedge(page, visitor);
  await expect(result.heading).toHaveText('Not on Workshop A');
  expect(await result.tone).toBe('error');
  // The lists that do admit her: Workshop B, and the main entrance, which admits everyone.
  await expect(page.getByTestId('server-message')).toHaveText('Please go to Main entrance or Workshop B.');

  await scanWithWedge(page, attendee);
  await expect(result.heading).toHaveText('Welcome, Ada Lovelace!');
  expect(await result.tone).toBe('success');
  await expect(page.getByTestId('server-message')).toHaveText('Your entry to Workshop A is recorded.');

  // Her code again, after the few seconds a code held up counts once: this list admits once.
  await page.clock.runFor(5_000);
  await scanWithWedge(page, attendee);
  await expect(result.heading).toHaveText('Already entered');
  expect(await result.tone).toBe('already');
  await expect(page.getByTestId('server-message')).toHaveText('You already entered today at 10:00 AM.');
  await expectAccessible();
});

test('a door answers in French, with French times: closed until its window, then not on the list', async ({
  page,
  server,
}) => {
  const conference = openConference(server);
  const workshopA = await conference.addList({
    name: 'Atelier A',
    admits: { field: 'workshop', values: ['a'] },
    windows: [{ from: '2026-11-21T14:00', until: '2026-11-21T17:30' }],
  });
  await conference.addList({ name: 'Atelier B', admits: { field: 'workshop', values: ['b'] } });
  const ada = await conference.register('Ada', 'Lovelace', 'a');
  const grace = await conference.register('Grace', 'Hopper', 'b');

  await openDoor(page, conference.event.uuid, workshopA, '?camera=off&lang=fr');
  await expect(page.getByTestId('door-direction')).toHaveText('Entrée');
  await expect(page.getByTestId('door-opens')).toHaveText('Atelier A\u00a0: ouverture à 14:00');
  const result = new ResultPanel(page);

  await scanWithWedge(page, ada);
  await expect(result.heading).toHaveText('Atelier A\u00a0: ouverture à 14:00');
  expect(await result.tone).toBe('warning');
  await expect(page.getByTestId('server-message')).toHaveText(
    'Ce n’est pas encore ouvert. Veuillez revenir à ce moment-là.',
  );

  conference.clock.set('2026-11-21T14:05:00Z');
  await scanWithWedge(page, grace);
  await expect(result.heading).toHaveText('Atelier A\u00a0: vous n’êtes pas sur la liste');
  await expect(page.getByTestId('server-message')).toHaveText(
    'Veuillez vous rendre à Main entrance ou Atelier B.',
  );

  await page.clock.runFor(5_000);
  await scanWithWedge(page, ada);
  await expect(result.heading).toHaveText('Bienvenue, Ada Lovelace\u202f!');
});

test('the editor creates a list with a window and a capacity, and says its rules in plain words', async ({
  page,
  server,
  expectAccessible,
}) => {
  const conference = openConference(server, { timezone: 'Europe/Paris' });
  await server.signIn(page, 'owner');
  await page.goto(`/dashboard/events/${conference.event.uuid}`);
  const section = page.getByRole('region', { name: 'Check-in lists' });
  await expect(section.getByTestId('check-in-list')).toHaveCount(1);
  await expect(section.getByTestId('check-in-list').first()).toContainText('Main entrance');

  await section.getByRole('button', { name: 'Add a check-in list' }).click();
  const form = section.getByRole('form', { name: 'New check-in list' });
  await form.getByLabel('Name (required)').fill('Workshop A');
  await form.getByLabel('Only people whose answer to a choice question is one of these').check();
  await form.getByLabel('Choice question', { exact: true }).selectOption('workshop');
  await form.getByRole('checkbox', { name: 'Workshop A' }).check();
  await form.getByRole('button', { name: 'Add a time window' }).click();
  await form.getByLabel('From (1)').fill('2026-11-21T14:00');
  // Until before from: the server's problem goes under the field.
  await form.getByLabel('Until (1)').fill('2026-11-21T13:00');
  await form.getByLabel('Capacity', { exact: true }).fill('30');
  await form.getByRole('button', { name: 'Add list' }).click();
  await expect(form.getByLabel('Until (1)')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Until (1)').fill('2026-11-21T17:30');
  await form.getByRole('button', { name: 'Add list' }).click();
  await expect(section.getByRole('status')).toHaveText('Workshop A was added.');

  const card = section.getByTestId('check-in-list').filter({ hasText: 'Workshop A' });
  await expect(card.getByRole('listitem')).toHaveText([
    'Admits only people whose Workshop is Workshop A.',
    // The event's clock: Paris, an hour ahead of UTC in November.
    'Open Nov 21, 2026, 2:00 PM – 5:30 PM, within the event’s check-in period.',
    'Admits each person once: a second scan is refused as already entered.',
    'Exits are not scanned.',
    'At most 30 people inside at once; then it says it is full.',
  ]);
  await expect(card.getByTestId('list-inside-now')).toHaveText('0 of 30 inside now.');
  await expectAccessible(page, { touch: false });

  // What was saved is what the API gives an integration.
  const saved = await server.app.inject({
    method: 'GET',
    url: `/dashboard/api/events/${conference.event.uuid}/check-in-lists`,
    headers: { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
  });
  const lists = (saved.json() as { data: { name: string; windows: unknown; capacity: number }[] }).data;
  expect(lists.map((list) => list.name)).toEqual(['Main entrance', 'Workshop A']);
  expect(lists[1]).toMatchObject({
    windows: [{ from: '2026-11-21T14:00', until: '2026-11-21T17:30' }],
    capacity: 30,
    admits: { field: 'workshop', values: ['a'] },
  });
});

test('a list made while the desk is open can be scanned for there, without reloading the desk', async ({
  page,
  server,
}) => {
  const conference = openConference(server);
  const ada = await conference.register('Ada', 'Lovelace', 'a');
  await page.clock.install({ time: NOW });
  await server.signIn(page, 'staff');
  await page.goto(`/dashboard/events/${conference.event.uuid}/desk`);
  const scan = page.getByRole('region', { name: 'Check in by code' });
  await expect(scan.getByLabel('Check-in code')).toBeVisible();
  // Only the main entrance: nothing to choose.
  await expect(scan.getByLabel('Scan for')).toHaveCount(0);

  // An owner makes a list in the editor, on another device.
  await conference.addList({ name: 'Workshop A', admits: { field: 'workshop', values: ['a'] } });
  await page.clock.runFor(30_000);
  await scan.getByLabel('Scan for').selectOption({ label: 'Workshop A' });
  await scan.getByLabel('Check-in code').fill(ada);
  await scan.getByRole('button', { name: 'Scan', exact: true }).click();
  await expect(page.getByTestId('desk-scan-outcome')).toContainText('Ada Lovelace may enter Workshop A.');
});

test('the desk’s inside-now figure follows entries and exits on two kiosks, and a person’s scans', async ({
  page,
  server,
  expectAccessible,
}) => {
  const conference = openConference(server);
  const terrace = await conference.addList({ name: 'Terrace', exits_scanned: true });
  await conference.addList({
    name: 'Workshop A',
    admits: { field: 'workshop', values: ['a'] },
    capacity: 30,
  });
  const ada = await conference.register('Ada', 'Lovelace', 'a');
  const grace = await conference.register('Grace', 'Hopper', 'b');
  const alan = await conference.register('Alan', 'Turing', 'none');

  await server.signIn(page, 'staff');
  await page.goto(`/dashboard/events/${conference.event.uuid}/desk`);
  const inside = page.getByRole('region', { name: 'Inside now' });
  await expect(inside.getByTestId('inside-now-event')).toContainText('0');

  // Two kiosks at the terrace's door, one each way.
  const entry = await page.context().newPage();
  const exit = await page.context().newPage();
  await openDoor(entry, conference.event.uuid, terrace, '?camera=off');
  await openDoor(exit, conference.event.uuid, terrace, '?camera=off&direction=exit');
  await expect(exit.getByTestId('door-direction')).toHaveText('Exit');

  for (const code of [ada, grace, alan]) {
    await scanWithWedge(entry, code);
    await expect(new ResultPanel(entry).heading).toHaveText(/^Welcome, /);
  }
  // Entries and exits are ordered by their time: she leaves a few minutes later.
  conference.clock.set('2026-11-21T10:05:00Z');
  await scanWithWedge(exit, grace);
  await expect(new ResultPanel(exit).heading).toHaveText('Goodbye, Grace Hopper!');
  await expect(exit.getByTestId('server-message')).toHaveText('Your exit from Terrace is recorded.');

  const terraceTile = inside.getByTestId('inside-now-list').filter({ hasText: 'Terrace' });
  // Staff open a kiosk on the list from here, each way.
  await expect(terraceTile.getByRole('link', { name: 'Open an exit kiosk Terrace' })).toHaveAttribute(
    'href',
    `/kiosk/${conference.event.uuid}/lists/${terrace}?direction=exit`,
  );
  await expect(terraceTile.locator('.inside-tile-figure')).toHaveText('2');
  await expect(inside.getByTestId('inside-now-event').locator('.inside-tile-figure')).toHaveText('2');
  await expect(
    inside.getByTestId('inside-now-list').filter({ hasText: 'Workshop A' }).locator('.inside-tile-figure'),
  ).toHaveText('0 of 30');

  // Back in from the terrace: welcome back, and counted once again.
  conference.clock.set('2026-11-21T10:10:00Z');
  await entry.clock.runFor(5_000);
  await scanWithWedge(entry, grace);
  await expect(new ResultPanel(entry).heading).toHaveText('Welcome back, Grace Hopper!');
  await expect(terraceTile.locator('.inside-tile-figure')).toHaveText('3');
  await expect(inside.getByTestId('inside-now-event').locator('.inside-tile-figure')).toHaveText('3');

  // Her scans, as the desk shows them: each on the terrace, from a kiosk.
  const row = page.getByTestId('attendee-row').filter({ hasText: 'Grace Hopper' });
  await row.getByRole('button', { name: 'Scans Grace Hopper' }).click();
  const history = page.getByRole('dialog', { name: 'Scans of Grace Hopper' });
  await expect(history.getByTestId('scan-history-row')).toHaveText([
    /^Terrace · Entry \(admitted\) · Nov 21, 2026, 10:00 AMKiosk$/,
    /^Terrace · Exit \(left\) · Nov 21, 2026, 10:05 AMKiosk$/,
    /^Terrace · Entry \(came back in\) · Nov 21, 2026, 10:10 AMKiosk$/,
  ]);
  await expectAccessible(page, { touch: false });
  await history.getByRole('button', { name: 'Close' }).click();

  // At the desk, on Workshop A: Alan is not on it, and staff admit him anyway.
  const scan = page.getByRole('region', { name: 'Check in by code' });
  await scan.getByLabel('Scan for').selectOption({ label: 'Workshop A' });
  await scan.getByLabel('Check-in code').fill(alan);
  await scan.getByRole('button', { name: 'Scan', exact: true }).click();
  const outcome = page.getByTestId('desk-scan-outcome');
  await expect(outcome).toContainText('Not on this list');
  await expect(outcome).toContainText(
    'Alan Turing is not on Workshop A: send them to Main entrance or Terrace.',
  );
  await outcome.getByRole('button', { name: 'Admit anyway' }).click();
  await expect(outcome).toContainText('Admitted (forced)');
  await expect(
    inside.getByTestId('inside-now-list').filter({ hasText: 'Workshop A' }).locator('.inside-tile-figure'),
  ).toHaveText('1 of 30');
});

for (const [viewport, lang, welcome] of [
  [{ width: 1080, height: 1920 }, 'fr', 'Bienvenue, Ada Lovelace\u202f!'],
  [{ width: 1920, height: 1080 }, 'en', 'Welcome, Ada Lovelace!'],
] as const) {
  test.describe(`a door at ${viewport.width}x${viewport.height}, in ${lang}`, () => {
    test.use({ viewport });

    test('its name, its way and the camera on one screen; an answer over it, then the next person', async ({
      server,
      openWithCamera,
      expectAccessible,
    }) => {
      const conference = openConference(server);
      const hall = await conference.addList({ name: 'Exhibition hall, north entrance', exits_scanned: true });
      const ada = await conference.register('Ada', 'Lovelace', 'a');
      const page = await openWithCamera(null);
      await openDoor(page, conference.event.uuid, hall, `?camera=on&lang=${lang}`);
      await expect(page.getByTestId('camera')).toHaveAttribute('data-status', 'scanning', {
        timeout: 30_000,
      });
      for (const part of [
        page.getByTestId('door-name'),
        page.getByTestId('door-direction'),
        page.getByTestId('camera'),
      ]) {
        await expect(part).toBeInViewport({ ratio: 1 });
      }
      await expectFitsScreen(page, 'door');
      await expectAccessible(page);

      await scanWithWedge(page, ada);
      const result = new ResultPanel(page);
      await expect(result.heading).toHaveText(welcome);
      await expect(result.heading).toBeInViewport({ ratio: 1 });
      await expectFitsScreen(page, 'door, admitted');
      await expectAccessible(page);
    });
  });
}

for (const lang of ['en', 'fr'] as const) {
  test(`lists at 360 px, in ${lang}: the editor's cards and form, the desk's scan, inside now and a person's scans`, async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    if (lang === 'fr') await page.addInitScript(`localStorage.setItem('arrivals.dashboard.language', 'fr')`);
    const conference = openConference(server, {
      name: 'Harbour Lights Launch: an evening on the quay with the Friends of the Maritime Museum',
    });
    const terrace = await conference.addList({
      name: 'The terrace above the old fish market hall, north side (smokers and fresh air)',
      exits_scanned: true,
      capacity: 120,
      admits: { field: 'workshop', values: ['a', 'b'] },
      windows: [{ from: '2026-11-21T09:00', until: '2026-11-21T23:30' }],
    });
    const ada = await conference.register('Ada', 'Lovelace', 'a');
    await server.signIn(page, 'owner');

    await page.goto(`/dashboard/events/${conference.event.uuid}`);
    const cards = page.getByTestId('check-in-list');
    await expect(cards).toHaveCount(2);
    await cards.nth(1).getByRole('button').first().click();
    await expect(page.locator('.list-form')).toBeVisible();
    await page
      .locator('.list-form')
      .getByRole('button')
      .filter({ hasText: /window|créneau/ })
      .last()
      .click();
    await expect(page.getByTestId('list-window')).toHaveCount(2);
    await expectFitsScreen(page, 'editor, a list open');

    const door = await page.context().newPage();
    await door.goto(`/kiosk/${conference.event.uuid}/lists/${terrace}?camera=off`);
    await expect(door.getByTestId('door-name')).toBeVisible();
    await scanWithWedge(door, ada);
    await expect(new ResultPanel(door).heading).toBeVisible();

    await page.goto(`/dashboard/events/${conference.event.uuid}/desk`);
    await expect(page.getByTestId('inside-now-event').locator('.inside-tile-figure')).toHaveText('1');
    await page.locator('.desk-scan select').first().selectOption(terrace);
    await expect(page.locator('.desk-scan select')).toHaveCount(2);
    await page
      .getByTestId('attendee-row')
      .first()
      .getByRole('button', { name: /^(Scans|Passages) / })
      .click();
    await expect(page.getByTestId('scan-history-row')).toHaveCount(1);
    await expectFitsScreen(page, 'desk, a person’s scans');
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/sync');
    await expect(page.getByTestId('inside-now-event').locator('.inside-tile-figure')).toHaveText('1');
    await expectFitsScreen(page, 'sync, inside now');
  });
}

test('the Sync page charts who was inside over time, per list and for the event', async ({
  page,
  server,
  expectAccessible,
}) => {
  const conference = openConference(server);
  const terrace = await conference.addList({ name: 'Terrace', exits_scanned: true });
  const ada = await conference.register('Ada', 'Lovelace', 'a');
  const grace = await conference.register('Grace', 'Hopper', 'b');
  // The server samples every count each minute into 5-minute points: here, by hand after each move of its clock.
  const at = async (time: string, scans: () => Promise<unknown>) => {
    conference.clock.set(time);
    await scans();
    server.app.ctx.lists.sweep();
  };
  await at('2026-11-21T10:00:00Z', () => conference.scan(terrace, ada));
  await at('2026-11-21T10:05:00Z', () => conference.scan(terrace, grace));
  await at('2026-11-21T10:10:00Z', () => conference.scan(terrace, ada, 'exit'));

  await server.signIn(page, 'owner');
  await page.goto('/dashboard/sync');
  const section = page.getByRole('region', { name: 'Inside now' });
  await expect(section.getByTestId('inside-now-event').locator('.inside-tile-figure')).toHaveText('1');
  const chart = section.getByTestId('inside-chart-list').filter({ hasText: 'Terrace' });
  await expect(chart.locator('.muted')).toHaveText('1 person inside now; at most 2, at 10:05 AM.');
  await expect(chart.locator('polyline')).toHaveCount(1);
  await expect(section.getByTestId('inside-chart-event').locator('.muted')).toHaveText(
    '1 person inside now; at most 2, at 10:05 AM.',
  );
  await expectAccessible(page, { touch: false });
});
