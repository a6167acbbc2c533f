import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createKioskWindow, kioskWindowOptions } from '../../../electron/main/window.ts';
import { cancellable, FakeBrowserWindow } from './fake-electron.ts';

vi.mock('electron', async () => (await import('./fake-electron.ts')).electronModule);

const PRELOAD = '/app/out/preload/index.cjs';

describe('kioskWindowOptions', () => {
  it('is a full-screen kiosk without frame or menu bar, shown once painted', () => {
    const options = kioskWindowOptions({ preload: PRELOAD, production: true });
    expect(options).toMatchObject({
      kiosk: true,
      fullscreen: true,
      frame: false,
      autoHideMenuBar: true,
      show: false,
    });
  });

  it("follows Electron's security checklist", () => {
    expect(kioskWindowOptions({ preload: PRELOAD, production: true }).webPreferences).toMatchObject({
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
  });

  it('turns devtools off in production and leaves them for development', () => {
    expect(kioskWindowOptions({ preload: PRELOAD, production: true }).webPreferences?.devTools).toBe(false);
    expect(kioskWindowOptions({ preload: PRELOAD, production: false }).webPreferences?.devTools).toBe(true);
  });
});

describe('createKioskWindow', () => {
  beforeEach(() => {
    FakeBrowserWindow.instances = [];
  });

  it('opens the page, removes the menu, shows the window once ready and locks navigation to the app', () => {
    const window = createKioskWindow('http://127.0.0.1:8787/kiosk/x', () => 'http://127.0.0.1:8787', {
      preload: PRELOAD,
      production: true,
    }) as unknown as FakeBrowserWindow;
    expect(window.options).toEqual(kioskWindowOptions({ preload: PRELOAD, production: true }));
    expect(window.removeMenu).toHaveBeenCalled();
    expect(window.loadURL).toHaveBeenCalledWith('http://127.0.0.1:8787/kiosk/x');
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalled();
    expect(window.webContents.openHandler?.({})).toEqual({ action: 'deny' });
    const away = cancellable({ url: 'https://evil.example/' });
    window.webContents.emit('will-navigate', away);
    expect(away.defaultPrevented).toBe(true);
  });
});
