import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { CheckInPage } from './pages/CheckInPage.ts';
import { RegistrationPage } from './pages/RegistrationPage.ts';

const ADA = {
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: 'Analytical Engines',
};

// Scripts run in the page are source text: this project's Node side has no DOM types.

/**
 * The desktop shell's preload bridge as the page sees it: asked to print the page, it records the badge the page
 * holds for printing at that moment, and answers `result`.
 */
async function withDesktopBridge(page: Page, result: { ok: boolean; reason?: string }) {
  await page.addInitScript({
    content: `window.printedBadges = [];
      window.arrivals = {
        requestStaffExit: () => undefined,
        printPage: async () => {
          window.printedBadges.push(document.querySelector('.print-badge')?.textContent ?? '');
          return ${JSON.stringify(result)};
        },
      };`,
  });
}

const printedBadges = (page: Page) => page.evaluate<unknown[]>('window.printedBadges');

/** Instead of opening the print dialog, records what the page holds for printing at that moment. */
const RECORD_PRINTING = `window.printSeen = [];
  window.print = () => window.printSeen.push({
    badge: document.querySelector('.print-badge')?.textContent ?? '',
    printing: document.documentElement.classList.contains('printing-badge'),
  });`;

test('in a browser, the badge is the only thing sent to the print dialog', async ({ page, server }) => {
  const event = server.createEvent({ name: 'Launch Night' });
  await server.register(event, ADA);
  await page.addInitScript({ content: RECORD_PRINTING });
  const checkIn = new CheckInPage(page);
  await checkIn.open(event.uuid);
  await checkIn.checkIn('ada@example.com');
  await checkIn.result.button('Print my badge').click();

  await expect(page.getByRole('status').filter({ hasText: 'Your badge is printing.' })).toBeVisible();
  const seen = await page.evaluate<unknown[]>('window.printSeen');
  // The server's badge knows the company the email alone does not tell.
  expect(seen).toEqual([{ badge: 'Ada LovelaceAnalytical EnginesLaunch Night', printing: true }]);
  await expect(page.locator('.print-badge')).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveClass(/printing-badge/);
});

test('in the desktop shell, the page prints the badge with the company typed at the kiosk', async ({
  page,
  server,
}) => {
  const event = server.createEvent({ name: 'Launch Night' });
  await server.register(event, ADA);
  await withDesktopBridge(page, { ok: true });
  const registration = new RegistrationPage(page);
  await registration.open(event.uuid);
  await registration.fill({
    Email: 'ada@example.com',
    'First name': 'Ada',
    'Last name': 'Lovelace',
    Company: 'Analytical Engines',
  });
  await registration.submit();
  await page.getByRole('button', { name: 'Check in instead' }).click();

  const checkIn = new CheckInPage(page);
  await expect(checkIn.email).toHaveValue('ada@example.com');
  await page.getByRole('form', { name: 'Check in' }).getByRole('button', { name: 'Check in' }).click();
  await checkIn.result.button('Print my badge').click();

  await expect(page.getByRole('status').filter({ hasText: 'Your badge is printing.' })).toBeVisible();
  expect(await printedBadges(page)).toEqual(['Ada LovelaceAnalytical EnginesLaunch Night']);
  await expect(page.locator('.print-badge')).toHaveCount(0);
});

test("a printer's failure is said in words, and badge=off hides the button", async ({ page, server }) => {
  const event = server.createEvent();
  await server.register(event, ADA);
  await withDesktopBridge(page, { ok: false, reason: 'The printer is out of paper.' });
  const checkIn = new CheckInPage(page);
  await checkIn.open(event.uuid);
  await checkIn.checkIn('ada@example.com');
  await checkIn.result.button('Print my badge').click();
  await expect(page.getByRole('status').filter({ hasText: 'could not be printed' })).toHaveText(
    'The badge could not be printed: The printer is out of paper. Please ask event staff.',
  );

  await server.register(event, { ...ADA, email: 'grace@example.com', first_name: 'Grace' });
  await checkIn.open(event.uuid, '?badge=off');
  await checkIn.checkIn('grace@example.com');
  await expect(checkIn.result.heading).toHaveText('Welcome, Grace Lovelace!');
  await expect(checkIn.result.button('Print my badge')).toHaveCount(0);
});
