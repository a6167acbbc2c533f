import type { IpcMain } from 'electron';
import { Script } from 'node:vm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC } from '../../../electron/bridge.ts';
import type { StaffController } from '../../../electron/main/staff-controller.ts';
import {
  isFromStaffPage,
  openStaffWindow,
  registerStaffIpc,
  STAFF_CSP,
  STAFF_ORIGIN,
  staffPageResponse,
} from '../../../electron/main/staff-screen.ts';
import { cancellable, FakeBrowserWindow, FakeIpcMain } from './fake-electron.ts';

vi.mock('electron', async () => (await import('./fake-electron.ts')).electronModule);

const fromStaff = { senderFrame: { url: `${STAFF_ORIGIN}/` } };
const fromKiosk = { senderFrame: { url: 'http://127.0.0.1:8787/kiosk/x' } };
const fromNowhere = { senderFrame: null };

describe('staffPageResponse', () => {
  it.each([
    ['/', 'text/html; charset=utf-8', 'id="unlock"'],
    ['/index.html', 'text/html; charset=utf-8', 'Staff PIN'],
    ['/staff.js', 'text/javascript; charset=utf-8', 'window.arrivalsStaff'],
    // vitest turns CSS into empty modules, even with ?raw; the electron-vite build keeps the text.
    ['/staff.css', 'text/css; charset=utf-8', ''],
  ])('serves %s under a CSP of its own', (path, type, content) => {
    const response = staffPageResponse(`${STAFF_ORIGIN}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['content-security-policy']).toBe(STAFF_CSP);
    expect(response.body).toContain(content);
  });

  it.each([
    `${STAFF_ORIGIN}/../../etc/passwd`,
    `${STAFF_ORIGIN}/package.json`,
    'arrivals-staff://other/index.html',
    'http://staff/index.html',
    'not a url',
  ])('answers 404 for %s', (url) => {
    expect(staffPageResponse(url).status).toBe(404);
  });

  it("serves the staff page's TypeScript compiled into one classic script", () => {
    const { body } = staffPageResponse(`${STAFF_ORIGIN}/staff.js`);
    // A classic <script defer>: no module syntax and no types left, or the staff screen would never run.
    expect(() => new Script(body)).not.toThrow();
    expect(body).not.toMatch(/^\s*(import|export)\s/m);
    // Its imports are bundled in, not left for a loader the page does not have.
    expect(body).toContain('Too many wrong PINs.');
  });

  it('allows no network, no inline script and no framing', () => {
    expect(STAFF_CSP).toContain("default-src 'none'");
    expect(STAFF_CSP).toContain("script-src 'self'");
    expect(STAFF_CSP).not.toContain('unsafe-inline');
    expect(STAFF_CSP).toContain("frame-ancestors 'none'");
  });
});

describe('isFromStaffPage', () => {
  it('accepts the staff page only', () => {
    expect(isFromStaffPage(fromStaff as never)).toBe(true);
    expect(isFromStaffPage(fromKiosk as never)).toBe(false);
    expect(isFromStaffPage(fromNowhere as never)).toBe(false);
    expect(isFromStaffPage({} as never)).toBe(false);
  });
});

describe('registerStaffIpc', () => {
  let ipc: FakeIpcMain;
  let controller: { [K in Exclude<keyof StaffController, 'unlocked'>]: ReturnType<typeof vi.fn> } & {
    unlocked: boolean;
  };
  const actions = { close: vi.fn(), quit: vi.fn() };

  beforeEach(() => {
    ipc = new FakeIpcMain();
    actions.close.mockReset();
    actions.quit.mockReset();
    controller = {
      lock: vi.fn(),
      needsPin: vi.fn(() => false),
      unlocked: false,
      unlock: vi.fn(async () => ({ outcome: 'open' })),
      state: vi.fn(async () => ({})),
      save: vi.fn(async () => ({ ok: true })),
      setPin: vi.fn(async () => ({ ok: true })),
      resetPin: vi.fn(),
      findHubs: vi.fn(async () => []),
      pair: vi.fn(async () => ({ ok: true })),
      unpair: vi.fn(async () => ({ ok: true })),
    };
    registerStaffIpc(ipc as unknown as IpcMain, controller as unknown as StaffController, actions);
  });

  it.each([
    IPC.staffUnlock,
    IPC.staffState,
    IPC.staffSave,
    IPC.staffSetPin,
    IPC.staffFindHubs,
    IPC.staffPair,
    IPC.staffUnpair,
  ])('refuses %s from the kiosk page', async (channel) => {
    await expect(ipc.invoke(channel, fromKiosk, '2468')).rejects.toThrow('Not the staff screen.');
    expect(controller.unlock).not.toHaveBeenCalled();
    expect(controller.save).not.toHaveBeenCalled();
    expect(controller.setPin).not.toHaveBeenCalled();
    expect(controller.pair).not.toHaveBeenCalled();
    expect(controller.unpair).not.toHaveBeenCalled();
  });

  it('hands pairing and unpairing to the controller, and keeps the staff screen open', async () => {
    const request = { hubAddress: '192.168.1.20', code: 'ABCD-EFGH', name: '' };
    expect(await ipc.invoke(IPC.staffPair, fromStaff, request)).toEqual({ ok: true });
    expect(controller.pair).toHaveBeenCalledWith(request);
    expect(await ipc.invoke(IPC.staffUnpair, fromStaff)).toEqual({ ok: true });
    expect(controller.unpair).toHaveBeenCalledOnce();
    expect(actions.close).not.toHaveBeenCalled();
  });

  it('hands the staff page to the controller, and closes the screen after a save', async () => {
    expect(await ipc.invoke(IPC.staffUnlock, fromStaff, 2468)).toEqual({ outcome: 'open' });
    expect(controller.unlock).toHaveBeenCalledWith('2468');
    await ipc.invoke(IPC.staffSave, fromStaff, { mode: 'hub' });
    expect(actions.close).toHaveBeenCalledOnce();
  });

  it('quits only once unlocked, and only for the staff page', () => {
    ipc.emit(IPC.staffQuit, fromStaff);
    expect(actions.quit).not.toHaveBeenCalled();
    controller.unlocked = true;
    ipc.emit(IPC.staffQuit, fromKiosk);
    expect(actions.quit).not.toHaveBeenCalled();
    ipc.emit(IPC.staffQuit, fromStaff);
    expect(actions.quit).toHaveBeenCalledOnce();
  });

  it('goes back to the kiosk on request', () => {
    ipc.emit(IPC.staffClose, fromKiosk);
    expect(actions.close).not.toHaveBeenCalled();
    ipc.emit(IPC.staffClose, fromStaff);
    expect(actions.close).toHaveBeenCalledOnce();
  });

  it('stays over the kiosk while no PIN is set, and quits without one', () => {
    controller.needsPin.mockReturnValue(true);
    ipc.emit(IPC.staffClose, fromStaff);
    expect(actions.close).not.toHaveBeenCalled();
    ipc.emit(IPC.staffQuit, fromKiosk);
    expect(actions.quit).not.toHaveBeenCalled();
    ipc.emit(IPC.staffQuit, fromStaff);
    expect(actions.quit).toHaveBeenCalledOnce();
  });
});

describe('openStaffWindow', () => {
  it('is a sandboxed kiosk window over the kiosk, locked to the staff origin', () => {
    const parent = new FakeBrowserWindow();
    const window = openStaffWindow(
      parent as never,
      '/app/out/preload/staff.cjs',
      true,
    ) as unknown as FakeBrowserWindow;
    expect(window.options).toMatchObject({
      parent,
      modal: true,
      kiosk: true,
      webPreferences: {
        preload: '/app/out/preload/staff.cjs',
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        devTools: false,
      },
    });
    expect(window.loadURL).toHaveBeenCalledWith(`${STAFF_ORIGIN}/`);
    const away = cancellable({ url: 'http://127.0.0.1:8787/' });
    window.webContents.emit('will-navigate', away);
    expect(away.defaultPrevented).toBe(true);
  });
});
