import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, type BrowserWindow, dialog, ipcMain, Menu, protocol, session } from 'electron';
import QRCode from 'qrcode';
import { defaultDataDir } from '../../server/platform/config.ts';
import { IPC } from '../bridge.ts';
import { createDashboardWindow, DASHBOARD_PARTITION, type DashboardWindow } from './dashboard-window.ts';
import { browseHubs, publishHub } from './discovery.ts';
import { lockKioskWindow } from './kiosk-lock.ts';
import { kioskPath, lanUrls, serverPlan } from './modes.ts';
import { createDesktopPairing } from './pairing.ts';
import { badgePrinter } from './printing.ts';
import { keepDashboardApiAway, lockDownSession } from './security.ts';
import {
  nativeBindingPath,
  replicaStatusOf,
  setupCodeOf,
  startEmbeddedServer,
  type EmbeddedServer,
} from './server.ts';
import { readSettings, resetStaffPin, writeSettings, type Settings } from './settings.ts';
import { createStaffController } from './staff-controller.ts';
import { UNREADABLE_PIN_HASH } from './staff-exit.ts';
import { openStaffWindow, registerStaffIpc, STAFF_SCHEME, staffPageResponse } from './staff-screen.ts';
import { createKioskWindow } from './window.ts';

/**
 * The desktop shell: starts the embedded server, opens the locked kiosk window on it, and hands the staff chord to
 * the staff screen. Every decision lives in the modules it imports; this file only wires them to Electron.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const production = app.isPackaged;
// The same per-user folder as `arrivals serve`, so the CLI and the kiosk share one database.
const dataDir = process.env.ARRIVALS_DATA_DIR || defaultDataDir();
/** Clears a forgotten or unreadable staff PIN (electron/README.md, "Staff PIN"). */
const RESET_PIN_FLAG = '--reset-staff-pin';
const preloads = {
  kiosk: path.join(here, '../preload/index.cjs'),
  staff: path.join(here, '../preload/staff.cjs'),
};

protocol.registerSchemesAsPrivileged([
  { scheme: STAFF_SCHEME, privileges: { standard: true, secure: true } },
]);
app.setPath('userData', dataDir);

let settings: Settings;
let server: EmbeddedServer;
let serverRunning = false;
let kiosk: BrowserWindow;
let dashboard: DashboardWindow;
let staff: BrowserWindow | null = null;
let stopAnnouncing: (() => Promise<void>) | null = null;
let allowKioskClose = () => {};

const nativeBinding = nativeBindingPath({
  isPackaged: app.isPackaged,
  resourcesPath: process.resourcesPath,
  appPath: app.getAppPath(),
});

const pairing = createDesktopPairing({
  dataDir,
  nativeBinding,
  settings: () => settings,
  apply: (next, options) => applySettings(next, options),
  liveStatus: () => (serverRunning ? replicaStatusOf(server.app) : null),
  stopServer,
  startServer,
  defaultName: () => os.hostname(),
});

async function startServer(): Promise<void> {
  const plan = serverPlan(settings, {
    replicaPaired: settings.mode === 'satellite' && pairing.isPaired(),
  });
  server = await startEmbeddedServer({
    plan,
    dataDir,
    kioskDir: path.join(here, '../renderer'),
    nativeBinding,
  });
  serverRunning = true;
  if (settings.mode === 'hub') stopAnnouncing = publishHub(`Arrivals on ${os.hostname()}`, plan.port);
}

async function stopServer(): Promise<void> {
  await stopAnnouncing?.();
  stopAnnouncing = null;
  if (!serverRunning) return;
  serverRunning = false;
  await server.close();
}

async function applySettings(next: Settings, options: { restartServer: boolean }): Promise<void> {
  writeSettings(dataDir, next);
  settings = next;
  if (options.restartServer) {
    await stopServer();
    await startServer();
  }
  await kiosk.loadURL(server.origin + kioskPath(settings));
  await showView();
}

/** The dashboard over the kiosk, or the kiosk alone, with the dashboard's session signed out and emptied. */
async function showView(): Promise<void> {
  if (settings.view === 'dashboard') await dashboard.show();
  else await dashboard.close();
}

async function quit(): Promise<void> {
  allowKioskClose();
  staff?.destroy();
  dashboard?.window?.destroy();
  await stopServer();
  app.exit(0);
}

const controller = createStaffController({
  settings: () => settings,
  apply: applySettings,
  persist: (next) => {
    writeSettings(dataDir, next);
    settings = next;
  },
  now: () => Date.now(),
  async events() {
    const get = async <T>(pathname: string) =>
      (
        (await (await fetch(server.origin + pathname, { signal: AbortSignal.timeout(3_000) })).json()) as {
          data: T;
        }
      ).data;
    const organizations = await get<{ name: string; slug: string }[]>('/public/organizations');
    const lists = await Promise.all(
      organizations.map(async (organization) =>
        (await get<{ id: string; name: string }[]>(`/public/organizations/${organization.slug}/events`)).map(
          (event) => ({ id: event.id, name: event.name, organization: organization.name }),
        ),
      ),
    );
    return lists.flat();
  },
  lanUrls: () =>
    Promise.all(
      lanUrls(os.networkInterfaces(), settings.port).map(async (url) => ({
        url,
        qr: await QRCode.toDataURL(url, { margin: 1, width: 320 }),
      })),
    ),
  findHubs: () => browseHubs(3_000),
  setupCode: () => setupCodeOf(server.app),
  pairing,
});

