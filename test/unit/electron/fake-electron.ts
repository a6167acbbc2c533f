import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/**
 * Just enough of Electron for the main-process modules to run under vitest, where the real `electron` package
 * cannot load (no binary). Every test file mocks it with:
 *   vi.mock('electron', async () => (await import('./fake-electron.ts')).electronModule);
 */

/** A cancellable event as Electron passes to listeners. */
export function cancellable(fields: Record<string, unknown> = {}) {
  return {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

export class FakeWebContents extends EventEmitter {
  openHandler: ((details: unknown) => { action: string }) | null = null;
  setWindowOpenHandler = vi.fn((handler: (details: unknown) => { action: string }) => {
    this.openHandler = handler;
  });
  print = vi.fn();
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  webContents = new FakeWebContents();
  destroyed = false;
  loadURL = vi.fn(async (_url: string) => {});
  removeMenu = vi.fn();
  show = vi.fn();
  focus = vi.fn();
  close = vi.fn(() => {
    const event = cancellable();
    this.emit('close', event);
    if (!event.defaultPrevented) this.destroy();
  });
  destroy = vi.fn(() => {
    this.destroyed = true;
    this.emit('closed');
  });
  isDestroyed = () => this.destroyed;
  constructor(readonly options: Record<string, unknown> = {}) {
    super();
    FakeBrowserWindow.instances.push(this);
  }
}

export class FakeIpcMain extends EventEmitter {
  handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  handle = vi.fn((channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => {
    this.handlers.set(channel, handler);
  });
  invoke(channel: string, event: unknown, ...args: unknown[]) {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler(event, ...args);
  }
}

export interface FakeCookie {
  name: string;
  value: string;
}

export function fakeSession(partition = '') {
  const session = {
    partition,
    permissionRequest: null as null | ((...args: unknown[]) => void),
    permissionCheck: null as null | ((...args: unknown[]) => boolean),
    headersReceived: null as null | ((...args: unknown[]) => void),
    beforeRequest: null as null | ((...args: unknown[]) => void),
    /** The cookies the session holds, whatever their URL. */
    cookieJar: [] as FakeCookie[],
    cookies: { get: vi.fn(async (_filter: { url?: string }) => [...session.cookieJar]) },
    clearStorageData: vi.fn(async (_options?: { storages?: string[] }) => {
      session.cookieJar = [];
    }),
    clearCache: vi.fn(async () => {}),
    setPermissionRequestHandler: vi.fn((handler: (...args: unknown[]) => void) => {
      session.permissionRequest = handler;
    }),
    setPermissionCheckHandler: vi.fn((handler: (...args: unknown[]) => boolean) => {
      session.permissionCheck = handler;
    }),
    webRequest: {
      onHeadersReceived: vi.fn((handler: (...args: unknown[]) => void) => {
        session.headersReceived = handler;
      }),
      onBeforeRequest: vi.fn((handler: (...args: unknown[]) => void) => {
        session.beforeRequest = handler;
      }),
    },
  };
  return session;
}

export const ipcMain = new FakeIpcMain();
export const defaultSession = fakeSession();
/** Sessions made by `session.fromPartition`, by partition name. */
export const partitions = new Map<string, ReturnType<typeof fakeSession>>();
function fromPartition(partition: string) {
  if (!partitions.has(partition)) partitions.set(partition, fakeSession(partition));
  return partitions.get(partition)!;
}

export const app = Object.assign(new EventEmitter(), {
  isPackaged: false,
  setPath: vi.fn(),
  getAppPath: vi.fn(() => process.cwd()),
  requestSingleInstanceLock: vi.fn(() => true),
  whenReady: vi.fn(() => Promise.resolve()),
  exit: vi.fn(),
  quit: vi.fn(),
});

export const electronModule = {
  app,
  BrowserWindow: FakeBrowserWindow,
  ipcMain,
  session: { defaultSession, fromPartition },
  Menu: { setApplicationMenu: vi.fn() },
  dialog: { showErrorBox: vi.fn() },
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { send: vi.fn(), invoke: vi.fn() },
};
