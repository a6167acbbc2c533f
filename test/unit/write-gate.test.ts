import { describe, expect, it } from 'vitest';
import { createWriteGate } from '../../server/platform/write-gate.ts';

/** Lets every promise that can settle now do so. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function tracked<T>(promise: Promise<T>) {
  const state = { settled: false, value: undefined as T | undefined };
  void promise.then((value) => {
    state.settled = true;
    state.value = value;
  });
  return state;
}

describe('write gate', () => {
  it('is open until another thread asks for it; then writers wait until it is given back', async () => {
    const gate = createWriteGate();
    expect(gate.isOpen()).toBe(true);
    const exclusive = tracked(gate.exclusive());
    expect(gate.isOpen()).toBe(false);
    await settle();
    expect(exclusive.settled).toBe(true);

    const writer = tracked(gate.whenOpen());
    await settle();
    expect(writer.settled).toBe(false);
    expect(gate.waiting()).toBe(1);
    expect(() => gate.enter()).toThrow();

    exclusive.value!();
    expect(gate.isOpen()).toBe(true);
    await settle();
    expect(writer.settled).toBe(true);
    expect(gate.waiting()).toBe(0);
  });

  it('waits for the writes under way, and holds new ones back meanwhile', async () => {
    const gate = createWriteGate();
    gate.enter();
    gate.enter();
    const exclusive = tracked(gate.exclusive());
    const lateWriter = tracked(gate.whenOpen());
    await settle();
    expect(exclusive.settled).toBe(false);
    expect(lateWriter.settled).toBe(false);

    gate.leave();
    await settle();
    expect(exclusive.settled).toBe(false);
    gate.leave();
    await settle();
    expect(exclusive.settled).toBe(true);
    expect(lateWriter.settled).toBe(false);

    exclusive.value!();
    await settle();
    expect(lateWriter.settled).toBe(true);
  });

  it('serves exclusive holders in turn, and a release counts once', async () => {
    const gate = createWriteGate();
    const first = tracked(gate.exclusive());
    const second = tracked(gate.exclusive());
    await settle();
    expect([first.settled, second.settled]).toEqual([true, false]);

    first.value!();
    first.value!();
    await settle();
    expect(second.settled).toBe(true);
    expect(gate.isOpen()).toBe(false);
    second.value!();
    expect(gate.isOpen()).toBe(true);
  });
});
