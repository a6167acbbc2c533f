import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC, type StaffState } from '../../../electron/bridge.ts';
import { replicaDirOf } from '../../../electron/main/modes.ts';
import { changesWaitingReason } from '../../../electron/main/pairing.ts';
import { readSettings, writeSettings, DEFAULT_SETTINGS } from '../../../electron/main/settings.ts';
import { STAFF_ORIGIN } from '../../../electron/main/staff-screen.ts';
import { buildApp } from '../../../server/app.ts';
import { createEvent, createOrganization, registration, tempDataDir, UNLIMITED } from '../../helpers/app.ts';
import { freePort } from '../../helpers/server-process.ts';
import {
  app,
  cancellable,
  defaultSession,
  electronModule,
  FakeBrowserWindow,
  FakeWebContents,
  ipcMain,
  partitions,
} from './fake-electron.ts';

vi.mock('electron', async () => (await import('./fake-electron.ts')).electronModule);

const fromStaff = { senderFrame: { url: `${STAFF_ORIGIN}/` } };

/** Ctrl+Alt+Shift+A on a window; returns the window it opened (the staff screen). */
function staffChord(window: FakeBrowserWindow): FakeBrowserWindow {
  const before = FakeBrowserWindow.instances.length;
  window.webContents.emit('before-input-event', cancellable(), {
    type: 'keyDown',
    key: 'a',
    control: true,
    alt: true,
    shift: true,
    meta: false,
  });
  expect(FakeBrowserWindow.instances).toHaveLength(before + 1);
  return FakeBrowserWindow.instances[before]!;
}

/** The PIN the first test chooses when the new install asks for one. */
const PIN = '246801';

/** Through the staff screen: unlock with the PIN and save a view. */
async function chooseView(over: FakeBrowserWindow, view: 'kiosk' | 'dashboard'): Promise<FakeBrowserWindow> {
  const staff = staffChord(over);
  expect(staff.options.parent).toBe(over);
  expect(await ipcMain.invoke(IPC.staffUnlock, fromStaff, PIN)).toEqual({ outcome: 'open' });
  const change = { mode: 'standalone', hubAddress: '', eventId: null, view };
  expect(await ipcMain.invoke(IPC.staffSave, fromStaff, change)).toEqual({ ok: true });
  expect(staff.isDestroyed()).toBe(true);
  return staff;
}

