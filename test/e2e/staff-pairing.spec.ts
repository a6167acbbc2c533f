import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { Page } from '@playwright/test';
import type { StaffBridge } from '../../electron/bridge.ts';
import { replicaDirOf } from '../../electron/main/modes.ts';
import { createDesktopPairing } from '../../electron/main/pairing.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../electron/main/settings.ts';
import { createStaffController } from '../../electron/main/staff-controller.ts';
import { buildApp } from '../../server/app.ts';
import { tempDataDir, UNLIMITED } from '../helpers/app.ts';
import { expect, test } from './support/fixtures.ts';

const STAFF_DIR = path.resolve(import.meta.dirname, '../../electron/staff');
/** The staff page is served by the shell from a private scheme; here, from a made-up origin the test answers. */
const STAFF_URL = 'http://staff.test/';

/** The staff page's script, bundled as the build does it (electron/page-script.ts). */
async function staffScript(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(STAFF_DIR, 'staff.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/**
 * Opens the staff page in Chromium over the shell's real staff controller and pairing (electron/main/
 * staff-controller.ts, pairing.ts), with the preload's bridge (electron/preload/staff.ts) calling them through
 * `exposeFunction` instead of IPC. The embedded server is not run: what the shell would do to it is recorded.
 */
async function openStaffScreen(page: Page, dataDir: string) {
  let settings: Settings = { ...DEFAULT_SETTINGS };
  const serverRestarts: Settings['mode'][] = [];
  const pairing = createDesktopPairing({
    dataDir,
    settings: () => settings,
    apply: async (next, { restartServer }) => {
      settings = next;
      if (restartServer) serverRestarts.push(next.mode);
    },
    liveStatus: () => null,
    stopServer: async () => {},
    startServer: async () => {},
    defaultName: () => 'kiosk-7',
  });
  const controller = createStaffController({
    settings: () => settings,
    apply: async (next) => {
      settings = next;
    },
    persist: (next) => {
      settings = next;
    },
    events: async () => [],
    lanUrls: async () => [],
    findHubs: async () => [],
    setupCode: () => null,
    pairing,
    now: () => Date.now(),
  });
  const calls: Record<string, (argument: never) => unknown> = {
    state: () => controller.state(),
    unlock: (pin: string) => controller.unlock(pin),
    setPin: (pin: string) => controller.setPin(pin),
    pair: (request: Parameters<StaffBridge['pair']>[0]) => controller.pair(request),
    unpair: () => controller.unpair(),
  };
  await page.exposeFunction('staffCall', (name: string, argument: never) => calls[name]!(argument));
  await page.addInitScript({
    content: `window.arrivalsStaff = {
      state: () => staffCall('state'),
      unlock: (pin) => staffCall('unlock', pin),
      save: async () => ({ ok: false, reason: 'not in this test' }),
      setPin: (pin) => staffCall('setPin', pin),
      findHubs: async () => [],
      pair: (request) => staffCall('pair', request),
      unpair: () => staffCall('unpair'),
      close: () => {},
      quit: () => {},
    };`,
  });
  const files: Record<string, { body: string; contentType: string }> = {
    '/': { body: fs.readFileSync(path.join(STAFF_DIR, 'index.html'), 'utf8'), contentType: 'text/html' },
    '/staff.css': {
      body: fs.readFileSync(path.join(STAFF_DIR, 'staff.css'), 'utf8'),
      contentType: 'text/css',
    },
    '/staff.js': { body: await staffScript(), contentType: 'text/javascript' },
  };
  await page.route(`${STAFF_URL}**`, (route) => {
    const file = files[new URL(route.request().url()).pathname];
    return file ? route.fulfill({ ...file, status: 200 }) : route.fulfill({ status: 404 });
  });
  await page.goto(STAFF_URL);
  // This new install has no PIN: the staff screen asks for one before anything else, and the first one opens it.
  await expect(page.getByRole('heading', { name: 'Choose a staff PIN' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Pairing with a hub' })).toBeHidden();
  const firstPin = page.getByLabel('Staff PIN (6 to 12 digits)');
  await firstPin.fill('12');
  await page.getByRole('button', { name: 'Set the PIN' }).click();
  await expect(page.locator('#first-pin').getByRole('alert')).toHaveText('A staff PIN is 6 to 12 digits.');
  await firstPin.fill('246801');
  await page.getByRole('button', { name: 'Set the PIN' }).click();
  await expect(page.getByRole('group', { name: 'Pairing with a hub' })).toBeVisible();
  return { settings: () => settings, serverRestarts };
}

test('staff pair the desktop kiosk with a hub, are told what stops an unpairing, and unpair', async ({
  page,
  venue,
  expectAccessible,
}) => {
  const { hub } = venue;
  const event = hub.createEvent({ name: 'Launch Night' });
  const dataDir = tempDataDir();
  try {
    const shell = await openStaffScreen(page, dataDir);
    const section = page.getByRole('group', { name: 'Pairing with a hub' });
    const message = section.getByRole('alert');
    const hubAddress = hub.url.replace('http://', '');

    await page.getByLabel('Hub address').fill(hubAddress);
    await section.getByLabel('Pairing code').fill('WXYZ-WXYZ');
    await section.getByRole('button', { name: 'Pair with the hub' }).click();
    await expect(message).toHaveText('This pairing code is not valid. Ask for a new one on the hub.');
    expect(shell.serverRestarts).toEqual([]);

    await section.getByLabel('Pairing code').fill(` ${hub.pairingCode([event])} `);
    await section.getByLabel("This kiosk's name on the hub (optional)").fill('Front door');
    await section.getByRole('button', { name: 'Pair with the hub' }).click();
    await expect(message).toHaveText('Paired. This kiosk now runs as the hub’s replica.');
    await expect(section).toContainText(`Paired with the hub at ${hub.url}`);
    await expect(section).toContainText('Every change made here has reached the hub.');
    await expect(section.getByLabel('Pairing code')).toBeHidden();
    expect(shell.settings()).toMatchObject({ mode: 'satellite', hubUrl: hub.url, eventId: event.uuid });
    expect(shell.serverRestarts).toEqual(['satellite']);
    expect(
      hub
        .app()
        .ctx.syncHub.listDevices(hub.organization.id)
        .map((d) => d.name),
    ).toEqual(['Front door']);
    await expectAccessible(page, { touch: false });

    // The warning comes first, and keeping the pairing changes nothing.
    await section.getByRole('button', { name: 'Unpair…' }).click();
    await expect(section).toContainText('Changes made here that have not reached the hub would be lost');
    await section.getByRole('button', { name: 'Keep it paired' }).click();
    await expect(section.getByRole('button', { name: 'Unpair this kiosk' })).toBeHidden();

    // With the hub away, the kiosk's replica registers a walk-in: unpairing now would lose it.
    await hub.stop();
    const replica = await buildApp({
      dataDir: replicaDirOf(dataDir),
      kioskDir: false,
      rateLimits: UNLIMITED,
    });
    const walkIn = await replica.inject({
      method: 'POST',
      url: `/public/events/${event.uuid}/register`,
      payload: { email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' },
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    await replica.close();
    await section.getByRole('button', { name: 'Unpair…' }).click();
    await section.getByRole('button', { name: 'Unpair this kiosk' }).click();
    await expect(message).toHaveText(
      '1 change made on this kiosk has not reached the hub yet, and unpairing would lose it. Keep this kiosk ' +
        'connected to the hub until nothing is waiting, then unpair.',
    );
    expect(shell.settings().mode).toBe('satellite');

    // The hub is back and takes it; then the kiosk unpairs and goes back to its own database.
    await hub.start();
    const syncing = await buildApp({
      dataDir: replicaDirOf(dataDir),
      kioskDir: false,
      rateLimits: UNLIMITED,
    });
    await syncing.ctx.replica!.syncNow();
    await syncing.close();
    expect(hub.attendee(event, 'grace@example.com')).not.toBeNull();
    await section.getByRole('button', { name: 'Unpair this kiosk' }).click();
    await expect(message).toHaveText('Unpaired. This kiosk uses its own database again.');
    await expect(section.getByLabel('Pairing code')).toBeVisible();
    expect(shell.settings()).toMatchObject({ mode: 'standalone', eventId: null });
    expect(shell.serverRestarts).toEqual(['satellite', 'standalone']);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
