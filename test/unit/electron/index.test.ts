import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC } from '../../../electron/bridge.ts';
import { readSettings, writeSettings, DEFAULT_SETTINGS } from '../../../electron/main/settings.ts';
import { STAFF_ORIGIN } from '../../../electron/main/staff-screen.ts';
import { tempDataDir } from '../../helpers/app.ts';
import { freePort } from '../../helpers/server-process.ts';
import { app, cancellable, electronModule, FakeBrowserWindow, ipcMain } from './fake-electron.ts';

vi.mock('electron', async () => (await import('./fake-electron.ts')).electronModule);

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
        expect(FakeBrowserWindow.instances).toHaveLength(1);
      },
      { timeout: 10_000 },
    );
    kiosk = FakeBrowserWindow.instances[0]!;
  });

  afterAll(() => {
    vi.unstubAllEnvs();
    fs.rmSync(dataDir, { recursive: true, force: true });
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

  it('opens the staff screen on the chord, and quits only from there once unlocked', async () => {
    kiosk.webContents.emit('before-input-event', cancellable(), {
      type: 'keyDown',
      key: 'a',
      control: true,
      alt: true,
      shift: true,
      meta: false,
    });
    expect(FakeBrowserWindow.instances).toHaveLength(2);
    const staff = FakeBrowserWindow.instances[1]!;
    expect(staff.loadURL).toHaveBeenCalledWith(`${STAFF_ORIGIN}/`);

    const fromStaff = { senderFrame: { url: `${STAFF_ORIGIN}/` } };
    ipcMain.emit(IPC.staffQuit, fromStaff);
    expect(app.exit).not.toHaveBeenCalled();
    // No PIN set yet on this new install: the staff screen opens, then quits the app.
    expect(await ipcMain.invoke(IPC.staffUnlock, fromStaff, '')).toEqual({ outcome: 'open' });
    ipcMain.emit(IPC.staffQuit, fromStaff);
    await vi.waitFor(() => expect(app.exit).toHaveBeenCalledWith(0));
    await expect(fetch(`http://127.0.0.1:${port}/satellite/status`)).rejects.toThrow();
  });

  it('clears the staff PIN when started a second time with --reset-staff-pin', async () => {
    const fromStaff = { senderFrame: { url: `${STAFF_ORIGIN}/` } };
    expect(await ipcMain.invoke(IPC.staffSetPin, fromStaff, '246801')).toEqual({ ok: true });
    expect(readSettings(dataDir).settings.pinHash).toMatch(/^scrypt\$/);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    // A plain second start only brings the kiosk forward.
    app.emit('second-instance', {}, ['arrivals']);
    expect(kiosk.focus).toHaveBeenCalled();
    expect(readSettings(dataDir).settings.pinHash).toMatch(/^scrypt\$/);

    app.emit('second-instance', {}, ['arrivals', '--reset-staff-pin']);
    expect(readSettings(dataDir).settings).toMatchObject({
      pinHash: null,
      pinAttempts: { failures: 0, lockedUntil: 0 },
    });
    expect(log).toHaveBeenCalledWith(
      'arrivals: the staff PIN is cleared; the next staff exit opens without one.',
    );
    log.mockRestore();
  });
});
