import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';

// Scripts run in the page are source text: this project's Node side has no DOM types.

/** The desktop shell's kiosk preload as the page sees it (electron/preload/index.ts), counting staff-exit requests. */
async function inDesktopKiosk(page: Page): Promise<void> {
  await page.addInitScript({
    content: `window.staffExits = 0;
      window.arrivals = {
        kioskMode: true,
        requestStaffExit: () => { window.staffExits += 1; },
        printPage: async () => ({ ok: true }),
      };`,
  });
}

const staffExits = (page: Page) => page.evaluate<number>('window.staffExits');

const DASHBOARD_LINK = 'Staff dashboard: set up Arrivals, events, attendees and API tokens';

test('in a browser, the start page links to the staff dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: DASHBOARD_LINK })).toBeVisible();
});

test('in the desktop kiosk, no page leads to the staff dashboard', async ({ page, server }) => {
  server.createEvent({ name: 'Launch Night' });
  await inDesktopKiosk(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose the event for this kiosk');
  // Only the kiosk: the locked window offers no way to the event's public page either.
  await expect(page.getByRole('main').getByRole('link')).toHaveText([/Launch Night/]);
  await expect(page.getByRole('link', { name: DASHBOARD_LINK })).toHaveCount(0);
  await expect(page.locator('a[href^="/dashboard"]')).toHaveCount(0);

  // Typed or linked, the dashboard's address shows nothing of it: no sign-in, no setup.
  await page.goto('/dashboard');
  await expect(page.getByText('This page does not exist.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the start page' })).toBeVisible();
  await expect(page.getByLabel(/password/i)).toHaveCount(0);
  await page.goto('/dashboard/sign-in');
  await expect(page.getByText('This page does not exist.')).toBeVisible();
});

test.describe('the staff corner', () => {
  const VIEWPORT = { width: 1280, height: 900 };
  const corner = { x: VIEWPORT.width - 20, y: 20 };

  /** Opens the event's kiosk with the page's clock stopped, so only the test moves time between taps. */
  async function openKiosk(page: Page, eventId: string): Promise<void> {
    await inDesktopKiosk(page);
    await page.clock.install({ time: new Date('2026-11-21T10:00:00Z') });
    await new KioskHomePage(page).open(eventId);
    await page.clock.pauseAt(new Date('2026-11-21T10:00:05Z'));
  }

  async function tap(
    page: Page,
    at: { x: number; y: number },
    times: number,
    everyMs: number,
  ): Promise<void> {
    for (let i = 0; i < times; i++) {
      if (i > 0) await page.clock.runFor(everyMs);
      await page.mouse.click(at.x, at.y);
    }
  }

  test('five taps within 3 seconds in the top-right corner ask the shell for the staff screen', async ({
    page,
    server,
  }) => {
    const event = server.createEvent({ name: 'Launch Night' });
    await openKiosk(page, event.uuid);

    await tap(page, corner, 4, 700);
    expect(await staffExits(page)).toBe(0);
    await page.clock.runFor(700);
    await page.mouse.click(corner.x, corner.y);
    expect(await staffExits(page)).toBe(1);

    // It starts over: the next tap is a first tap again.
    await page.clock.runFor(100);
    await page.mouse.click(corner.x, corner.y);
    expect(await staffExits(page)).toBe(1);
    // The kiosk itself is where it was.
    await new KioskHomePage(page).expectShown('Launch Night');
  });

  test('taps spread over more than 3 seconds, or elsewhere on the screen, do nothing', async ({
    page,
    server,
  }) => {
    const event = server.createEvent({ name: 'Launch Night' });
    await openKiosk(page, event.uuid);

    await tap(page, corner, 8, 800);
    expect(await staffExits(page)).toBe(0);
    await page.clock.runFor(5_000);

    for (const elsewhere of [
      { x: 20, y: 20 },
      { x: VIEWPORT.width - 20, y: VIEWPORT.height - 20 },
      { x: VIEWPORT.width - 100, y: 20 },
      { x: VIEWPORT.width / 2, y: 20 },
    ]) {
      await tap(page, elsewhere, 5, 100);
      await page.clock.runFor(5_000);
    }
    expect(await staffExits(page)).toBe(0);
  });
});
