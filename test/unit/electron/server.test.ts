import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverPlan } from '../../../electron/main/modes.ts';
import type { FastifyInstance } from 'fastify';
import {
  nativeBindingPath,
  setupCodeOf,
  startEmbeddedServer,
  type EmbeddedServer,
} from '../../../electron/main/server.ts';
import { DEFAULT_SETTINGS } from '../../../electron/main/settings.ts';
import { tempDataDir } from '../../helpers/app.ts';
import { freePort } from '../../helpers/server-process.ts';

// server.ts imports no Electron: it runs here for real, with Node's better-sqlite3 (no nativeBinding file).

describe('nativeBindingPath', () => {
  it('uses the copy shipped as a resource when packaged', () => {
    expect(
      nativeBindingPath({ isPackaged: true, resourcesPath: '/opt/Arrivals/resources', appPath: '/x' }),
    ).toBe(path.join('/opt/Arrivals/resources', 'native', 'better_sqlite3.node'));
  });
  it('uses out/native in a checkout', () => {
    expect(nativeBindingPath({ isPackaged: false, resourcesPath: '/y', appPath: '/src/arrivals' })).toBe(
      path.join('/src/arrivals', 'out', 'native', 'better_sqlite3.node'),
    );
  });
});

describe('setupCodeOf', () => {
  const app = (ctx: unknown) => ({ ctx }) as unknown as FastifyInstance;

  it("gives the server's setup code while it has one", () => {
    const staff = {
      code: '482-913',
      setupCode() {
        return this.code;
      },
    };
    expect(setupCodeOf(app({ staff }))).toBe('482-913');
  });

  it.each([
    ['no setup code any more', { staff: { setupCode: () => null } }],
    ['a server without setup codes', { staff: {} }],
    ['a satellite, with no services', undefined],
    ['something that is not a code', { staff: { setupCode: () => 42 } }],
    ['something that is not a function', { staff: { setupCode: '482-913' } }],
  ])('gives null for %s', (_, ctx) => {
    expect(setupCodeOf(app(ctx))).toBeNull();
  });
});

describe('startEmbeddedServer', () => {
  const started: EmbeddedServer[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const server of started.splice(0)) await server.close();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(settings = DEFAULT_SETTINGS) {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const port = await freePort();
    const server = await startEmbeddedServer({
      plan: serverPlan({ ...settings, port }, { replicaPaired: false }),
      dataDir,
      kioskDir: dataDir,
      // The Node build in node_modules is what loads under vitest; Electron gets out/native's.
      nativeBinding: '',
    });
    started.push(server);
    return { server, port, dataDir };
  }

  it('serves a standalone kiosk on loopback, over its own database', async () => {
    const { server, port, dataDir } = await start();
    expect(server.origin).toBe(`http://127.0.0.1:${port}`);
    const status = await fetch(`${server.origin}/satellite/status`).then((r) => r.json());
    expect(status).toEqual({ satellite: false, hub: null, hub_reachable: null });
    expect(fs.existsSync(path.join(dataDir, 'arrivals.db'))).toBe(true);
  });

  it('serves a satellite with no database of its own', async () => {
    const hub = await start();
    const { server, dataDir } = await start({
      ...DEFAULT_SETTINGS,
      mode: 'satellite',
      hubUrl: hub.server.origin,
    });
    const status = await fetch(`${server.origin}/satellite/status`).then((r) => r.json());
    expect(status).toEqual({ satellite: true, hub: hub.server.origin, hub_reachable: true });
    expect(fs.existsSync(path.join(dataDir, 'arrivals.db'))).toBe(false);
  });

  it('fails clearly, and leaves nothing open, when the port is taken', async () => {
    const { port } = await start();
    await expect(
      startEmbeddedServer({
        plan: serverPlan({ ...DEFAULT_SETTINGS, port }, { replicaPaired: false }),
        dataDir: tempDataDir(),
        kioskDir: '/nonexistent',
        nativeBinding: '',
      }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});
