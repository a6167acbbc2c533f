import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import { DATABASE_FILE } from '../../server/platform/database.ts';
import {
  describePairingFailure,
  pairedHubOf,
  pairWithHub,
  unpairDataDir,
} from '../../server/sync/pairing.ts';
import {
  createEvent,
  createOrganization,
  registration,
  startTestApp,
  tempDataDir,
  type TestApp,
} from '../helpers/app.ts';
import { freePort } from '../helpers/server-process.ts';

/**
 * A kiosk's side of pairing (server/sync/pairing.ts), which `arrivals device pair` and the desktop app's staff
 * screen share: a real hub on loopback, and kiosk data dirs paired with it over HTTP.
 */

let hub: TestApp;
let hubUrl: string;
let event: EventRecord;
const kioskDirs: string[] = [];
const kioskDir = () => {
  const dir = tempDataDir();
  kioskDirs.push(dir);
  return dir;
};

const pairingCode = () => {
  const outcome = hub.app.ctx.syncHub.createPairingCode(event.organizationId, [event.uuid]);
  if (!outcome.ok) throw new Error('no pairing code');
  return outcome.code;
};

beforeAll(async () => {
  hub = await startTestApp();
  await hub.app.listen({ host: '127.0.0.1', port: 0 });
  hubUrl = `http://127.0.0.1:${(hub.app.server.address() as AddressInfo).port}`;
  event = createEvent(hub.app, createOrganization(hub.app, 'City Hall'), { name: 'Launch Night' });
  const registered = await hub.app.inject({
    method: 'POST',
    url: `/public/events/${event.uuid}/register`,
    payload: registration('ada@example.com'),
  });
  expect(registered.statusCode, registered.body).toBe(201);
});

afterAll(async () => {
  await hub.close();
  for (const dir of kioskDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('pairWithHub', () => {
  it('pairs a data dir with a code, takes the first snapshot, and the data dir then runs as a replica', async () => {
    const dir = kioskDir();
    // Typed as staff type it: no scheme.
    const outcome = await pairWithHub(dir, hubUrl.replace('http://', ''), pairingCode(), 'Front door');
    expect(outcome).toMatchObject({ ok: true, hubUrl, eventIds: [event.uuid], snapshot: { taken: true } });

    expect(pairedHubOf(dir)).toMatchObject({ hubUrl, eventIds: [event.uuid], waiting: 0 });
    const devices = hub.app.ctx.syncHub.listDevices(event.organizationId);
    expect(devices.map((device) => device.name)).toContain('Front door');

    const replica = await buildApp({ dataDir: dir, kioskDir: false });
    try {
      expect(replica.ctx.replica).not.toBeNull();
      // The snapshot is already here: the hub's registration is found without any sync on this app.
      const check = await replica.inject({
        method: 'GET',
        url: `/public/events/${event.uuid}/check?email=ada%40example.com`,
      });
      expect(check.json()).toMatchObject({ data: { is_registered: true } });
    } finally {
      await replica.close();
    }
  });

  it("passes on the hub's refusal of a wrong code and stays unpaired", async () => {
    const dir = kioskDir();
    const outcome = await pairWithHub(dir, hubUrl, 'WXYZ-WXYZ', 'Front door');
    expect(outcome).toEqual({
      ok: false,
      reason: 'refused',
      status: 422,
      message: 'This pairing code is not valid. Ask for a new one on the hub.',
    });
    expect(pairedHubOf(dir)).toBeNull();
    // A later pairing with a good code still works.
    expect(await pairWithHub(dir, hubUrl, pairingCode(), 'Front door')).toMatchObject({ ok: true });
  });

  it('says when the hub cannot be reached, and refuses an address that is not one', async () => {
    const dir = kioskDir();
    const closed = `127.0.0.1:${await freePort()}`;
    const unreachable = await pairWithHub(dir, closed, pairingCode(), 'Front door');
    expect(unreachable).toMatchObject({ ok: false, reason: 'unreachable', hubUrl: `http://${closed}` });
    if (!unreachable.ok) {
      expect(describePairingFailure(unreachable)).toMatch(
        new RegExp(`^The hub at http://${closed} cannot be reached \\(.+\\)\\.$`),
      );
    }
    expect(await pairWithHub(dir, 'https://hub.local', pairingCode(), 'Front door')).toEqual({
      ok: false,
      reason: 'invalid_hub_address',
      detail: 'The hub address must start with http://.',
    });
    expect(pairedHubOf(dir)).toBeNull();
  });

  it('refuses a data dir that is paired already, without using up the code', async () => {
    const dir = kioskDir();
    expect(await pairWithHub(dir, hubUrl, pairingCode(), 'Front door')).toMatchObject({ ok: true });
    const code = pairingCode();
    expect(await pairWithHub(dir, hubUrl, code, 'Front door')).toEqual({
      ok: false,
      reason: 'already_paired',
      hubUrl,
    });
    expect(await pairWithHub(kioskDir(), hubUrl, code, 'Side door')).toMatchObject({ ok: true });
  });
});

describe('pairedHubOf', () => {
  it('creates no database when asking about a data dir that has none', () => {
    const dir = path.join(kioskDir(), 'replica');
    expect(pairedHubOf(dir)).toBeNull();
    expect(fs.existsSync(dir)).toBe(false);
  });
});

describe('unpairDataDir', () => {
  it('refuses while changes wait for the hub, and deletes the replica once they reached it', async () => {
    const dir = kioskDir();
    expect(await pairWithHub(dir, hubUrl, pairingCode(), 'Front door')).toMatchObject({ ok: true });
    const replica = await buildApp({ dataDir: dir, kioskDir: false });
    try {
      const registered = await replica.inject({
        method: 'POST',
        url: `/public/events/${event.uuid}/register`,
        payload: registration('grace@example.com'),
      });
      expect(registered.statusCode, registered.body).toBe(201);
    } finally {
      await replica.close();
    }

    expect(unpairDataDir(dir)).toEqual({ ok: false, reason: 'changes_waiting', waiting: 1 });
    expect(pairedHubOf(dir)).toMatchObject({ hubUrl, waiting: 1 });

    const syncing = await buildApp({ dataDir: dir, kioskDir: false });
    try {
      await syncing.ctx.replica!.syncNow();
    } finally {
      await syncing.close();
    }
    expect(hub.app.store.repos.attendees.findForEmail(event.id, 'grace@example.com')).not.toBeNull();

    expect(unpairDataDir(dir)).toEqual({ ok: true });
    expect(fs.existsSync(path.join(dir, DATABASE_FILE))).toBe(false);
    expect(pairedHubOf(dir)).toBeNull();
    expect(unpairDataDir(dir)).toEqual({ ok: false, reason: 'not_paired' });
  });

  it('leaves a data dir that is not paired as it is', async () => {
    const dir = kioskDir();
    const standalone = await buildApp({ dataDir: dir, kioskDir: false });
    await standalone.close();
    expect(unpairDataDir(dir)).toEqual({ ok: false, reason: 'not_paired' });
    expect(fs.existsSync(path.join(dir, DATABASE_FILE))).toBe(true);
  });
});
