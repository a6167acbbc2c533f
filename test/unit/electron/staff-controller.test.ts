import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffPairing, StaffSaveResult } from '../../../electron/bridge.ts';
import { createStaffController, type StaffControllerDeps } from '../../../electron/main/staff-controller.ts';
import {
  DEFAULT_SETTINGS,
  readSettings,
  resetStaffPin,
  SETTINGS_FILE,
  writeSettings,
  type Settings,
} from '../../../electron/main/settings.ts';
import { FREE_FAILURES, hashPin, NO_ATTEMPTS, verifyPin } from '../../../electron/main/staff-exit.ts';
import { legacyHash } from './legacy-pin.ts';

const EVENT = '4f1c2e4e-0000-4000-8000-000000000000';

async function setup(initial: Partial<Settings> = {}) {
  let settings: Settings = { ...DEFAULT_SETTINGS, pinHash: await hashPin('246801'), ...initial };
  let now = 0;
  const deps = {
    settings: () => settings,
    apply: vi.fn(async (next: Settings) => {
      settings = next;
    }),
    persist: vi.fn((next: Settings) => {
      settings = next;
    }),
    events: vi.fn(async () => [{ id: EVENT, name: 'Launch Night', organization: 'City Hall' }]),
    lanUrls: vi.fn(async () => [{ url: 'http://192.168.1.20:8787', qr: 'data:image/png;base64,x' }]),
    findHubs: vi.fn(async () => [{ name: 'Hub', url: 'http://192.168.1.20:8787' }]),
    setupCode: vi.fn((): string | null => null),
    pairing: {
      state: vi.fn((): StaffPairing | null => null),
      pair: vi.fn(async (): Promise<StaffSaveResult> => ({ ok: true })),
      unpair: vi.fn(async (): Promise<StaffSaveResult> => ({ ok: true })),
    },
    now: () => now,
  } satisfies StaffControllerDeps;
  return {
    controller: createStaffController(deps),
    deps,
    current: () => settings,
    advance: (ms: number) => (now += ms),
  };
}

const change = { mode: 'standalone' as const, hubAddress: '', eventId: EVENT, view: 'kiosk' as const };