/** The wiring in electron/main/index.ts, end to end against the fake Electron and a real embedded server. */
describe('the desktop shell starting up', () => {
  const dataDir = tempDataDir();
  let port: number;
  let kiosk: FakeBrowserWindow;

  beforeAll(async () => {
    port = await freePort();
    writeSettings(dataDir, { ...DEFAULT_SETTINGS, port });
    // The shell loads better-sqlite3's addon from <app>/out/native. Under vitest that is Node's own build.
    const appPath = path.join(dataDir, 'app');
    fs.mkdirSync(path.join(appPath, 'out', 'native'), { recursive: true });
    fs.copyFileSync(
      createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node'),
      path.join(appPath, 'out', 'native', 'better_sqlite3.node'),
    );
    app.getAppPath.mockReturnValue(appPath);
    vi.stubEnv('ARRIVALS_DATA_DIR', dataDir);
    FakeBrowserWindow.instances = [];
    await import('../../../electron/main/index.ts');
    await vi.waitFor(
      () => {
        expect(electronModule.dialog.showErrorBox.mock.calls).toEqual([]);
        // The kiosk, and over it the staff screen asking this new install for its first PIN.
        expect(FakeBrowserWindow.instances).toHaveLength(2);
      },
      { timeout: 10_000 },
    );
    kiosk = FakeBrowserWindow.instances[0]!;
  });

  afterAll(() => {
    vi.unstubAllEnvs();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('covers the kiosk with the staff screen until a first PIN is chosen', async () => {
    const staff = FakeBrowserWindow.instances[1]!;
    expect(staff.options.parent).toBe(kiosk);
    expect(staff.loadURL).toHaveBeenCalledWith(`${STAFF_ORIGIN}/`);
    expect((await ipcMain.invoke(IPC.staffState, fromStaff)) as StaffState).toMatchObject({
      pinSet: false,
      unlocked: false,
      setupCode: null,
    });
    // No way back to the kiosk, and nothing opens, before the PIN.
    ipcMain.emit(IPC.staffClose, fromStaff);
    expect(staff.isDestroyed()).toBe(false);
    expect(await ipcMain.invoke(IPC.staffUnlock, fromStaff, '')).toEqual({ outcome: 'no-pin' });
    const change = { mode: 'hub', hubAddress: '', eventId: null, view: 'kiosk' };
    expect(await ipcMain.invoke(IPC.staffSave, fromStaff, change)).toEqual({
      ok: false,
      reason: 'Choose a staff PIN first.',
    });
    expect(await ipcMain.invoke(IPC.staffSetPin, fromStaff, PIN)).toEqual({ ok: true });
    expect(readSettings(dataDir).settings.pinHash).toMatch(/^scrypt\$/);
    expect((await ipcMain.invoke(IPC.staffState, fromStaff)) as StaffState).toMatchObject({
      pinSet: true,
      unlocked: true,
    });
    ipcMain.emit(IPC.staffClose, fromStaff);
    expect(staff.isDestroyed()).toBe(true);
  });

  it('keeps its data and Chromium profile in the data dir, and shows no menu', () => {
    expect(app.setPath).toHaveBeenCalledWith('userData', dataDir);
    expect(electronModule.Menu.setApplicationMenu).toHaveBeenCalledWith(null);
    expect(electronModule.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'arrivals-staff', privileges: { standard: true, secure: true } },
    ]);
  });

  it('opens the locked kiosk window on its own embedded server', async () => {
    expect(kiosk.options).toMatchObject({
      kiosk: true,
      webPreferences: { sandbox: true, contextIsolation: true },
    });
    expect(kiosk.loadURL).toHaveBeenCalledWith(`http://127.0.0.1:${port}/`);
    const status = await fetch(`http://127.0.0.1:${port}/satellite/status`).then((r) => r.json());
    expect(status).toEqual({ satellite: false, hub: null, hub_reachable: null });
    kiosk.close();
    expect(kiosk.isDestroyed()).toBe(false);
  });

  it("keeps the kiosk's session free of the dashboard: no cookies, no dashboard API", () => {
    expect(defaultSession.clearStorageData).toHaveBeenCalledWith({ storages: ['cookies'] });
    const callback = vi.fn();
    defaultSession.beforeRequest!({ url: `http://127.0.0.1:${port}/dashboard/api/setup` }, callback);
    expect(callback).toHaveBeenCalledWith({ cancel: true });
  });

  it('prints the kiosk page itself, silently, when the kiosk asks, and for no other page', async () => {
    const printed = ipcMain.invoke(IPC.kioskPrintPage, { sender: kiosk.webContents }) as Promise<unknown>;
    const [options, done] = kiosk.webContents.print.mock.calls.at(-1)! as [
      unknown,
      (ok: boolean, reason: string) => void,
    ];
    expect(options).toMatchObject({ silent: true });
    done(true, '');
    expect(await printed).toEqual({ ok: true });

    const stranger = new FakeWebContents();
    expect(await ipcMain.invoke(IPC.kioskPrintPage, { sender: stranger })).toEqual({
      ok: false,
      reason: 'Only the kiosk window prints badges.',
    });
    expect(stranger.print).not.toHaveBeenCalled();
  });

  it('opens the dashboard in a session of its own, and signs staff out on the way back to the kiosk', async () => {
    const origin = `http://127.0.0.1:${port}`;
    const before = FakeBrowserWindow.instances.length;
    await chooseView(kiosk, 'dashboard');
    expect(FakeBrowserWindow.instances).toHaveLength(before + 2);
    const dashboard = FakeBrowserWindow.instances.at(-1)!;
    expect(dashboard.options).toMatchObject({ kiosk: true, webPreferences: { partition: 'dashboard' } });
    expect(dashboard.options.webPreferences).not.toHaveProperty('preload');
    expect(dashboard.loadURL).toHaveBeenCalledWith(`${origin}/dashboard`);
    expect(readSettings(dataDir).settings.view).toBe('dashboard');
    // The kiosk window stays on the kiosk underneath.
    expect(kiosk.loadURL).toHaveBeenLastCalledWith(`${origin}/`);

    // Staff set the install up in the dashboard; its session holds the sign-in.
    const setup = await fetch(`${origin}/dashboard/api/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        organization_name: 'City Hall',
        name: 'Olivia Owner',
        email: 'olivia@example.com',
        password: 'correct horse battery',
      }),
    });
    expect(setup.status, await setup.clone().text()).toBe(201);
    const cookie = /arrivals_session=([^;]+)/.exec(setup.headers.get('set-cookie') ?? '')![1]!;
    const dashboardSession = partitions.get('dashboard')!;
    dashboardSession.cookieJar = [{ name: 'arrivals_session', value: cookie }];
    const signedIn = async () =>
      (await fetch(`${origin}/dashboard/api/session`, { headers: { cookie: `arrivals_session=${cookie}` } }))
        .status === 200;
    expect(await signedIn()).toBe(true);

    // The staff screen opens over the dashboard; choosing the kiosk closes it and ends the session.
    await chooseView(dashboard, 'kiosk');
    expect(dashboard.isDestroyed()).toBe(true);
    expect(await signedIn()).toBe(false);
    expect(dashboardSession.cookieJar).toEqual([]);
    expect(readSettings(dataDir).settings.view).toBe('kiosk');
  });

  it("goes back to the kiosk, signed out, when staff follow the dashboard's link to it", async () => {
    await chooseView(kiosk, 'dashboard');
    const dashboard = FakeBrowserWindow.instances.at(-1)!;
    const dashboardSession = partitions.get('dashboard')!;
    dashboardSession.cookieJar = [{ name: 'arrivals_session', value: 'whatever' }];
    dashboard.webContents.emit('did-navigate-in-page', {}, `http://127.0.0.1:${port}/`);
    await vi.waitFor(() => expect(dashboardSession.cookieJar).toEqual([]));
    expect(dashboard.isDestroyed()).toBe(true);
    expect(readSettings(dataDir).settings.view).toBe('kiosk');
  });

  it('pairs with a hub from the staff screen, runs as its replica, and unpairs once nothing waits', async () => {
    const origin = `http://127.0.0.1:${port}`;
    const hubDir = tempDataDir();
    const startHub = async (hubPort: number) => {
      const hub = await buildApp({ dataDir: hubDir, kioskDir: false, rateLimits: UNLIMITED });
      await hub.listen({ host: '127.0.0.1', port: hubPort });
      return hub;
    };
    let hub = await startHub(0);
    const hubPort = (hub.server.address() as AddressInfo).port;
    const hubUrl = `http://127.0.0.1:${hubPort}`;
    const event = createEvent(hub, createOrganization(hub, 'Hub Hall'), { name: 'Hub Night' });
    const code = hub.ctx.syncHub.createPairingCode(event.organizationId, [event.uuid]);
    if (!code.ok) throw new Error('no pairing code');
    const status = () =>
      fetch(`${origin}/satellite/status`).then((r) => r.json() as Promise<{ replica?: { waiting: number } }>);
    const staffState = async () => (await ipcMain.invoke(IPC.staffState, fromStaff)) as StaffState;
    try {
      const staff = staffChord(kiosk);
      expect(await ipcMain.invoke(IPC.staffUnlock, fromStaff, PIN)).toEqual({ outcome: 'open' });
      const request = { hubAddress: `127.0.0.1:${hubPort}`, code: code.code, name: 'Front door' };
      expect(await ipcMain.invoke(IPC.staffPair, fromStaff, request)).toEqual({ ok: true });
      // The staff screen stays open on "paired with"; the kiosk shows the hub's only event from the replica.
      expect(staff.isDestroyed()).toBe(false);
      expect(readSettings(dataDir).settings).toMatchObject({
        mode: 'satellite',
        hubUrl,
        eventId: event.uuid,
      });
      expect(kiosk.loadURL).toHaveBeenLastCalledWith(`${origin}/kiosk/${event.uuid}`);
      expect(await status()).toMatchObject({ satellite: true, hub: hubUrl, replica: { waiting: 0 } });
      expect((await staffState()).pairing).toMatchObject({ hubUrl, waiting: 0 });
      expect(hub.ctx.syncHub.listDevices(event.organizationId).map((d) => d.name)).toEqual(['Front door']);

      // With the hub away, the kiosk registers someone: unpairing would lose that, so it is refused.
      await hub.close();
      const registered = await fetch(`${origin}/public/events/${event.uuid}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(registration('walk.in@example.com')),
      });
      expect(registered.status, await registered.clone().text()).toBe(201);
      expect(await ipcMain.invoke(IPC.staffUnpair, fromStaff)).toEqual({
        ok: false,
        reason: changesWaitingReason(1),
      });
      expect((await staffState()).pairing).toMatchObject({ waiting: 1 });

      // The hub comes back and takes it; then unpairing goes back to the kiosk's own database.
      hub = await startHub(hubPort);
      await vi.waitFor(async () => expect((await status()).replica?.waiting).toBe(0), { timeout: 20_000 });
      expect(hub.store.repos.attendees.findForEmail(event.id, 'walk.in@example.com')).not.toBeNull();
      expect(await ipcMain.invoke(IPC.staffUnpair, fromStaff)).toEqual({ ok: true });
      expect(readSettings(dataDir).settings).toMatchObject({ mode: 'standalone', eventId: null });
      expect(await status()).toEqual({ satellite: false, hub: null, hub_reachable: null });
      expect(kiosk.loadURL).toHaveBeenLastCalledWith(`${origin}/`);
      expect(fs.existsSync(path.join(replicaDirOf(dataDir), 'arrivals.db'))).toBe(false);
      expect((await staffState()).pairing).toBeNull();
      ipcMain.emit(IPC.staffClose, fromStaff);
      expect(staff.isDestroyed()).toBe(true);
    } finally {
      await hub.close();
      fs.rmSync(hubDir, { recursive: true, force: true });
    }
  });

  it('opens the staff screen on the chord, and quits only from there once unlocked', async () => {
    const staff = staffChord(kiosk);
    expect(staff.loadURL).toHaveBeenCalledWith(`${STAFF_ORIGIN}/`);

    ipcMain.emit(IPC.staffQuit, fromStaff);
    expect(app.exit).not.toHaveBeenCalled();
    expect(await ipcMain.invoke(IPC.staffUnlock, fromStaff, PIN)).toEqual({ outcome: 'open' });
    ipcMain.emit(IPC.staffQuit, fromStaff);
    await vi.waitFor(() => expect(app.exit).toHaveBeenCalledWith(0));
    await expect(fetch(`http://127.0.0.1:${port}/satellite/status`)).rejects.toThrow();
  });

  it('clears the staff PIN when started a second time with --reset-staff-pin', async () => {
    expect(await ipcMain.invoke(IPC.staffSetPin, fromStaff, '975310')).toEqual({ ok: true });
    expect(readSettings(dataDir).settings.pinHash).toMatch(/^scrypt\$/);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    // A plain second start only brings the kiosk forward.
    app.emit('second-instance', {}, ['arrivals']);
    expect(kiosk.focus).toHaveBeenCalled();
    expect(readSettings(dataDir).settings.pinHash).toMatch(/^scrypt\$/);

    const before = FakeBrowserWindow.instances.length;
    app.emit('second-instance', {}, ['arrivals', '--reset-staff-pin']);
    expect(readSettings(dataDir).settings).toMatchObject({
      pinHash: null,
      pinAttempts: { failures: 0, lockedUntil: 0 },
    });
    expect(log).toHaveBeenCalledWith(
      'arrivals: the staff PIN is cleared; the staff screen asks for a new one.',
    );
    // The staff screen covers the kiosk again, asking for the new PIN.
    expect(FakeBrowserWindow.instances).toHaveLength(before + 1);
    expect(FakeBrowserWindow.instances.at(-1)!.options.parent).toBe(kiosk);
    expect(await ipcMain.invoke(IPC.staffUnlock, fromStaff, PIN)).toEqual({ outcome: 'no-pin' });
    log.mockRestore();
  });
});
