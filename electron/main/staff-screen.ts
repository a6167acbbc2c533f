import { BrowserWindow, type IpcMain, type IpcMainEvent, type IpcMainInvokeEvent } from 'electron';
import staffCss from '../staff/staff.css?raw';
import staffHtml from '../staff/index.html?raw';
import staffJs from '../staff/staff.ts?page-script';
import { IPC, type StaffChange, type StaffPairRequest } from '../bridge.ts';
import { isAllowedUrl, lockDownContents } from './security.ts';
import type { StaffController } from './staff-controller.ts';

/**
 * The staff screen is the shell's own page, not the kiosk's: it is served from a private scheme by the main
 * process, so nothing on the kiosk's origin (or the hub's) can load it or reach its bridge.
 */
export const STAFF_SCHEME = 'arrivals-staff';
export const STAFF_ORIGIN = `${STAFF_SCHEME}://staff`;

/** Its own scripts and styles only; QR codes arrive as data: images. No network at all. */
export const STAFF_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const FILES: Record<string, { body: string; type: string }> = {
  '/': { body: staffHtml, type: 'text/html; charset=utf-8' },
  '/index.html': { body: staffHtml, type: 'text/html; charset=utf-8' },
  '/staff.js': { body: staffJs, type: 'text/javascript; charset=utf-8' },
  '/staff.css': { body: staffCss, type: 'text/css; charset=utf-8' },
};

/** The answer to a request on the staff scheme: one of its three files, or 404 for anything else. */
export function staffPageResponse(url: string): {
  status: number;
  body: string;
  headers: Record<string, string>;
} {
  const file = isAllowedUrl(url, STAFF_ORIGIN) ? FILES[new URL(url).pathname] : undefined;
  if (!file) return { status: 404, body: 'Not found', headers: { 'content-type': 'text/plain' } };
  return {
    status: 200,
    body: file.body,
    headers: { 'content-type': file.type, 'content-security-policy': STAFF_CSP, 'cache-control': 'no-store' },
  };
}

/** IPC from anything but the staff page (the kiosk page, a frame) is ignored. */
export function isFromStaffPage(event: IpcMainEvent | IpcMainInvokeEvent): boolean {
  const url = event.senderFrame?.url;
  return typeof url === 'string' && isAllowedUrl(url, STAFF_ORIGIN);
}

export interface StaffScreenActions {
  /** Back to the kiosk (closes the staff window). */
  close(): void;
  quit(): void;
}

/** The staff page's IPC: each call checked for its sender, then handed to the controller. */
export function registerStaffIpc(
  ipcMain: IpcMain,
  controller: StaffController,
  actions: StaffScreenActions,
): void {
  const refuse = () => Promise.reject(new Error('Not the staff screen.'));
  ipcMain.handle(IPC.staffUnlock, (event, pin: unknown) =>
    isFromStaffPage(event) ? controller.unlock(String(pin)) : refuse(),
  );
  ipcMain.handle(IPC.staffState, (event) => (isFromStaffPage(event) ? controller.state() : refuse()));
  ipcMain.handle(IPC.staffSave, async (event, change: StaffChange) => {
    if (!isFromStaffPage(event)) return refuse();
    const result = await controller.save(change);
    if (result.ok) actions.close();
    return result;
  });
  ipcMain.handle(IPC.staffSetPin, (event, pin: unknown) =>
    isFromStaffPage(event) ? controller.setPin(String(pin)) : refuse(),
  );
  ipcMain.handle(IPC.staffFindHubs, (event) => (isFromStaffPage(event) ? controller.findHubs() : refuse()));
  ipcMain.handle(IPC.staffPair, (event, request: StaffPairRequest) =>
    isFromStaffPage(event) ? controller.pair(request) : refuse(),
  );
  ipcMain.handle(IPC.staffUnpair, (event) => (isFromStaffPage(event) ? controller.unpair() : refuse()));
  ipcMain.on(IPC.staffClose, (event) => {
    // Without a PIN the kiosk would stand in the hall with its staff screen one chord away: it stays covered
    // until staff choose one.
    if (isFromStaffPage(event) && !controller.needsPin()) actions.close();
  });
  ipcMain.on(IPC.staffQuit, (event) => {
    // Quitting needs the PIN too: an attendee at the locked prompt must not be able to end the kiosk. A kiosk
    // without a PIN yet serves nobody, and whoever installs it may quit before choosing one.
    if (isFromStaffPage(event) && (controller.unlocked || controller.needsPin())) actions.quit();
  });
}

/** The staff window: over the kiosk, modal, kiosk-locked like it, locked to the staff origin. */
export function openStaffWindow(parent: BrowserWindow, preload: string, production: boolean): BrowserWindow {
  const window = new BrowserWindow({
    parent,
    modal: true,
    kiosk: true,
    frame: false,
    show: false,
    backgroundColor: '#1f2933',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      devTools: !production,
    },
  });
  window.removeMenu();
  lockDownContents(window.webContents, () => STAFF_ORIGIN);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${STAFF_ORIGIN}/`);
  return window;
}
