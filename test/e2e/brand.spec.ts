import type { Page } from '@playwright/test';
import QRCode from 'qrcode';
import type { RegistrationField } from '../../server/contract/vocabulary.ts';
import { expect, test } from './support/fixtures.ts';
import { CheckInPage } from './pages/CheckInPage.ts';
import { DashboardEventEditorPage } from './pages/DashboardEventsPage.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';

/** A logo with some size to it: any PNG does, and the QR encoder makes one without a file in the repository. */
const logoPng = () => QRCode.toBuffer('Arrivals logo', { type: 'png', width: 120, margin: 1 });

const FIELDS: RegistrationField[] = [
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'first_name', label: 'First name', type: 'text', required: true },
  { key: 'last_name', label: 'Last name', type: 'text', required: true },
  { key: 'company', label: 'Company', type: 'text', required: false },
  {
    key: 'ticket',
    label: 'Ticket',
    type: 'select',
    required: true,
    options: [
      { value: 'visitor', label: 'Visitor' },
      { value: 'speaker', label: 'Speaker' },
    ],
  },
];

const ADA = {
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: 'Analytical Engines',
  ticket: 'speaker',
};

// Scripts run in the page are source text: this project's Node side has no DOM types.

/** What the page holds for printing when it prints: the badge's layout, lines, QR code and logo. */
const SNAPSHOT_BADGE = `() => {
  const badge = document.querySelector('.print-badge .badge');
  const logo = badge?.querySelector('.badge-logo');
  return {
    layout: badge?.className ?? '',
    lines: [...(badge?.querySelectorAll('p') ?? [])].map((line) => line.textContent),
    qr: badge?.querySelector('.badge-qr')?.dataset.qrText ?? null,
    logo: logo ? new URL(logo.src).pathname : null,
    logoDrawn: (logo?.naturalWidth ?? 0) > 0,
    printing: document.documentElement.classList.contains('printing-badge'),
  };
}`;

/** In a browser: the print dialog replaced by a record of what it would have printed. */
const RECORD_BROWSER_PRINT = `window.printSeen = [];
  window.print = () => window.printSeen.push((${SNAPSHOT_BADGE})());`;

/** In the desktop shell: its bridge (electron/preload), recording what the page holds when it asks to be printed. */
const RECORD_DESKTOP_PRINT = `window.printSeen = [];
  window.arrivals = {
    kioskMode: true,
    requestStaffExit: () => undefined,
    printPage: async () => { window.printSeen.push((${SNAPSHOT_BADGE})()); return { ok: true }; },
  };`;

const printSeen = (page: Page) => page.evaluate<unknown[]>('window.printSeen');

const naturalWidthOf = (selector: string) => `document.querySelector('${selector}')?.naturalWidth ?? 0`;

test("the kiosk shows the event's logo and accent colour, and keeps the outcome colours", async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent({ name: 'Launch Night' });
  server.app.ctx.brand.setAccent(event, '#0f766e');
  server.app.ctx.brand.setLogo(event, await logoPng());

  const home = new KioskHomePage(page);
  await home.open(event.uuid);
  const logo = page.getByTestId('event-logo');
  await expect(logo).toBeVisible();
  expect(await page.evaluate<number>(naturalWidthOf('[data-testid="event-logo"]'))).toBe(120);
  const tile = page.getByRole('navigation').getByRole('link').first();
  await expect(tile).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  // The accent is the brand only: what each outcome's screen shows stays as it was.
  const outcomeColours = await page.evaluate<string[]>(
    `['--success-screen', '--already-screen', '--warning-screen', '--error-screen'].map((name) =>
      getComputedStyle(document.querySelector('.kiosk')).getPropertyValue(name).trim())`,
  );
  expect(outcomeColours).toEqual(['#15803d', '#6d28d9', '#f59e0b', '#b91c1c']);
  await expectAccessible(page);

  // Without a brand, the kiosk's own colour and no logo.
  server.app.ctx.brand.setAccent(event, null);
  server.app.ctx.brand.removeLogo(event);
  await home.open(event.uuid);
  await expect(page.getByTestId('event-logo')).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('link').first()).toHaveCSS(
    'background-color',
    'rgb(29, 78, 216)',
  );
});

