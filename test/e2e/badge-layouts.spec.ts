import { TRADE_FAIR_FIELDS } from '../helpers/fields.ts';
import { expect, test } from './support/fixtures.ts';
import { DashboardEventEditorPage } from './pages/DashboardEventsPage.ts';
import { DeskPage } from './pages/DeskPage.ts';

const HELENE = {
  email: 'helene@example.com',
  first_name: 'Hélène',
  last_name: 'Fontaine',
  company: 'Nestlé',
  ticket: 'exhibitor',
};

// Scripts run in the page are source text: this project's Node side has no DOM types.

/** Instead of opening the print dialog, records what the page holds for printing at that moment. */
const RECORD_PRINTING = `window.printSeen = [];
  window.print = () => {
    const badge = document.querySelector('.print-badge .badge');
    window.printSeen.push({
      layout: badge?.className ?? '',
      lines: [...(badge?.querySelectorAll('p') ?? [])].map((line) => line.textContent),
      qr: badge?.querySelector('.badge-qr')?.dataset.qrText ?? null,
      qrDrawn: (badge?.querySelector('.badge-qr')?.naturalWidth ?? 0) > 0,
      printing: document.documentElement.classList.contains('printing-badge'),
    });
  };`;

test('an owner picks a badge layout from previews; the desk prints and reprints it', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent({ name: 'Salon de Lyon', registration_fields: TRADE_FAIR_FIELDS });
  await server.register(event, HELENE);
  const code = server.attendee(event, HELENE.email)!.checkinCode;

  await server.signIn(page, 'owner');
  const editor = new DashboardEventEditorPage(page);
  await editor.open(event.uuid);
  const section = page.getByRole('form', { name: 'Name badges' });
  const preview = section.getByRole('img', { name: /^Badge preview/ });
  // A sample person with the event's first ticket type, by its label, and a QR code.
  await expect(preview.getByTestId('badge')).toHaveClass('badge badge--classic');
  await expect(preview.locator('p')).toHaveText(['Hélène Fontaine', 'Nestlé', 'Visiteur', 'Salon de Lyon']);
  await expect(preview.locator('.badge-qr')).toHaveCount(1);
  await expectAccessible(page, { touch: false });

  await section.getByLabel(/^Name only/).check();
  await expect(preview.getByTestId('badge')).toHaveClass('badge badge--name_only');
  await expect(preview.locator('.badge-qr')).toHaveCount(0);
  await expect(section.getByText('Not saved yet')).toBeVisible();

  await section.getByLabel(/^Wide/).check();
  await expect(preview.getByTestId('badge')).toHaveClass('badge badge--side_qr');
  await expect(preview.locator('.badge-qr')).toHaveCount(1);
  await section.getByRole('button', { name: 'Save badge layout' }).click();
  await expect(section.getByRole('status')).toHaveText(/^Badges now print as: Wide/);
  await expect(section.getByText('Not saved yet')).toHaveCount(0);
  expect(server.app.ctx.badges.settingsOf(event).layout).toBe('side_qr');

  // At the desk: the badge of the layout chosen, the company, the ticket type's label and the check-in QR code.
  await page.addInitScript({ content: RECORD_PRINTING });
  const desk = new DeskPage(page);
  await desk.open(event.uuid);
  await desk.action('Hélène Fontaine', 'Print badge').click();
  await expect.poll(() => page.evaluate<unknown[]>('window.printSeen')).toHaveLength(1);
  const printed = {
    layout: 'badge badge--side_qr',
    lines: ['Hélène Fontaine', 'Nestlé', 'Exposant', 'Salon de Lyon'],
    qr: `ARV1:${code}`,
    qrDrawn: true,
    printing: true,
  };
  expect(await page.evaluate<unknown[]>('window.printSeen')).toEqual([printed]);
  await expect(page.locator('.print-badge')).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveClass(/printing-badge/);

  // Checked in, the badge can be printed again.
  await desk.action('Hélène Fontaine', 'Check in').click();
  await desk.action('Hélène Fontaine', 'Reprint badge').click();
  await expect.poll(() => page.evaluate<unknown[]>('window.printSeen')).toHaveLength(2);
  expect(await page.evaluate<unknown[]>('window.printSeen')).toEqual([printed, printed]);
});