describe('the staff screen behind the PIN', () => {
  it('does nothing before the PIN and tells nothing about events or the network', async () => {
    const { controller, deps } = await setup({ mode: 'hub' });
    expect(await controller.save(change)).toEqual({ ok: false, reason: 'Enter the staff PIN first.' });
    expect(await controller.setPin('111111')).toEqual({ ok: false, reason: 'Enter the staff PIN first.' });
    expect(await controller.findHubs()).toEqual([]);
    const state = await controller.state();
    expect(state).toMatchObject({ unlocked: false, events: [], lanUrls: [], pinSet: true, hubUrl: null });
    expect(deps.apply).not.toHaveBeenCalled();
    expect(deps.events).not.toHaveBeenCalled();
  });

  it('refuses a wrong PIN and opens for the right one', async () => {
    const { controller } = await setup();
    expect(await controller.unlock('1111')).toEqual({ outcome: 'wrong-pin' });
    expect(controller.unlocked).toBe(false);
    expect(await controller.unlock('246801')).toEqual({ outcome: 'open' });
    expect(controller.unlocked).toBe(true);
  });

  it('locks out after repeated wrong PINs, across reopenings of the staff screen', async () => {
    const { controller, advance } = await setup();
    for (let i = 1; i < FREE_FAILURES; i++) await controller.unlock('000000');
    controller.lock();
    expect(await controller.unlock('000000')).toEqual({ outcome: 'locked', retryInSeconds: 60 });
    controller.lock();
    expect(await controller.unlock('246801')).toEqual({ outcome: 'locked', retryInSeconds: 60 });
    advance(60_000);
    expect(await controller.unlock('246801')).toEqual({ outcome: 'open' });
  });

  it('shows events, and a hub its LAN addresses with QR codes, once unlocked', async () => {
    const { controller } = await setup({ mode: 'hub' });
    await controller.unlock('246801');
    expect(await controller.state()).toMatchObject({
      unlocked: true,
      mode: 'hub',
      events: [{ id: EVENT, name: 'Launch Night', organization: 'City Hall' }],
      lanUrls: [{ url: 'http://192.168.1.20:8787', qr: 'data:image/png;base64,x' }],
    });
  });

  it('chooses the event and view without restarting the server, then locks again', async () => {
    const { controller, deps, current } = await setup();
    await controller.unlock('246801');
    expect(await controller.save({ ...change, view: 'dashboard' })).toEqual({ ok: true });
    expect(deps.apply).toHaveBeenCalledWith(expect.objectContaining({ eventId: EVENT, view: 'dashboard' }), {
      restartServer: false,
    });
    expect(current()).toMatchObject({ eventId: EVENT, view: 'dashboard' });
    expect(controller.unlocked).toBe(false);
  });

  it('switches to satellite, restarting the server, and refuses a bad hub address', async () => {
    const { controller, deps, current } = await setup();
    await controller.unlock('246801');
    expect(await controller.save({ ...change, mode: 'satellite', hubAddress: 'https://hub' })).toEqual({
      ok: false,
      reason: 'The hub address must start with http://.',
    });
    expect(deps.apply).not.toHaveBeenCalled();
    expect(await controller.save({ ...change, mode: 'satellite', hubAddress: '10.0.0.5' })).toEqual({
      ok: true,
    });
    expect(deps.apply).toHaveBeenCalledWith(expect.anything(), { restartServer: true });
    expect(current()).toMatchObject({ mode: 'satellite', hubUrl: 'http://10.0.0.5:8787' });
  });

  it('never stores an event id that is not an event id', async () => {
    const { controller, current } = await setup();
    await controller.unlock('246801');
    await controller.save({ ...change, eventId: '../../dashboard' });
    expect(current().eventId).toBeNull();
  });

  it('sets a new PIN as a hash, refusing one that is not 6 to 12 digits', async () => {
    const { controller, current } = await setup();
    await controller.unlock('246801');
    for (const pin of ['12', '1234', '97531', '1234567890123']) {
      expect(await controller.setPin(pin)).toEqual({ ok: false, reason: 'A staff PIN is 6 to 12 digits.' });
    }
    expect(await controller.setPin('975310')).toEqual({ ok: true });
    expect(await verifyPin('975310', current().pinHash!)).toBe(true);
    controller.lock();
    expect(await controller.unlock('246801')).toEqual({ outcome: 'wrong-pin' });
    expect(await controller.unlock('975310')).toEqual({ outcome: 'open' });
  });

  it('still opens for a 4-digit PIN set by an older version, and asks for a longer one', async () => {
    const { controller } = await setup({ pinHash: legacyHash('2468') });
    expect((await controller.state()).shortPin).toBe(false);
    expect(await controller.unlock('2468')).toEqual({ outcome: 'open' });
    expect((await controller.state()).shortPin).toBe(true);
    expect(await controller.setPin('975310')).toEqual({ ok: true });
    expect((await controller.state()).shortPin).toBe(false);
  });

  it("shows the server's setup code once unlocked, and only then", async () => {
    const { controller, deps } = await setup();
    deps.setupCode.mockReturnValue('482-913');
    expect((await controller.state()).setupCode).toBeNull();
    expect(deps.setupCode).not.toHaveBeenCalled();
    await controller.unlock('246801');
    expect((await controller.state()).setupCode).toBe('482-913');
    deps.setupCode.mockReturnValue(null);
    expect((await controller.state()).setupCode).toBeNull();
  });

  it('opens nothing on a new install with no PIN but the choice of one, which then opens it', async () => {
    const { controller, deps, current } = await setup({ pinHash: null, mode: 'hub' });
    deps.setupCode.mockReturnValue('482-913');
    expect(controller.needsPin()).toBe(true);
    expect(await controller.unlock('')).toEqual({ outcome: 'no-pin' });
    expect(controller.unlocked).toBe(false);
    // Nothing of the mode, the network, the pairing or the setup code, and nothing done.
    expect(await controller.state()).toMatchObject({
      pinSet: false,
      unlocked: false,
      hubUrl: null,
      events: [],
      lanUrls: [],
      setupCode: null,
      pairing: null,
    });
    const chooseFirst = { ok: false, reason: 'Choose a staff PIN first.' };
    expect(await controller.save(change)).toEqual(chooseFirst);
    expect(await controller.pair({ hubAddress: '10.0.0.5', code: 'ABCD-EFGH', name: '' })).toEqual(
      chooseFirst,
    );
    expect(await controller.unpair()).toEqual(chooseFirst);
    expect(deps.apply).not.toHaveBeenCalled();
    expect(deps.pairing.pair).not.toHaveBeenCalled();

    expect(await controller.setPin('12')).toEqual({ ok: false, reason: 'A staff PIN is 6 to 12 digits.' });
    expect(controller.unlocked).toBe(false);
    expect(await controller.setPin('975310')).toEqual({ ok: true });
    expect(await verifyPin('975310', current().pinHash!)).toBe(true);
    expect(controller.needsPin()).toBe(false);
    expect(controller.unlocked).toBe(true);
    expect(await controller.state()).toMatchObject({ pinSet: true, unlocked: true, setupCode: '482-913' });

    // From then on the PIN is needed, and a locked screen cannot choose another.
    controller.lock();
    expect(await controller.unlock('')).toEqual({ outcome: 'wrong-pin' });
    expect(await controller.setPin('111111')).toEqual({ ok: false, reason: 'Enter the staff PIN first.' });
    expect(await controller.unlock('975310')).toEqual({ outcome: 'open' });
  });
});

