import { expect, test } from './support/fixtures.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';

test('the start page lists the published events; picking one opens its kiosk', async ({ page, server }) => {
  const event = server.createEvent({
    name: 'Launch Night',
    description: 'Doors at seven.',
    location: 'Main Hall',
    starts_at: '2026-11-21T19:00:00Z',
  });
  server.createEvent({ name: 'Draft Workshop', is_published: false });
  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose the event for this kiosk');
  const links = page.getByRole('main').getByRole('link');
  // The event's kiosk, and under it the event's own page for people's phones.
  await expect(links).toHaveCount(2);
  await expect(links.nth(1)).toHaveText('Its registration page, for people’s own phones');
  await expect(links.nth(1)).toHaveAttribute('href', `/e/${event.uuid}`);
  const kiosk = links.first();
  await expect(kiosk).toContainText('Launch Night');
  await expect(kiosk).toContainText('Main Hall');
  await kiosk.click();

  const home = new KioskHomePage(page);
  await home.expectShown('Launch Night');
  await expect(page).toHaveURL(`/kiosk/${event.uuid}`);
  await expect(page.getByText('Doors at seven.')).toBeVisible();
  await expect(home.actions).toHaveText([/^Register/, /^Check in/, /^Scan my code/]);
});

test('the buttons follow what the event allows now', async ({ page, server }) => {
  const full = server.createEvent({ seats: 1 });
  await server.register(full, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
  const home = new KioskHomePage(page);
  await home.open(full.uuid);
  await expect(home.actions).toHaveCount(2);
  await expect(home.action('Register')).toHaveCount(0);
  await expect(home.action('Check in')).toBeVisible();
  await expect(home.action('Scan my code')).toBeVisible();

  const notYet = server.createEvent({
    checkin_period_type: 'starts_on',
    checkin_starts_at: '2026-11-22T09:00:00Z',
  });
  await home.open(notYet.uuid);
  await expect(home.action('Register')).toBeVisible();
  await expect(home.action('Check in')).toHaveCount(0);
  await expect(home.staffNotice).toHaveCount(0);
});

test('deep links and reloads work on every kiosk screen', async ({ page, server }) => {
  const event = server.createEvent();
  for (const screen of ['register', 'check-in', 'scan']) {
    const response = await page.goto(`/kiosk/${event.uuid}/${screen}`);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Back' }).click();
  await new KioskHomePage(page).expectShown(event.name);
});

test('an unknown or unpublished event says so and leads back to the start page', async ({ page, server }) => {
  const draft = server.createEvent({ is_published: false });
  await page.goto(`/kiosk/${draft.uuid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This event is not available.');
  await page.getByRole('link', { name: 'Choose another event' }).click();
  await expect(page).toHaveURL('/');

  await page.goto('/kiosk/x/y/z');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page does not exist.');
});

test('the kiosk works with the keyboard alone, focus always visible', async ({ page, server }) => {
  const event = server.createEvent();
  await server.register(event, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
  const home = new KioskHomePage(page);
  await home.open(event.uuid);

  await page.keyboard.press('Tab');
  await expect(home.action('Register')).toBeFocused();
  await expect(home.action('Register')).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('Tab');
  await expect(home.action('Check in')).toBeFocused();
  await page.keyboard.press('Enter');

  // Each screen starts with focus on its heading; the next Tab is the first field.
  await expect(page.getByRole('heading', { level: 1, name: 'Check in' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email address')).toBeFocused();
  await page.keyboard.type('ada@example.com');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ada Lovelace!');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('a kiosk left open across a server update reloads for the new build instead of breaking', async ({
  page,
  server,
  consoleProblems,
}) => {
  const event = server.createEvent();
  // Until the page loads again, the register screen's script is gone, as after an update that renamed it. The
  // kiosk finds out when it preloads the screen while idle (or else when the screen is opened) and reloads.
  let loads = 0;
  let refusals = 0;
  page.on('load', () => loads++);
  await page.route('**/assets/RegisterScreen-*.js', (route) => {
    if (loads > 1) return route.fallback();
    refusals++;
    return route.fulfill({ status: 404, body: '' });
  });
  const home = new KioskHomePage(page);
  await home.open(event.uuid);
  await expect.poll(() => loads).toBe(2);
  await home.expectShown(event.name);
  await home.action('Register').click();

  await expect(page.getByRole('form', { name: 'Register' })).toBeVisible();
  expect(loads).toBe(2);
  // Nothing was logged but the refused script loads themselves.
  expect(consoleProblems.splice(0)).toEqual(Array(refusals).fill(expect.stringContaining('status of 404')));
});
