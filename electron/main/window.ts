import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import { lockDownContents } from './security.ts';

export interface KioskWindowSettings {
  /** The preload script's absolute path (out/preload/index.cjs); none for a window that needs no bridge. */
  preload?: string;
  /** The session the pages use; Electron's default session when absent. */
  partition?: string;
  /** Packaged builds: no devtools. A development run keeps them for the engineer at the keyboard. */
  production: boolean;
}

/**
 * The kiosk window: full screen in kiosk mode, no frame or menu, and a renderer with no Node, isolated from the
 * preload and sandboxed (Electron's checklist). Pure, so the tests read the options the window gets.
 */
export function kioskWindowOptions(settings: KioskWindowSettings): BrowserWindowConstructorOptions {
  return {
    kiosk: true,
    fullscreen: true,
    frame: false,
    autoHideMenuBar: true,
    // Shown once the first page has painted, so attendees never see a white flash.
    show: false,
    backgroundColor: '#ffffff',
    title: 'Arrivals',
    webPreferences: {
      ...(settings.preload ? { preload: settings.preload } : {}),
      ...(settings.partition ? { partition: settings.partition } : {}),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: !settings.production,
    },
  };
}

/** Opens the kiosk window on `url`, locked to the app's origin; the caller adds the kiosk lock (kiosk-lock.ts). */
export function createKioskWindow(
  url: string,
  appOrigin: () => string,
  settings: KioskWindowSettings,
): BrowserWindow {
  const window = new BrowserWindow(kioskWindowOptions(settings));
  // No application menu on any platform: its accelerators (Cmd+Q, Cmd+W, reload) would bypass the kiosk lock.
  window.removeMenu();
  lockDownContents(window.webContents, appOrigin);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(url);
  return window;
}