test('an owner uploads the logo and sets the accent in the event editor; the badge preview prints the logo', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent({ name: 'Launch Night', registration_fields: FIELDS });
  await server.signIn(page, 'owner');
  const editor = new DashboardEventEditorPage(page);
  await editor.open(event.uuid);
  const preview = page.getByRole('img', { name: /^Badge preview/ });
  await expect(preview.getByTestId('badge')).toBeVisible();
  await expect(preview.locator('.badge-logo')).toHaveCount(0);

  const brand = page.getByRole('region', { name: 'Logo and colour' });
  await brand.getByLabel('Logo', { exact: true }).setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await logoPng(),
  });
  await expect(brand.getByRole('status')).toHaveText('Logo saved.');
  await expect(brand.getByRole('img', { name: 'The event’s logo' })).toBeVisible();
  const badgeLogo = preview.locator('.badge-logo');
  await expect(badgeLogo).toHaveCount(1);
  await expect.poll(() => page.evaluate<number>(naturalWidthOf('.badge-preview .badge-logo'))).toBe(120);

  // A file that only claims to be a picture is refused for what it is.
  await brand.getByLabel('Logo', { exact: true }).setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(brand.getByText('The image must be a PNG or JPEG file.')).toBeVisible();

  // Too light for white text: refused, saying why.
  await brand.getByLabel('Accent colour').fill('#facc15');
  await brand.getByRole('button', { name: 'Save colour' }).click();
  await expect(brand.getByText(/^The accent color is too light for white text/)).toBeVisible();
  await brand.getByLabel('Accent colour').fill('#0f766e');
  await brand.getByRole('button', { name: 'Save colour' }).click();
  await expect(brand.getByRole('status')).toHaveText('The kiosk uses this colour from its next visitor on.');
  expect(server.app.ctx.brand.brandOf(event)).toMatchObject({ accentColor: '#0f766e' });
  await expectAccessible(page, { touch: false });
});

test('"already checked in" offers the badge again, drawn as the event lays it out, through the print dialog', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent({ name: 'Launch Night', registration_fields: FIELDS });
  server.app.ctx.brand.setLogo(event, await logoPng());
  await server.register(event, ADA);
  const code = server.attendee(event, ADA.email)!.checkinCode;
  await page.addInitScript({ content: RECORD_BROWSER_PRINT });

  const checkIn = new CheckInPage(page);
  await checkIn.open(event.uuid);
  await checkIn.checkIn(ADA.email);
  await expect(checkIn.result.heading).toHaveText('Welcome, Ada Lovelace!');

  await checkIn.open(event.uuid);
  await checkIn.checkIn(ADA.email);
  expect(await checkIn.result.tone).toBe('already');
  await expectAccessible(page);
  await checkIn.result.button('Print my badge again').click();
  await expect(page.getByRole('status').filter({ hasText: 'Your badge is printing.' })).toBeVisible();
  expect(await printSeen(page)).toEqual([
    {
      layout: 'badge badge--classic',
      lines: ['Ada Lovelace', 'Analytical Engines', 'Speaker', 'Launch Night'],
      qr: `ARV1:${code}`,
      logo: `/public/events/${event.uuid}/logo`,
      logoDrawn: true,
      printing: true,
    },
  ]);
  await expect(page.locator('.print-badge')).toHaveCount(0);
});

test('in the desktop app, a badge printed after a scan prints silently, through the page itself; the ticket scanned again offers none', async ({
  page,
  server,
}) => {
  const event = server.createEvent({ name: 'Launch Night', registration_fields: FIELDS });
  server.app.ctx.badges.update(event, { layout: 'side_qr' });
  await server.register(event, ADA);
  const code = server.attendee(event, ADA.email)!.checkinCode;
  await page.addInitScript({ content: RECORD_DESKTOP_PRINT });

  // A keyboard-wedge scanner on the home screen, twice: checked in, then already checked in.
  const home = new KioskHomePage(page);
  await home.open(event.uuid);
  await home.scanWithWedge(`ARV1:${code}`);
  await expect(page.getByTestId('result').getByRole('heading', { level: 1 })).toHaveText(
    'Welcome, Ada Lovelace!',
  );
  await page.getByTestId('result').getByRole('button', { name: 'Print my badge', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your badge is printing.' })).toBeVisible();
  const printed = {
    layout: 'badge badge--side_qr',
    lines: ['Ada Lovelace', 'Analytical Engines', 'Speaker', 'Launch Night'],
    qr: `ARV1:${code}`,
    logo: null,
    logoDrawn: false,
    printing: true,
  };
  expect(await printSeen(page)).toEqual([printed]);

  await expect(page.locator('.print-badge')).toHaveCount(0);

  // Issue 39: a ticket used before gets no badge (whoever shows it may hold a screenshot of it).
  await home.open(event.uuid);
  await home.scanWithWedge(`ARV1:${code}`);
  await expect(page.getByTestId('result')).toHaveAttribute('data-tone', 'already');
  await expect(page.getByTestId('result').getByRole('button', { name: /badge/ })).toHaveCount(0);
});
