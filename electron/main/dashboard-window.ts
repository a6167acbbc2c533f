import { BrowserWindow, type Session } from 'electron';
import { lockDownContents } from './security.ts';
import { kioskWindowOptions } from './window.ts';

/**
 * The staff dashboard's window. It is never the kiosk window: it has a session of its own, so a staff sign-in never
 * reaches the pages attendees use, and going back to the kiosk signs staff out and forgets everything the session
 * held. No `persist:` prefix: the partition lives in memory only, so no staff session is ever written to disk and a
 * restart signs staff out too.
 */
export const DASHBOARD_PARTITION = 'dashboard';

export const DASHBOARD_PATH = '/dashboard';

/** Whether `url` is a dashboard page of the app: anything else in the dashboard window means "back to the kiosk". */
export function isDashboardUrl(url: string, appOrigin: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (`${parsed.protocol}//${parsed.host}` !== appOrigin) return false;
  return parsed.pathname === DASHBOARD_PATH || parsed.pathname.startsWith(`${DASHBOARD_PATH}/`);
}

/**
 * Ends the dashboard session on the server (the session cookie is no good to anyone afterwards, wherever a copy
 * went), then empties the partition: cookies, storage, cache. The server may be down or restarting: the partition
 * is emptied all the same.
 */
export async function signOutDashboard(
  dashboardSession: Session,
  appOrigin: string,
  send: typeof fetch = fetch,
): Promise<void> {
  try {
    const cookies = await dashboardSession.cookies.get({ url: appOrigin });
    if (cookies.length > 0) {
      await send(`${appOrigin}${DASHBOARD_PATH}/api/session`, {
        method: 'DELETE',
        // As the dashboard page itself would send it: the server refuses state changes from another origin.
        headers: {
          origin: appOrigin,
          cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
        },
        signal: AbortSignal.timeout(3_000),
      });
    }
  } catch {
    // Unreachable server: its session ends by its own expiry, and nobody holds the cookie after the clear below.
  } finally {
    await dashboardSession.clearStorageData();
    await dashboardSession.clearCache();
  }
}

export interface DashboardWindowDeps {
  appOrigin(): string;
  /** The dashboard session (`session.fromPartition(DASHBOARD_PARTITION)`), locked down like the kiosk's. */
  session: Session;
  production: boolean;
  /** Holds the window as the kiosk lock holds the kiosk's (no closing, no shortcuts, the staff chord); its unlock. */
  lock(window: BrowserWindow): { allowClose(): void };
  /** Staff left the dashboard's pages (its "Kiosk" link): the shell goes back to the kiosk view. */
  onLeave(): void;
  /** How the sign-out reaches the server; `fetch` unless given. */
  send?: typeof fetch;
}

/** Opens the dashboard over the kiosk on request, and closes it with a sign-out. */
export function createDashboardWindow(deps: DashboardWindowDeps) {
  let window: BrowserWindow | null = null;
  let allowClose = () => {};

  function open(): BrowserWindow {
    const created = new BrowserWindow({
      ...kioskWindowOptions({ production: deps.production, partition: DASHBOARD_PARTITION }),
      title: 'Arrivals staff dashboard',
    });
    created.removeMenu();
    lockDownContents(created.webContents, deps.appOrigin);
    allowClose = deps.lock(created).allowClose;
    const leaveIfElsewhere = (_event: unknown, url: string) => {
      if (!isDashboardUrl(url, deps.appOrigin())) deps.onLeave();
    };
    // In-page navigation too: the dashboard is a single-page app whose links change the URL without a load.
    created.webContents.on('did-navigate', leaveIfElsewhere);
    created.webContents.on('did-navigate-in-page', leaveIfElsewhere);
    created.once('ready-to-show', () => created.show());
    return created;
  }

  return {
    /** The open dashboard window, for the staff screen to sit over; null while the kiosk shows. */
    get window(): BrowserWindow | null {
      return window && !window.isDestroyed() ? window : null;
    },

    /** Shows the dashboard (again, after a restart of the server: its origin may have changed). */
    async show(): Promise<void> {
      window = this.window ?? open();
      await window.loadURL(deps.appOrigin() + DASHBOARD_PATH);
    },

    /** Back to the kiosk: the window goes at once, then the sign-out and the emptying of its session. */
    async close(): Promise<void> {
      const closing = this.window;
      if (closing) {
        allowClose();
        closing.destroy();
      }
      window = null;
      await signOutDashboard(deps.session, deps.appOrigin(), deps.send);
    },
  };
}

export type DashboardWindow = ReturnType<typeof createDashboardWindow>;
