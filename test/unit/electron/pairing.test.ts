import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import type { EventRecord } from '../../../server/events/event.types.ts';
import { DATABASE_FILE } from '../../../server/platform/database.ts';
import type { ReplicaStatus } from '../../../server/sync/replica.service.ts';
import { replicaDirOf } from '../../../electron/main/modes.ts';
import {
  changesWaitingReason,
  createDesktopPairing,
  NOT_PAIRED_REASON,
} from '../../../electron/main/pairing.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../../electron/main/settings.ts';
import {
  createEvent,
  createOrganization,
  registration,
  startTestApp,
  tempDataDir,
  type TestApp,
} from '../../helpers/app.ts';

// electron/main/pairing.ts imports no Electron: it runs here against a real hub on loopback, with the embedded
// server's start and stop recorded instead of run.

let hub: TestApp;
let hubUrl: string;
let event: EventRecord;
const dirs: string[] = [];

beforeAll(async () => {
  hub = await startTestApp();
  await hub.app.listen({ host: '127.0.0.1', port: 0 });
  hubUrl = `http://127.0.0.1:${(hub.app.server.address() as AddressInfo).port}`;
  event = createEvent(hub.app, createOrganization(hub.app, 'City Hall'));
});

afterAll(async () => {
  await hub.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const pairingCode = () => {
  const outcome = hub.app.ctx.syncHub.createPairingCode(event.organizationId, [event.uuid]);
  if (!outcome.ok) throw new Error('no pairing code');
  return outcome.code;
};

function shell(initial: Partial<Settings> = {}) {
  const dataDir = tempDataDir();
  dirs.push(dataDir);
  let settings: Settings = { ...DEFAULT_SETTINGS, ...initial };
  let live: ReplicaStatus | null = null;
  const calls: string[] = [];
  const deps = {
    dataDir,
    settings: () => settings,
    apply: vi.fn(async (next: Settings, options: { restartServer: boolean }) => {
      settings = next;
      calls.push(options.restartServer ? 'apply and restart' : 'apply');
    }),
    liveStatus: () => live,
    stopServer: vi.fn(async () => {
      calls.push('stop');
    }),
    startServer: vi.fn(async () => {
      calls.push('start');
    }),
    defaultName: () => 'kiosk-7',
  };
  return {
    pairing: createDesktopPairing(deps),
    deps,
    calls,
    replicaDir: replicaDirOf(dataDir),
    settings: () => settings,
    /** Staff changed the mode meanwhile. */
    setSettings: (changes: Partial<Settings>) => {
      settings = { ...settings, ...changes };
    },
    /** As if the embedded server ran the replica and its sync loops said this. */
    runsReplica: (status: Partial<ReplicaStatus> = {}) => {
      live = {
        hub: hubUrl,
        hubReachable: true,
        waiting: 0,
        lastSyncAt: null,
        offline: false,
        refused: false,
        pulledRevision: 0,
        latestRevision: null,
        ...status,
      };
    },
  };
}

describe('pairing the desktop app with a hub', () => {
  it("pairs its replica folder, runs it in satellite mode on the hub's only event, and says so", async () => {
    const { pairing, deps, calls, replicaDir, settings } = shell();
    expect(pairing.isPaired()).toBe(false);
    expect(pairing.state()).toBeNull();

    expect(await pairing.pair({ hubUrl, code: pairingCode(), name: null })).toEqual({ ok: true });
    expect(settings()).toMatchObject({ mode: 'satellite', hubUrl, eventId: event.uuid });
    expect(calls).toEqual(['apply and restart']);
    expect(pairing.isPaired()).toBe(true);
    expect(fs.existsSync(path.join(replicaDir, DATABASE_FILE))).toBe(true);
    // The kiosk's own database is left alone.
    expect(fs.existsSync(path.join(deps.dataDir, DATABASE_FILE))).toBe(false);
    expect(hub.app.ctx.syncHub.listDevices(event.organizationId).map((d) => d.name)).toContain('kiosk-7');
    // Not running it yet: what its database says.
    expect(pairing.state()).toEqual({ hubUrl, waiting: 0, sync: null });
  });

  it('says what the hub answered, and that a paired kiosk must unpair first', async () => {
    const { pairing, deps } = shell();
    expect(await pairing.pair({ hubUrl, code: 'WXYZ-WXYZ', name: 'Front door' })).toEqual({
      ok: false,
      reason: 'This pairing code is not valid. Ask for a new one on the hub.',
    });
    expect(deps.apply).not.toHaveBeenCalled();
    expect(await pairing.pair({ hubUrl, code: pairingCode(), name: 'Front door' })).toEqual({ ok: true });
    expect(await pairing.pair({ hubUrl, code: pairingCode(), name: 'Front door' })).toEqual({
      ok: false,
      reason: `This kiosk is already paired with the hub at ${hubUrl}. Unpair it first.`,
    });
  });

  it('shows how the running replica is doing', async () => {
    const { pairing, runsReplica } = shell();
    runsReplica({ waiting: 3 });
    expect(pairing.state()).toEqual({ hubUrl, waiting: 3, sync: 'in-step' });
    runsReplica({ waiting: 3, offline: true });
    expect(pairing.state()).toMatchObject({ sync: 'offline' });
    runsReplica({ offline: true, refused: true });
    expect(pairing.state()).toMatchObject({ sync: 'refused' });
  });
});

describe('unpairing the desktop app', () => {
  it('refuses while the running replica has changes waiting, without stopping it', async () => {
    const { pairing, calls, runsReplica } = shell();
    expect(await pairing.pair({ hubUrl, code: pairingCode(), name: null })).toEqual({ ok: true });
    runsReplica({ waiting: 2, offline: true });
    expect(await pairing.unpair()).toEqual({ ok: false, reason: changesWaitingReason(2) });
    expect(changesWaitingReason(2)).toBe(
      '2 changes made on this kiosk have not reached the hub yet, and unpairing would lose them. Keep this kiosk ' +
        'connected to the hub until nothing is waiting, then unpair.',
    );
    expect(calls).toEqual(['apply and restart']);
    expect(pairing.isPaired()).toBe(true);
  });

  it('counts again once the server let go, and starts it again as it was when a change came in between', async () => {
    const { pairing, calls, replicaDir, runsReplica, settings } = shell();
    expect(await pairing.pair({ hubUrl, code: pairingCode(), name: null })).toEqual({ ok: true });
    // A registration lands after the running replica said nothing waits.
    const replica = await buildApp({ dataDir: replicaDir, kioskDir: false });
    const registered = await replica.inject({
      method: 'POST',
      url: `/public/events/${event.uuid}/register`,
      payload: registration('late@example.com'),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    await replica.close();
    runsReplica({ waiting: 0 });

    expect(await pairing.unpair()).toEqual({ ok: false, reason: changesWaitingReason(1) });
    expect(calls).toEqual(['apply and restart', 'stop', 'start']);
    expect(settings().mode).toBe('satellite');
    expect(pairing.isPaired()).toBe(true);
  });

  it('deletes the replica and goes back to standalone once nothing waits', async () => {
    const { pairing, calls, replicaDir, runsReplica, settings } = shell();
    expect(await pairing.pair({ hubUrl, code: pairingCode(), name: null })).toEqual({ ok: true });
    runsReplica({ waiting: 0 });
    expect(await pairing.unpair()).toEqual({ ok: true });
    expect(calls).toEqual(['apply and restart', 'stop', 'apply and restart']);
    expect(settings()).toMatchObject({ mode: 'standalone', eventId: null });
    expect(fs.existsSync(path.join(replicaDir, DATABASE_FILE))).toBe(false);
    expect(pairing.isPaired()).toBe(false);
  });

  it('deletes a replica that staff set aside in another mode, leaving that mode running', async () => {
    const { pairing, calls, setSettings, settings } = shell();
    expect(await pairing.pair({ hubUrl, code: pairingCode(), name: null })).toEqual({ ok: true });
    setSettings({ mode: 'hub' });
    expect(await pairing.unpair()).toEqual({ ok: true });
    expect(calls).toEqual(['apply and restart']);
    expect(settings().mode).toBe('hub');
    expect(pairing.isPaired()).toBe(false);
  });

  it('says so when there is nothing to unpair', async () => {
    const { pairing, calls } = shell();
    expect(await pairing.unpair()).toEqual({ ok: false, reason: NOT_PAIRED_REASON });
    expect(calls).toEqual([]);
  });
});
