import type { Session } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDashboardWindow,
  DASHBOARD_PARTITION,
  isDashboardUrl,
  signOutDashboard,
} from '../../../electron/main/dashboard-window.ts';
import { cancellable, FakeBrowserWindow, fakeSession } from './fake-electron.ts';

vi.mock('electron', async () => (await import('./fake-electron.ts')).electronModule);

const ORIGIN = 'http://127.0.0.1:8787';

describe('isDashboardUrl', () => {
  it.each([`${ORIGIN}/dashboard`, `${ORIGIN}/dashboard/`, `${ORIGIN}/dashboard/events?x=1`])(
    'keeps %s in the dashboard',
    (url) => expect(isDashboardUrl(url, ORIGIN)).toBe(true),
  );
  it.each([
    `${ORIGIN}/`,
    `${ORIGIN}/kiosk/4f1c2e4e-0000-4000-8000-000000000000`,
    `${ORIGIN}/dashboards`,
    `${ORIGIN}/org/city-hall`,
    'http://127.0.0.1:9999/dashboard',
    'http://localhost:8787/dashboard',
    'about:blank',
    'not a url',
  ])('takes %s for leaving the dashboard', (url) => expect(isDashboardUrl(url, ORIGIN)).toBe(false));
});

describe('signOutDashboard', () => {
  it("ends the server's session with the partition's cookie, as the page would, then empties the partition", async () => {
    const session = fakeSession(DASHBOARD_PARTITION);
    session.cookieJar = [{ name: 'arrivals_session', value: 's3cret' }];
    const send = vi.fn(async () => new Response('{}'));
    await signOutDashboard(session as unknown as Session, ORIGIN, send);
    expect(session.cookies.get).toHaveBeenCalledWith({ url: ORIGIN });
    expect(send).toHaveBeenCalledWith(`${ORIGIN}/dashboard/api/session`, {
      method: 'DELETE',
      headers: { origin: ORIGIN, cookie: 'arrivals_session=s3cret' },
      signal: expect.any(AbortSignal),
    });
    expect(session.clearStorageData).toHaveBeenCalledWith();
    expect(session.clearCache).toHaveBeenCalled();
    expect(session.cookieJar).toEqual([]);
  });

  it('empties the partition even when the server cannot be reached', async () => {
    const session = fakeSession(DASHBOARD_PARTITION);
    session.cookieJar = [{ name: 'arrivals_session', value: 's3cret' }];
    const send = vi.fn(async () => Promise.reject(new TypeError('fetch failed')));
    await signOutDashboard(session as unknown as Session, ORIGIN, send);
    expect(session.cookieJar).toEqual([]);
  });

  it('asks the server nothing when nobody signed in', async () => {
    const session = fakeSession(DASHBOARD_PARTITION);
    const send = vi.fn(async () => new Response('{}'));
    await signOutDashboard(session as unknown as Session, ORIGIN, send);
    expect(send).not.toHaveBeenCalled();
    expect(session.clearStorageData).toHaveBeenCalled();
  });
});

describe('createDashboardWindow', () => {
  let session: ReturnType<typeof fakeSession>;
  const allowClose = vi.fn();
  const lock = vi.fn((_window: unknown) => ({ allowClose }));
  const onLeave = vi.fn();
  const send = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response('{}'));

  beforeEach(() => {
    FakeBrowserWindow.instances = [];
    session = fakeSession(DASHBOARD_PARTITION);
    for (const mock of [allowClose, lock, onLeave, send]) mock.mockClear();
  });

  const create = () =>
    createDashboardWindow({
      appOrigin: () => ORIGIN,
      session: session as unknown as Session,
      production: true,
      lock: lock as never,
      onLeave,
      send,
    });

  it('opens a locked kiosk window in its own session, with no bridge to the shell', async () => {
    const dashboard = create();
    expect(dashboard.window).toBeNull();
    await dashboard.show();
    const window = FakeBrowserWindow.instances[0]!;
    expect(window.options).toMatchObject({
      kiosk: true,
      webPreferences: { partition: 'dashboard', sandbox: true, contextIsolation: true, devTools: false },
    });
    expect(window.options.webPreferences).not.toHaveProperty('preload');
    expect(lock).toHaveBeenCalledWith(window);
    expect(window.loadURL).toHaveBeenCalledWith(`${ORIGIN}/dashboard`);
    expect(dashboard.window).toBe(window);
    const away = cancellable({ url: 'https://evil.example/' });
    window.webContents.emit('will-navigate', away);
    expect(away.defaultPrevented).toBe(true);

    // Shown again (a save on the staff screen): the same window, reloaded.
    await dashboard.show();
    expect(FakeBrowserWindow.instances).toHaveLength(1);
    expect(window.loadURL).toHaveBeenCalledTimes(2);
  });

  it('hands back to the kiosk when staff follow a link out of the dashboard', async () => {
    const dashboard = create();
    await dashboard.show();
    const contents = FakeBrowserWindow.instances[0]!.webContents;
    contents.emit('did-navigate', {}, `${ORIGIN}/dashboard`);
    contents.emit('did-navigate-in-page', {}, `${ORIGIN}/dashboard/people`);
    expect(onLeave).not.toHaveBeenCalled();
    contents.emit('did-navigate-in-page', {}, `${ORIGIN}/`);
    expect(onLeave).toHaveBeenCalledOnce();
  });

  it('closes, lifting its lock first, and signs out and empties its session', async () => {
    const dashboard = create();
    await dashboard.show();
    const window = FakeBrowserWindow.instances[0]!;
    session.cookieJar = [{ name: 'arrivals_session', value: 's3cret' }];
    await dashboard.close();
    expect(send).toHaveBeenCalledWith(`${ORIGIN}/dashboard/api/session`, expect.anything());
    expect(allowClose).toHaveBeenCalled();
    expect(window.isDestroyed()).toBe(true);
    expect(dashboard.window).toBeNull();
    expect(session.cookieJar).toEqual([]);
  });
});