describe('pairing with a hub on the staff screen', () => {
  const PAIRED: StaffPairing = { hubUrl: 'http://10.0.0.5:8787', waiting: 2, sync: 'offline' };
  const request = { hubAddress: ' 10.0.0.5 ', code: ' ABCD-EFGH ', name: '  ' };

  it('does nothing and tells nothing before the PIN', async () => {
    const { controller, deps } = await setup();
    deps.pairing.state.mockReturnValue(PAIRED);
    expect(await controller.pair(request)).toEqual({ ok: false, reason: 'Enter the staff PIN first.' });
    expect(await controller.unpair()).toEqual({ ok: false, reason: 'Enter the staff PIN first.' });
    expect((await controller.state()).pairing).toBeNull();
    expect(deps.pairing.pair).not.toHaveBeenCalled();
    expect(deps.pairing.unpair).not.toHaveBeenCalled();
    expect(deps.pairing.state).not.toHaveBeenCalled();
  });

  it('shows the hub this kiosk is paired with once unlocked', async () => {
    const { controller, deps } = await setup();
    await controller.unlock('246801');
    expect((await controller.state()).pairing).toBeNull();
    deps.pairing.state.mockReturnValue(PAIRED);
    expect((await controller.state()).pairing).toEqual(PAIRED);
    // A replica that cannot be read leaves the rest of the screen working.
    deps.pairing.state.mockImplementation(() => {
      throw new Error('The database …/replica/arrivals.db is damaged');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await controller.state()).toMatchObject({ unlocked: true, pairing: null });
  });

  it('pairs with the address as typed, the code and no name (the computer’s), and stays unlocked', async () => {
    const { controller, deps } = await setup();
    await controller.unlock('246801');
    expect(await controller.pair(request)).toEqual({ ok: true });
    expect(deps.pairing.pair).toHaveBeenCalledWith({
      hubUrl: 'http://10.0.0.5:8787',
      code: 'ABCD-EFGH',
      name: null,
    });
    expect(controller.unlocked).toBe(true);
    await controller.pair({ ...request, name: ' Front door ' });
    expect(deps.pairing.pair).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Front door' }));
  });

  it('refuses what cannot be a pairing before asking the hub', async () => {
    const { controller, deps } = await setup({ port: 8787 });
    await controller.unlock('246801');
    expect(await controller.pair({ ...request, hubAddress: 'https://hub' })).toEqual({
      ok: false,
      reason: 'The hub address must start with http://.',
    });
    expect(await controller.pair({ ...request, hubAddress: 'localhost' })).toEqual({
      ok: false,
      reason: 'A satellite cannot be its own hub: that address is this kiosk.',
    });
    expect(await controller.pair({ ...request, code: '  ' })).toEqual({
      ok: false,
      reason: 'Enter the pairing code from the hub.',
    });
    expect(await controller.pair({ ...request, name: 'x'.repeat(101) })).toEqual({
      ok: false,
      reason: "The kiosk's name can be at most 100 characters.",
    });
    // The page is not trusted to send what its form offers.
    expect(await controller.pair(null as never)).toMatchObject({ ok: false });
    expect(await controller.pair({ hubAddress: 10, code: {}, name: [] } as never)).toMatchObject({
      ok: false,
    });
    expect(deps.pairing.pair).not.toHaveBeenCalled();
  });

  it('passes on what pairing and unpairing answer', async () => {
    const { controller, deps } = await setup();
    await controller.unlock('246801');
    deps.pairing.pair.mockResolvedValue({ ok: false, reason: 'This pairing code has expired.' });
    expect(await controller.pair(request)).toEqual({ ok: false, reason: 'This pairing code has expired.' });
    deps.pairing.unpair.mockResolvedValue({ ok: false, reason: 'Changes wait.' });
    expect(await controller.unpair()).toEqual({ ok: false, reason: 'Changes wait.' });
  });

  it('runs one pairing or unpairing at a time', async () => {
    const { controller, deps } = await setup();
    await controller.unlock('246801');
    const order: string[] = [];
    let finishPairing = () => {};
    deps.pairing.pair.mockImplementation(
      () =>
        new Promise<StaffSaveResult>((resolve) => {
          order.push('pair started');
          finishPairing = () => {
            order.push('pair finished');
            resolve({ ok: true });
          };
        }),
    );
    deps.pairing.unpair.mockImplementation(async () => {
      order.push('unpair');
      return { ok: true };
    });
    const pairing = controller.pair(request);
    const unpairing = controller.unpair();
    await vi.waitFor(() => expect(order).toEqual(['pair started']));
    finishPairing();
    await Promise.all([pairing, unpairing]);
    expect(order).toEqual(['pair started', 'pair finished', 'unpair']);
  });

  it('keeps a paired satellite on the hub it is paired with', async () => {
    const { controller, deps, current } = await setup({ mode: 'satellite', hubUrl: PAIRED.hubUrl });
    deps.pairing.state.mockReturnValue(PAIRED);
    await controller.unlock('246801');
    expect(await controller.save({ ...change, mode: 'satellite', hubAddress: '10.0.0.9' })).toEqual({
      ok: false,
      reason:
        'This kiosk is paired with the hub at http://10.0.0.5:8787: unpair it first to use another hub.',
    });
    expect(deps.apply).not.toHaveBeenCalled();
    // The same hub, however typed, or none typed at all.
    expect(await controller.save({ ...change, mode: 'satellite', hubAddress: '' })).toEqual({ ok: true });
    expect(current()).toMatchObject({ mode: 'satellite', hubUrl: PAIRED.hubUrl, eventId: EVENT });
    expect(deps.apply).toHaveBeenLastCalledWith(expect.anything(), { restartServer: false });
    // Any other mode leaves the replica aside.
    await controller.unlock('246801');
    expect(await controller.save({ ...change, mode: 'standalone', hubAddress: '10.0.0.9' })).toEqual({
      ok: true,
    });
  });
});

describe('the staff PIN across restarts and damage', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The shell as index.ts wires it: settings read from the data dir at start, every change written back. */
  function start(dataDir: string, clock: { now: number }) {
    let settings = readSettings(dataDir).settings;
    const controller = createStaffController({
      settings: () => settings,
      apply: async (next) => {
        writeSettings(dataDir, next);
        settings = next;
      },
      persist: (next) => {
        writeSettings(dataDir, next);
        settings = next;
      },
      events: async () => [],
      lanUrls: async () => [],
      findHubs: async () => [],
      setupCode: () => null,
      pairing: { state: () => null, pair: async () => ({ ok: true }), unpair: async () => ({ ok: true }) },
      now: () => clock.now,
    });
    return controller;
  }

  function newDataDir(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-pin-'));
    dirs.push(dir);
    return dir;
  }

  it('keeps the lockout and the count of wrong PINs through a restart', async () => {
    const dataDir = newDataDir();
    writeSettings(dataDir, { ...DEFAULT_SETTINGS, pinHash: await hashPin('246801') });
    const clock = { now: 1_000_000 };
    const before = start(dataDir, clock);
    for (let i = 1; i < FREE_FAILURES; i++) await before.unlock('000000');
    expect(await before.unlock('000000')).toEqual({ outcome: 'locked', retryInSeconds: 60 });

    // Power cycle: a new process reads the file again.
    clock.now += 10_000;
    const after = start(dataDir, clock);
    expect(await after.unlock('246801')).toEqual({ outcome: 'locked', retryInSeconds: 50 });
    clock.now += 50_000;
    // The count survived too: the next wrong PIN locks for twice as long, not four more free tries.
    expect(await after.unlock('000000')).toEqual({ outcome: 'locked', retryInSeconds: 120 });
    expect(readSettings(dataDir).settings.pinAttempts).toEqual({
      failures: 6,
      lockedUntil: clock.now + 120_000,
    });

    clock.now += 120_000;
    const third = start(dataDir, clock);
    expect(await third.unlock('246801')).toEqual({ outcome: 'open' });
    expect(readSettings(dataDir).settings.pinAttempts).toEqual(NO_ATTEMPTS);
  });

  it.each([
    ['cut short', (text: string) => text.slice(0, text.length / 2)],
    ['emptied', () => ''],
    ['not an object', () => '[]'],
    ['missing its PIN hash', (text: string) => text.replace('"pinHash"', '"pinHas"')],
    ['holding a broken PIN hash', (text: string) => text.replace(/"scrypt\$[^"]*"/, '"scrypt$"')],
  ])('opens the staff screen for no PIN once a PIN was set and the file is %s', async (_, damage) => {
    const dataDir = newDataDir();
    const file = path.join(dataDir, SETTINGS_FILE);
    writeSettings(dataDir, { ...DEFAULT_SETTINGS, pinHash: await hashPin('246801') });
    fs.writeFileSync(file, damage(fs.readFileSync(file, 'utf8')));
    const controller = start(dataDir, { now: 0 });
    for (const pin of ['', '000000', '246801']) {
      expect(await controller.unlock(pin)).toEqual({ outcome: 'unreadable' });
    }
    expect(controller.unlocked).toBe(false);
    expect((await controller.state()).pinSet).toBe(true);
    expect(await controller.setPin('975310')).toEqual({ ok: false, reason: 'Enter the staff PIN first.' });
  });

  it('opens nothing when the settings file cannot be read at all', async () => {
    const dataDir = newDataDir();
    // A directory where the file should be: reading it fails with EISDIR, as a permissions or disk error would.
    fs.mkdirSync(path.join(dataDir, SETTINGS_FILE));
    const controller = start(dataDir, { now: 0 });
    expect(await controller.unlock('')).toEqual({ outcome: 'unreadable' });
  });

  it('resumes a damaged count of wrong PINs at the longest lockout', async () => {
    const dataDir = newDataDir();
    const file = path.join(dataDir, SETTINGS_FILE);
    writeSettings(dataDir, { ...DEFAULT_SETTINGS, pinHash: await hashPin('246801') });
    const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(file, JSON.stringify({ ...saved, pinAttempts: { failures: -1, lockedUntil: 'never' } }));
    const controller = start(dataDir, { now: 0 });
    expect(await controller.unlock('000000')).toEqual({ outcome: 'locked', retryInSeconds: 3600 });
  });

  it('is reset from the data dir: the PIN and its lockout go, every other setting stays', async () => {
    const dataDir = newDataDir();
    const event = '4f1c2e4e-0000-4000-8000-000000000000';
    writeSettings(dataDir, {
      ...DEFAULT_SETTINGS,
      eventId: event,
      port: 9100,
      pinHash: await hashPin('246801'),
      pinAttempts: { failures: 9, lockedUntil: 5_000_000 },
    });
    resetStaffPin(dataDir);
    expect(readSettings(dataDir).settings).toEqual({ ...DEFAULT_SETTINGS, eventId: event, port: 9100 });
    const afterReset = start(dataDir, { now: 0 });
    expect(afterReset.needsPin()).toBe(true);
    expect(await afterReset.unlock('')).toEqual({ outcome: 'no-pin' });

    // A damaged file too: what cannot be read takes its default, and the staff screen opens to set a PIN.
    fs.writeFileSync(path.join(dataDir, SETTINGS_FILE), '{"mode": "hub", "pinH');
    resetStaffPin(dataDir);
    expect(readSettings(dataDir)).toEqual({ settings: DEFAULT_SETTINGS, rejected: [], problem: null });
  });

  it('is reset while the app runs (a second start with --reset-staff-pin)', async () => {
    const dataDir = newDataDir();
    writeSettings(dataDir, { ...DEFAULT_SETTINGS, pinHash: await hashPin('246801') });
    const clock = { now: 0 };
    const controller = start(dataDir, clock);
    expect(await controller.unlock('246801')).toEqual({ outcome: 'open' });
    for (let i = 0; i < FREE_FAILURES; i++) await controller.unlock('000000');
    controller.resetPin();
    // An unlocked screen is locked again: the next thing is choosing a new PIN.
    expect(controller.unlocked).toBe(false);
    expect(await controller.unlock('')).toEqual({ outcome: 'no-pin' });
    expect(readSettings(dataDir).settings).toMatchObject({ pinHash: null, pinAttempts: NO_ATTEMPTS });
    expect(await controller.setPin('975310')).toEqual({ ok: true });
    expect(controller.unlocked).toBe(true);
  });
});
