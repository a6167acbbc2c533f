import type { Page } from '@playwright/test';
import { expect, test, type KioskServer } from './support/fixtures.ts';
import { pauseClock } from './support/clock.ts';
import { CheckInPage } from './pages/CheckInPage.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { RegistrationPage } from './pages/RegistrationPage.ts';
import { ResultPanel } from './pages/ResultPanel.ts';
import { recordTones, TONES } from './support/outcomes.ts';
import { ScanPage } from './pages/ScanPage.ts';

const ADA = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };

/** The colour the screen below the bar shows. */
const screenColour = (page: Page) =>
  page.evaluate<string>("getComputedStyle(document.querySelector('.kiosk-main')).backgroundColor");

/** What the queue sees and hears for each outcome: the screen's colour and the tones played, in order. */
const OUTCOMES = {
  success: { colour: 'rgb(21, 128, 61)', tones: TONES.success },
  already: { colour: 'rgb(109, 40, 217)', tones: TONES.already },
  warning: { colour: 'rgb(245, 158, 11)', tones: TONES.warning },
  error: { colour: 'rgb(185, 28, 28)', tones: TONES.error },
};

/**
 * The result screen shows `outcome` in its colour, and the kiosk has played its tones: those and no others
 * since `tones` was last read.
 */
async function expectOutcome(
  page: Page,
  tones: () => Promise<number[]>,
  outcome: keyof typeof OUTCOMES,
): Promise<void> {
  // Boxed: a failure points at the test's line that expected this outcome.
  await test.step(
    `the ${outcome} outcome`,
    async () => {
      await expect(new ResultPanel(page).root).toHaveAttribute('data-tone', outcome);
      expect(await screenColour(page)).toBe(OUTCOMES[outcome].colour);
      await expect.poll(tones).toEqual(OUTCOMES[outcome].tones);
    },
    { box: true },
  );
}

/** An event with Ada registered, its check-in page, and the tones the kiosk plays from now on. */
async function kioskWithAda(page: Page, server: KioskServer) {
  const tones = await recordTones(page);
  const event = server.createEvent();
  await server.register(event, ADA);
  return { tones, event, checkIn: new CheckInPage(page) };
}

test('each outcome has its own full-screen colour and sound; "already" and "not registered" differ', async ({
  page,
  server,
  expectAccessible,
}) => {
  const { tones, event, checkIn } = await kioskWithAda(page, server);
  const home = new KioskHomePage(page);
  await checkIn.open(event.uuid);

  await checkIn.checkIn(ADA.email);
  await expectOutcome(page, tones, 'success');
  await expectAccessible();
  await checkIn.result.button('Done').click();

  await home.action('Check in').click();
  await checkIn.checkIn(ADA.email);
  await expect(checkIn.result.heading).toHaveText('Already checked in');
  await expectOutcome(page, tones, 'already');
  await expectAccessible();
  await checkIn.result.button('Done').click();

  await home.action('Check in').click();
  await checkIn.checkIn('nobody@example.com');
  await expectOutcome(page, tones, 'warning');
  await expectAccessible();

  const pending = server.createEvent({ requires_approval: true });
  await server.register(pending, ADA);
  await checkIn.open(pending.uuid);
  await checkIn.checkIn(ADA.email);
  await expectOutcome(page, tones, 'error');
  await expectAccessible();
});

test('a scanned code gets the same colours and sounds as a typed email', async ({ page, server }) => {
  const { tones, event } = await kioskWithAda(page, server);
  const code = server.attendee(event, ADA.email)!.checkinCode;
  await page.clock.install();
  const home = new KioskHomePage(page);
  await home.open(event.uuid);
  await pauseClock(page);

  await home.scanWithWedge(code);
  await expectOutcome(page, tones, 'success');
  await new ResultPanel(page).button('Done').click();

  // Scanned again once the same code no longer counts as the same person still at the kiosk (3 s).
  await page.clock.runFor(3_000);
  await home.scanWithWedge(code);
  await expectOutcome(page, tones, 'already');
});

test('?sound=off mutes the kiosk and is remembered; the start page turns sound back on', async ({
  page,
  server,
  expectAccessible,
}) => {
  const { tones, event, checkIn } = await kioskWithAda(page, server);
  await checkIn.open(event.uuid, '?sound=off');
  await checkIn.checkIn('nobody@example.com');
  await expect(checkIn.result.root).toHaveAttribute('data-tone', 'warning');

  // Reopened without the parameter: still muted.
  await checkIn.open(event.uuid);
  await checkIn.checkIn(ADA.email);
  await expect(checkIn.result.root).toHaveAttribute('data-tone', 'success');
  expect(await tones()).toEqual([]);

  await page.goto('/');
  const toggle = page.getByLabel('Play a sound for each result on this device’s kiosks');
  await expect(toggle).not.toBeChecked();
  await expectAccessible();
  await toggle.check();
  await checkIn.open(event.uuid);
  await checkIn.checkIn('nobody@example.com');
  await expect(checkIn.result.root).toHaveAttribute('data-tone', 'warning');
  await expect.poll(tones).toEqual(OUTCOMES.warning.tones);
});