function openStaff(): void {
  if (staff && !staff.isDestroyed()) return staff.focus();
  controller.lock();
  staff = openStaffWindow(dashboard.window ?? kiosk, preloads.staff, production);
  staff.on('closed', () => {
    staff = null;
  });
}

async function start(): Promise<void> {
  // No application menu anywhere: its accelerators would bypass the kiosk lock (macOS keeps one otherwise).
  Menu.setApplicationMenu(null);
  const read = readSettings(dataDir);
  if (read.problem) console.warn(`arrivals: ${read.problem}`);
  if (read.rejected.length > 0)
    console.warn(`arrivals: settings reset to defaults: ${read.rejected.join(', ')}`);
  settings = read.settings;
  if (settings.pinHash === UNREADABLE_PIN_HASH) {
    console.warn(
      `arrivals: the staff PIN could not be read; no PIN opens the staff screen until ${RESET_PIN_FLAG}`,
    );
  }

  protocol.handle(STAFF_SCHEME, (request) => {
    const { status, body, headers } = staffPageResponse(request.url);
    return new Response(body, { status, headers });
  });
  lockDownSession(session.defaultSession, () => server.origin);
  keepDashboardApiAway(session.defaultSession);
  // The kiosk's pages need no cookies. Earlier versions showed the dashboard in this session: drop its sign-in.
  await session.defaultSession.clearStorageData({ storages: ['cookies'] });
  const dashboardSession = session.fromPartition(DASHBOARD_PARTITION);
  lockDownSession(dashboardSession, () => server.origin);
  dashboard = createDashboardWindow({
    appOrigin: () => server.origin,
    session: dashboardSession,
    production,
    lock: (window) => lockKioskWindow(window, { production, onStaffChord: openStaff }),
    // Leaving the dashboard for the kiosk needs no PIN: it only takes staff rights away.
    onLeave: () => {
      if (settings.view === 'kiosk') return;
      settings = { ...settings, view: 'kiosk' };
      void dashboard.close();
      try {
        writeSettings(dataDir, settings);
      } catch (error) {
        console.warn(`arrivals: could not save the switch back to the kiosk: ${(error as Error).message}`);
      }
    },
  });

  try {
    await startServer();
  } catch (error) {
    dialog.showErrorBox(
      'Arrivals could not start its server',
      `${(error as Error).message}\n\nData folder: ${dataDir}\nSettings: ${path.join(dataDir, 'kiosk-settings.json')}`,
    );
    app.exit(1);
    return;
  }

  kiosk = createKioskWindow(server.origin + kioskPath(settings), () => server.origin, {
    preload: preloads.kiosk,
    production,
  });
  allowKioskClose = lockKioskWindow(kiosk, { production, onStaffChord: openStaff }).allowClose;
  // A crashed or killed renderer comes back on its own instead of leaving a dead screen at the entrance.
  kiosk.webContents.on('render-process-gone', () => void kiosk.loadURL(server.origin + kioskPath(settings)));
  await showView();

  ipcMain.on(IPC.kioskStaffExit, (event) => {
    if (event.sender === kiosk.webContents) openStaff();
  });
  // A kiosk is never left in the hall without a staff PIN: with none yet, the staff screen covers it at once and
  // asks for one (it cannot be closed before).
  if (controller.needsPin()) openStaff();
  const printKioskPage = badgePrinter({
    kioskContents: () => (kiosk.isDestroyed() ? null : kiosk.webContents),
  });
  ipcMain.handle(IPC.kioskPrintPage, (event) => printKioskPage(event.sender));
  registerStaffIpc(ipcMain, controller, { close: () => staff?.close(), quit: () => void quit() });
}

if (!app.requestSingleInstanceLock()) {
  // A second start (a double-click on the icon) would fight over the port and the database. The running app gets
  // its arguments (second-instance below).
  if (process.argv.includes(RESET_PIN_FLAG))
    console.log('arrivals: asked the running Arrivals to reset the staff PIN.');
  app.exit(0);
} else if (process.argv.includes(RESET_PIN_FLAG)) {
  resetStaffPin(dataDir);
  console.log(`arrivals: the staff PIN is cleared (${dataDir}); the next start asks for a new one.`);
  app.exit(0);
} else {
  app.on('second-instance', (_event, argv) => {
    if (!argv.includes(RESET_PIN_FLAG)) return kiosk?.focus();
    controller.resetPin();
    console.log('arrivals: the staff PIN is cleared; the staff screen asks for a new one.');
    if (kiosk) openStaff();
  });
  // Nothing outside the app may attach webviews or open windows, whatever window it comes from.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
  // The kiosk window refuses to close; closing every window happens only through quit().
  app.on('window-all-closed', () => void quit());
  void app.whenReady().then(start);
}
