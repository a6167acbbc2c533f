import type { NetworkInterfaceInfo } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appOrigin,
  applyModeChange,
  eventAfterPairing,
  isThisKiosk,
  lanUrls,
  kioskPath,
  replicaDirOf,
  serverPlan,
} from '../../../electron/main/modes.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../../electron/main/settings.ts';

const EVENT = '4f1c2e4e-0000-4000-8000-000000000000';
const settings = (changes: Partial<Settings> = {}): Settings => ({ ...DEFAULT_SETTINGS, ...changes });

describe('serverPlan', () => {
  const unpaired = { replicaPaired: false };
  it('keeps a standalone kiosk on loopback', () => {
    expect(serverPlan(settings(), unpaired)).toEqual({
      host: '127.0.0.1',
      port: 8787,
      satellite: null,
      replica: false,
    });
  });
  it('serves a hub on every interface', () => {
    expect(serverPlan(settings({ mode: 'hub', port: 9000 }), unpaired)).toEqual({
      host: '0.0.0.0',
      port: 9000,
      satellite: null,
      replica: false,
    });
  });
  it('keeps a satellite on loopback, forwarding to its hub', () => {
    expect(serverPlan(settings({ mode: 'satellite', hubUrl: 'http://10.0.0.5:8787' }), unpaired)).toEqual({
      host: '127.0.0.1',
      port: 8787,
      satellite: { hubUrl: 'http://10.0.0.5:8787' },
      replica: false,
    });
  });
  it("runs a paired satellite as its hub's replica, on loopback", () => {
    const satellite = settings({ mode: 'satellite', hubUrl: 'http://10.0.0.5:8787' });
    expect(serverPlan(satellite, { replicaPaired: true })).toEqual({
      host: '127.0.0.1',
      port: 8787,
      satellite: null,
      replica: true,
    });
  });
  it('leaves a paired replica aside in the other modes', () => {
    expect(serverPlan(settings(), { replicaPaired: true }).replica).toBe(false);
    expect(serverPlan(settings({ mode: 'hub' }), { replicaPaired: true }).replica).toBe(false);
  });
});

describe('replicaDirOf', () => {
  it("keeps the replica in a folder of the data dir, apart from the kiosk's own database", () => {
    expect(replicaDirOf('/home/kiosk/.config/Arrivals')).toBe(
      path.join('/home/kiosk/.config/Arrivals', 'replica'),
    );
  });
});

describe('isThisKiosk', () => {
  it.each([
    ['http://127.0.0.1:8787', true],
    ['http://localhost:8787', true],
    ['http://[::1]:8787', true],
    ['http://127.0.0.1:9000', false],
    ['http://192.168.1.20:8787', false],
  ])('%s on port 8787: %s', (url, expected) => {
    expect(isThisKiosk(url, 8787)).toBe(expected);
  });
});

describe('eventAfterPairing', () => {
  const OTHER = '9a1c2e4e-0000-4000-8000-000000000000';
  it('keeps the chosen event when the hub serves it here, whatever its case', () => {
    expect(eventAfterPairing(EVENT.toUpperCase(), [OTHER, EVENT])).toBe(EVENT.toUpperCase());
  });
  it("takes the hub's only event", () => {
    expect(eventAfterPairing(null, [EVENT])).toBe(EVENT);
    expect(eventAfterPairing(OTHER, [EVENT])).toBe(EVENT);
  });
  it('shows the list of events when there are several to choose from', () => {
    expect(eventAfterPairing(null, [EVENT, OTHER])).toBeNull();
  });
});

describe('appOrigin and kioskPath', () => {
  it('loads from loopback, a secure context for the camera', () => {
    expect(appOrigin(8787)).toBe('http://127.0.0.1:8787');
  });
  it.each([
    [settings(), '/'],
    [settings({ eventId: EVENT }), `/kiosk/${EVENT}`],
    // The dashboard opens in a window of its own, over the kiosk.
    [settings({ eventId: EVENT, view: 'dashboard' }), `/kiosk/${EVENT}`],
  ])('opens %o at %s', (input, path) => {
    expect(kioskPath(input)).toBe(path);
  });
});

