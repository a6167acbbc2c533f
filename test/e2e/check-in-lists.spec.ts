import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
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
