import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverPlan } from '../../../electron/main/modes.ts';
import {
  nativeBindingPath,
  replicaStatusOf,
  setupCodeOf,
  startEmbeddedServer,
  type EmbeddedServer,
} from '../../../electron/main/server.ts';
import { DEFAULT_SETTINGS } from '../../../electron/main/settings.ts';
import { createOrganization, tempDataDir } from '../../helpers/app.ts';
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
    expect(replicaStatusOf(server.app)).toBeNull();
  });

  it("gives the new install's setup code for the staff screen, and none once an owner exists", async () => {
    const { server } = await start();
    const code = setupCodeOf(server.app);
    expect(code).toMatch(/^\d{4}-\d{4}-\d{4}$/);
    expect(code).toBe(server.app.ctx.staff.setupCode());
    const organization = createOrganization(server.app);
    server.app.store.repos.staff.create(
      {
        organizationId: organization.id,
        name: 'Owner',
        email: 'owner@example.com',
        passwordHash: 'scrypt$unused',
        role: 'owner',
      },
      '2026-11-24T10:00:00.000Z',
    );
    expect(setupCodeOf(server.app)).toBeNull();
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
    // The hub holds the setup code and the sync; the satellite has neither.
    expect(setupCodeOf(server.app)).toBeNull();
    expect(replicaStatusOf(server.app)).toBeNull();
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
