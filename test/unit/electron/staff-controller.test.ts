import { describe, expect, it, vi } from 'vitest';
import { createStaffController, type StaffControllerDeps } from '../../../electron/main/staff-controller.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../../electron/main/settings.ts';
import { hashPin, MAX_FAILURES, verifyPin } from '../../../electron/main/staff-exit.ts';

const EVENT = '4f1c2e4e-0000-4000-8000-000000000000';

async function setup(initial: Partial<Settings> = {}) {
  let settings: Settings = { ...DEFAULT_SETTINGS, pinHash: await hashPin('2468'), ...initial };
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
    expect(await controller.setPin('1111')).toEqual({ ok: false, reason: 'Enter the staff PIN first.' });
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
    expect(await controller.unlock('2468')).toEqual({ outcome: 'open' });
    expect(controller.unlocked).toBe(true);
  });

  it('locks out after repeated wrong PINs, across reopenings of the staff screen', async () => {
    const { controller, advance } = await setup();
    for (let i = 1; i < MAX_FAILURES; i++) await controller.unlock('0000');
    controller.lock();
    expect(await controller.unlock('0000')).toEqual({ outcome: 'locked', retryInSeconds: 60 });
    controller.lock();
    expect(await controller.unlock('2468')).toEqual({ outcome: 'locked', retryInSeconds: 60 });
    advance(60_000);
    expect(await controller.unlock('2468')).toEqual({ outcome: 'open' });
  });

  it('shows events, and a hub its LAN addresses with QR codes, once unlocked', async () => {
    const { controller } = await setup({ mode: 'hub' });
    await controller.unlock('2468');
    expect(await controller.state()).toMatchObject({
      unlocked: true,
      mode: 'hub',
      events: [{ id: EVENT, name: 'Launch Night', organization: 'City Hall' }],
      lanUrls: [{ url: 'http://192.168.1.20:8787', qr: 'data:image/png;base64,x' }],
    });
  });

  it('chooses the event and view without restarting the server, then locks again', async () => {
    const { controller, deps, current } = await setup();
    await controller.unlock('2468');
    expect(await controller.save({ ...change, view: 'dashboard' })).toEqual({ ok: true });
    expect(deps.apply).toHaveBeenCalledWith(expect.objectContaining({ eventId: EVENT, view: 'dashboard' }), {
      restartServer: false,
    });
    expect(current()).toMatchObject({ eventId: EVENT, view: 'dashboard' });
    expect(controller.unlocked).toBe(false);
  });

  it('switches to satellite, restarting the server, and refuses a bad hub address', async () => {
    const { controller, deps, current } = await setup();
    await controller.unlock('2468');
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
    await controller.unlock('2468');
    await controller.save({ ...change, eventId: '../../dashboard' });
    expect(current().eventId).toBeNull();
  });

  it('sets a new PIN as a hash, refusing one that is not 4 to 12 digits', async () => {
    const { controller, current } = await setup();
    await controller.unlock('2468');
    expect(await controller.setPin('12')).toEqual({ ok: false, reason: 'A staff PIN is 4 to 12 digits.' });
    expect(await controller.setPin('97531')).toEqual({ ok: true });
    expect(await verifyPin('97531', current().pinHash!)).toBe(true);
    controller.lock();
    expect(await controller.unlock('2468')).toEqual({ outcome: 'wrong-pin' });
    expect(await controller.unlock('97531')).toEqual({ outcome: 'open' });
  });

  it('opens at once on a new install with no PIN, so staff can set one', async () => {
    const { controller } = await setup({ pinHash: null });
    expect(await controller.unlock('')).toEqual({ outcome: 'open' });
    expect((await controller.state()).pinSet).toBe(false);
  });
});