test.describe('on the page clock', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  test('a scanned profile goes with the result timer, not at the idle reset', async ({ page, server }) => {
    const event = server.createEvent();
    const ada = server.createUser({ firstName: 'Ada', lastName: 'Lovelace', publicFields: ['first_name'] });
    const scan = new ScanPage(page);
    await scan.open(event.uuid, '?idle=600&result=5');
    await scan.expectCamera('missing');
    await pauseClock(page);
    await scan.scanWithWedge(ada.profileCode);
    await expect(scan.profile).toBeVisible();
    await expect(page.getByTestId('profile-countdown')).toHaveText('Returning to the start screen in 5 s.');

    await page.clock.runFor(4_000);
    await expect(scan.profile).toBeVisible();
    await page.clock.runFor(1_000);
    await new KioskHomePage(page).expectShown(event.name);
    await expect(page.getByText('Ada')).toHaveCount(0);
  });

  test('"Still there?" counts down before the idle reset clears a half-filled form; Continue keeps it', async ({
    page,
    server,
  }) => {
    const event = server.createEvent();
    const registration = new RegistrationPage(page);
    await registration.open(event.uuid, '?idle=60&still=15');
    await registration.fill({ 'First name': 'Ada' });
    await registration.keyboard.settle();
    await pauseClock(page);
    await registration.field('First name').press('a');

    const dialog = page.getByRole('alertdialog', { name: 'Still there?' });
    await page.clock.runFor(44_000);
    await expect(dialog).toHaveCount(0);
    await page.clock.runFor(1_000);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('cleared in 15 s');
    await page.clock.runFor(5_000);
    await expect(dialog).toContainText('cleared in 10 s');

    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toHaveCount(0);
    await page.clock.runFor(20_000);
    await expect(registration.field('First name')).toHaveValue('Adaa');

    // Left alone again: the warning, then the reset.
    await page.clock.runFor(25_000);
    await expect(dialog).toBeVisible();
    await page.clock.runFor(15_000);
    await new KioskHomePage(page).expectShown(event.name);
    await expect(dialog).toHaveCount(0);
  });

  test('an empty form goes home at the idle reset without asking', async ({ page, server }) => {
    const event = server.createEvent();
    const registration = new RegistrationPage(page);
    await registration.open(event.uuid, '?idle=60&still=15');
    await pauseClock(page);
    await registration.field('First name').press('Tab');
    await page.clock.runFor(59_000);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.clock.runFor(1_000);
    await new KioskHomePage(page).expectShown(event.name);
  });
});

test('"Still there?" is accessible and leaves the focus in the form', async ({
  page,
  server,
  expectAccessible,
}) => {
  await page.clock.install();
  const event = server.createEvent();
  const registration = new RegistrationPage(page);
  // Warned a tenth of a second after the last key, reset ten minutes later: the dialog stays while axe runs.
  await registration.open(event.uuid, '?idle=600&still=599.9');
  await registration.field('First name').fill('Ada');
  const dialog = page.getByRole('alertdialog', { name: 'Still there?' });
  await expect(dialog).toBeVisible();
  await expectAccessible();
  // Continue starts the idle timer again, which warns a tenth of a second later: the page's clock stops first, so
  // that the dialog cannot come back before the test looks (it did, on a busy machine).
  await pauseClock(page);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(registration.field('First name')).toBeFocused();
});

for (const viewport of [
  { width: 1080, height: 1920 },
  { width: 768, height: 1024 },
]) {
  test(`the portrait home fills its ${viewport.width}x${viewport.height} screen with its tiles`, async ({
    page,
    server,
    expectAccessible,
  }) => {
    await page.setViewportSize(viewport);
    const event = server.createEvent({ name: 'Harbour Tech Day' });
    const home = new KioskHomePage(page);
    await home.open(event.uuid);
    await expect(home.actions).toHaveCount(3);
    const main = (await page.locator('.kiosk-main').boundingBox())!;
    const last = (await home.actions.last().boundingBox())!;
    const blank = main.y + main.height - (last.y + last.height);
    // Below the last tile: the main area's padding, not half a screen.
    expect(blank).toBeLessThan(viewport.height * 0.1);
    for (const tile of await home.actions.all()) {
      expect((await tile.boundingBox())!.height).toBeGreaterThan(viewport.height * 0.15);
    }
    await expectAccessible();
  });
}