describe('lanUrls', () => {
  const nic = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
    ({ address, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;
  it('lists the external IPv4 addresses with the port', () => {
    expect(
      lanUrls(
        {
          lo: [nic('127.0.0.1', 'IPv4', true), nic('::1', 'IPv6', true)],
          eth0: [nic('192.168.1.20', 'IPv4'), nic('fe80::1', 'IPv6')],
          wlan0: [nic('10.0.0.7', 'IPv4')],
          down: undefined,
        },
        8787,
      ),
    ).toEqual(['http://192.168.1.20:8787', 'http://10.0.0.7:8787']);
  });
  it('is empty on a machine with no network', () => {
    expect(lanUrls({ lo: [nic('127.0.0.1', 'IPv4', true)] }, 8787)).toEqual([]);
  });
});

describe('applyModeChange', () => {
  it('switches to satellite with a typed address, restarting the server', () => {
    expect(applyModeChange(settings(), { mode: 'satellite', hubAddress: ' 192.168.1.20:9000 ' })).toEqual({
      ok: true,
      settings: settings({ mode: 'satellite', hubUrl: 'http://192.168.1.20:9000' }),
      restartServer: true,
    });
  });

  it('switches from satellite to hub, keeping the hub address for later', () => {
    const result = applyModeChange(settings({ mode: 'satellite', hubUrl: 'http://10.0.0.5:8787' }), {
      mode: 'hub',
    });
    expect(result).toEqual({
      ok: true,
      settings: settings({ mode: 'hub', hubUrl: 'http://10.0.0.5:8787' }),
      restartServer: true,
    });
  });

  it('does not restart the server when nothing it serves changes', () => {
    const current = settings({ mode: 'satellite', hubUrl: 'http://10.0.0.5:8787' });
    expect(applyModeChange(current, { mode: 'satellite', hubAddress: '10.0.0.5' })).toMatchObject({
      ok: true,
      restartServer: false,
    });
    expect(applyModeChange(settings(), { mode: 'standalone' })).toMatchObject({
      ok: true,
      restartServer: false,
    });
  });

  it('restarts a satellite that gets another hub, and any mode that gets another port', () => {
    const current = settings({ mode: 'satellite', hubUrl: 'http://10.0.0.5:8787' });
    expect(applyModeChange(current, { mode: 'satellite', hubAddress: '10.0.0.6' })).toMatchObject({
      restartServer: true,
    });
    expect(applyModeChange(settings(), { mode: 'standalone', port: 9000 })).toMatchObject({
      restartServer: true,
    });
  });

  it.each([
    [{ mode: 'satellite' as const }, 'Enter the hub address, like 192.168.1.20:8787.'],
    [{ mode: 'satellite' as const, hubAddress: '' }, 'Enter the hub address, like 192.168.1.20:8787.'],
    [{ mode: 'satellite' as const, hubAddress: 'https://hub' }, 'The hub address must start with http://.'],
    [
      { mode: 'satellite' as const, hubAddress: 'hub/admin' },
      'The hub address is a host and port only, like 192.168.1.20:8787.',
    ],
    [
      { mode: 'satellite' as const, hubAddress: '127.0.0.1:8787' },
      'A satellite cannot be its own hub: that address is this kiosk.',
    ],
    [
      { mode: 'satellite' as const, hubAddress: 'localhost' },
      'A satellite cannot be its own hub: that address is this kiosk.',
    ],
    [{ mode: 'standalone' as const, port: 0 }, 'The port must be between 1 and 65535.'],
    [{ mode: 'hub' as const, port: 65536 }, 'The port must be between 1 and 65535.'],
  ])('refuses %o', (change, reason) => {
    expect(applyModeChange(settings(), change)).toEqual({ ok: false, reason });
  });
});
