import { TRADE_FAIR_FIELDS } from '../helpers/fields.ts';
import { expect, test } from './support/fixtures.ts';
import { DeskPage } from './pages/DeskPage.ts';

/** The desk as staff hold it: a phone at the door, a tablet on a stand, a laptop on the table. */

const HELENE = {
  email: 'helene.fontaine@example.com',
  first_name: 'Hélène',
  last_name: 'Fontaine',
  company: 'Nestlé',
  ticket: 'visitor',
};
const JURGEN = {
  email: 'jurgen.weiss@a-rather-long-company-domain.example.com',
  first_name: 'Jürgen',
  last_name: 'Weiß',
  company: 'NESTLÉ Deutschland',
  ticket: 'exhibitor',
};
const ADA = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', ticket: 'visitor' };

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet, portrait', width: 820, height: 1180 },
  { name: 'tablet, landscape', width: 1024, height: 768 },
  { name: 'laptop', width: 1440, height: 900 },
];

for (const size of SIZES) {
  test(`at ${size.name} size (${size.width}x${size.height}) nothing scrolls sideways and Check in is in reach`, async ({
    page,
    server,
    expectAccessible,
  }) => {
    const event = server.createEvent({ registration_fields: TRADE_FAIR_FIELDS });
    for (const person of [HELENE, JURGEN, ADA]) await server.register(event, person);
    await page.setViewportSize(size);
    await server.signIn(page, 'staff');
    const desk = new DeskPage(page);
    await desk.open(event.uuid);
    await expect(desk.names).toHaveText(['Hélène Fontaine', 'Jürgen Weiß', 'Ada Lovelace']);
    // The company and the choice, by its label.
    await expect(desk.row('Jürgen Weiß').getByTestId('attendee-details')).toHaveText(
      'Société: NESTLÉ DeutschlandBillet: Exposant',
    );

    const sideways = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(sideways).toBeLessThanOrEqual(0);
    for (const name of ['Hélène Fontaine', 'Jürgen Weiß', 'Ada Lovelace']) {
      const checkIn = desk.action(name, 'Check in');
      await checkIn.scrollIntoViewIfNeeded();
      await expect(checkIn).toBeInViewport({ ratio: 1 });
    }
    // The list starts on the first screen: the first person found and their Check in, without scrolling, and
    // nothing that acts on everyone between the search box and them.
    await page.evaluate('window.scrollTo(0, 0)');
    // (The name's cell is as tall as its row of buttons; its name sits at the top.)
    const name = await desk.row('Hélène Fontaine').getByRole('rowheader').boundingBox();
    expect(name!.y + 24).toBeLessThan(size.height);
    await expect(desk.action('Hélène Fontaine', 'Check in')).toBeInViewport({ ratio: 1 });
    const bulk = page.getByRole('button', { name: 'Mark everyone not checked in as no-show' });
    const [searchBox, firstRow, bulkBox] = await Promise.all([
      desk.search.boundingBox(),
      desk.row('Hélène Fontaine').boundingBox(),
      bulk.boundingBox(),
    ]);
    expect(bulkBox!.y).toBeGreaterThan(firstRow!.y);
    expect(firstRow!.y).toBeGreaterThan(searchBox!.y);
    await expectAccessible(page, { touch: false });

    const menu = page.getByRole('button', { name: 'Menu' });
    const events = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Events' });
    if (size.width < 960) {
      // The sections fold into the menu, which opens over the page's top and closes on leaving.
      await expect(events).toBeHidden();
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(events).toBeVisible();
      await expectAccessible(page, { touch: false });
      await events.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
      await expect(events).toBeHidden();
    } else {
      await expect(menu).toBeHidden();
      await expect(events).toBeVisible();
    }
  });
}

test('search ignores accents and case, and Enter checks in a single match', async ({ page, server }) => {
  const event = server.createEvent({ registration_fields: TRADE_FAIR_FIELDS });
  for (const person of [HELENE, JURGEN, ADA]) await server.register(event, person);
  await page.setViewportSize({ width: 390, height: 844 });
  await server.signIn(page, 'staff');
  const desk = new DeskPage(page);
  await desk.open(event.uuid);
  const checkIns: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/check-in')) checkIns.push(request.url());
  });

  await desk.search.fill('helene fontaine');
  await expect(desk.names).toHaveText(['Hélène Fontaine']);
  await desk.search.fill('nestle');
  await expect(desk.names).toHaveText(['Hélène Fontaine', 'Jürgen Weiß']);
  await desk.search.fill('Nestlé');
  await expect(desk.names).toHaveText(['Hélène Fontaine', 'Jürgen Weiß']);
  await desk.search.fill('exposant');
  await expect(desk.names).toHaveText(['Jürgen Weiß']);

  // Two matches: Enter leaves them to be told apart.
  await desk.search.fill('visiteur');
  await expect(desk.names).toHaveText(['Hélène Fontaine', 'Ada Lovelace']);
  await desk.search.press('Enter');

  // Typed and Enter at once, before the answer: the single match is checked in when it comes.
  await desk.search.fill('HELENE');
  await desk.search.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Hélène Fontaine: ' })).toBeVisible();
  await expect(desk.action('Hélène Fontaine', 'Undo check-in')).toBeVisible();
  expect(server.attendee(event, HELENE.email)!.checkedInAt).not.toBeNull();
  expect(server.attendee(event, ADA.email)!.checkedInAt).toBeNull();
  // One check-in asked for: the Enter over two matches asked for none.
  expect(checkIns).toHaveLength(1);
  await expect(desk.search).toBeFocused();
});
